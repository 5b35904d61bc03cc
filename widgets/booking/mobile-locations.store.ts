/**
 * Mobile locations of the chosen clinic (spec 4 "Location and slots"): the
 * ones with dates in the period in view, the one chosen (mobileLocationId),
 * and the verb that chooses one.
 */
import { atom, computed, onMount } from 'nanostores';
import { getMobileLocations } from '../../src/api/booking';
import type { MobileLocation } from '../../src/contract/booking';
import { periodKey } from '../../src/domain/booking/calendar';
import { keyedLoader, valueOf, type Loadable } from '../../src/stores/loadable';
import { $booking, updateParams } from './booking.store';
import { $visibleStep } from './flow.store';
import { holdChosenSlots } from './hold.store';
import { $period, periodOptions } from './slot-period.store';

const $mobileQuery = computed([$visibleStep, $booking, $period], (step, { params }, period) =>
  step === 'slots' && params.selectedClinic !== null
    ? { clinicId: params.selectedClinic, from: period.start, to: period.end }
    : null,
);

/** The clinic's mobile locations with dates in the period in view (GET mobile_locations). */
export const $mobileLocations = atom<Loadable<MobileLocation[]>>({ state: 'idle' });
const mobileLoader = keyedLoader($mobileLocations, $mobileQuery, (query, signal) =>
  getMobileLocations(query, { signal }),
);
onMount($mobileLocations, () => mobileLoader.start());

/** The mobile location last chosen, remembered when the period in view no longer lists it. */
const $knownMobileLocation = atom<MobileLocation | null>(null);

/** The chosen mobile location (mobileLocationId), once its dates are known. */
export const $chosenMobileLocation = computed(
  [$booking, $mobileLocations, $knownMobileLocation],
  ({ params }, list, known): MobileLocation | null => {
    const id = params.mobileLocationId;
    if (id === null) return null;
    return valueOf(list)?.find((item) => item.id === id) ?? (known?.id === id ? known : null);
  },
);

/** The mobile locations offered: those in view, and the chosen one. */
export const $mobileChoices = computed(
  [$mobileLocations, $chosenMobileLocation],
  (list, chosen): MobileLocation[] => {
    const all = valueOf(list) ?? [];
    return chosen && !all.some((item) => item.id === chosen.id) ? [chosen, ...all] : all;
  },
);

/**
 * Chooses where the scan happens: the clinic (null) or one of its mobile
 * locations, whose id goes in the URL (mobileLocationId) and to the slots
 * request (mobileLocationToken). Chosen times are cleared (another place);
 * the view moves to the location's first week in view.
 */
export function chooseMobileLocation(location: MobileLocation | null): void {
  const { params } = $booking.get();
  if ((location?.id ?? null) === params.mobileLocationId) return;
  $knownMobileLocation.set(location);
  const period = $period.get();
  const first = location && location.startDate > period.today ? location.startDate : null;
  updateParams({
    mobileLocationId: location?.id ?? null,
    slots: [],
    dates: [],
    week: first ? periodKey(period.view, first, periodOptions(period.today)) : params.week,
  });
  void holdChosenSlots();
}
