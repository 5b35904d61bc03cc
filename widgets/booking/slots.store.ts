/**
 * The slot step (spec 4 "Location and slots"): which exam's slots are
 * shown, the week or month in view (R-9-25, R-9-30), the free slots of the
 * chosen clinic (POST clinic_appointments, cancelled on navigation,
 * R-7-http-01) or of its mobile location, the combinations of several exams
 * at one clinic (reference appointments), and the verbs of the view.
 */
import { atom, computed, onMount } from 'nanostores';
import {
  findNextAvailable,
  getClinicAppointments,
  getGroupExams,
  getMobileLocations,
  getReferenceAppointments,
} from '../../src/api/booking';
import type {
  ClinicSlots,
  ExamGroup,
  MobileLocation,
  ReferenceAppointment,
  Slot,
} from '../../src/contract/booking';
import { isAbortError } from '../../src/api/errors';
import { clinicAppointmentRequests } from '../../src/api/request-group';
import {
  hasEarlierDays,
  periodFor,
  periodKey,
  shiftPeriod,
  type Period,
  type PeriodOptions,
} from '../../src/domain/booking/calendar';
import {
  applyCombination,
  combinationsOf,
  type Combination,
} from '../../src/domain/booking/combinations';
import type { SlotsView, TimeOfDay } from '../../src/domain/booking/flow-params';
import { todayIn, zonedTime } from '../../src/domain/booking/slots';
import { weekStartsOn } from '../../src/i18n/dates';
import { $bookingFormConfig } from '../../src/stores/config.store';
import { $locale } from '../../src/stores/locale.store';
import { $booking, goToStep, updateParams } from './booking.store';
import { $selectedExams } from './catalogue.store';
import { $selectedClinic } from './clinics.store';
import { $visibleStep, bookableIndices } from './flow.store';
import { $holdConflict, holdChosenSlots } from './hold.store';
import { keyedLoader, valueOf, type Loadable } from './loadable';

/** The exam index the patient chose a tab for; null means "the first still without a slot". */
export const $examTab = atom<number | null>(null);

/** The exam whose slots are shown, by index into the chosen exams. */
export const $activeExamIndex = computed(
  [$booking, $selectedExams, $examTab],
  ({ params }, exams, tab) => {
    const bookable = bookableIndices(params.examSlugs, exams);
    if (tab !== null && bookable.includes(tab)) return tab;
    return bookable.find((index) => params.slots[index] == null) ?? bookable[0] ?? 0;
  },
);

function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The clinic's zone; the device's until the clinic is known. */
export const $clinicZone = computed($selectedClinic, (clinic) => clinic?.timeZone ?? deviceZone());

export interface SlotPeriod extends Period {
  view: SlotsView;
  today: string;
  canGoBack: boolean;
}

/** R-9-30: Monday first, Sunday in en-CA; R-9-25: or from today when configured. */
function periodOptions(today: string): PeriodOptions {
  return {
    firstDay: weekStartsOn($locale.value ?? 'en-AU'),
    weekStartsToday: $bookingFormConfig.get()?.weekStartsToday ?? false,
    today,
  };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * R-4-quest-10: a questionnaire outcome restricted the earliest date
 * (restrictMinDate=yyyy-mm-dd, clinic-local): no day before it is offered.
 */
export function restrictedMinDate(params: { extra: readonly [string, string][] }): string | null {
  const value = params.extra.find(([name]) => name === 'restrictMinDate')?.[1] ?? '';
  return ISO_DAY.test(value) ? value : null;
}

/**
 * The week or month in view (R-4-slots-12): `week`, else the picked date,
 * else today in the clinic's zone. A restricted minimum date counts as
 * "today": the view starts there and cannot go back before it.
 */
export const $period = computed(
  [$booking, $activeExamIndex, $clinicZone, $locale, $bookingFormConfig],
  ({ params }, index, zone, locale, config): SlotPeriod => {
    const realToday = todayIn(zone);
    const minDate = restrictedMinDate(params);
    const today = minDate && minDate > realToday ? minDate : realToday;
    const anchor = params.week ?? params.dates[index] ?? today;
    const period = periodFor(params.slotsView, anchor < today ? today : anchor, {
      firstDay: weekStartsOn(locale),
      weekStartsToday: config?.weekStartsToday ?? false,
      today,
    });
    return {
      ...period,
      view: params.slotsView,
      today,
      canGoBack: hasEarlierDays(params.slotsView, period.start, today),
    };
  },
);

/**
 * Several exams booked online (procedureTab=multiple): the exams in order,
 * for GET group_exams (which clinics offer them all).
 */
const $groupQuery = computed(
  [$visibleStep, $booking, $selectedExams],
  (step, { params }, exams): string[] | null => {
    if (step !== 'slots' || params.procedureTab !== 'multiple') return null;
    const indices = bookableIndices(params.examSlugs, exams);
    return indices.length > 1 ? indices.map((index) => params.examSlugs[index]!) : null;
  },
);

export const $examGroup = atom<Loadable<ExamGroup>>({ state: 'idle' });
const groupLoader = keyedLoader($examGroup, $groupQuery, (examSlugs, signal) =>
  getGroupExams(examSlugs, { signal }),
);
onMount($examGroup, () => groupLoader.start());

/**
 * The chosen clinic offers every exam: the slot step offers combinations
 * that fit one visit (POST reference_appointments) instead of one exam at a time.
 */
export const $combinationMode = computed(
  [$groupQuery, $examGroup, $booking],
  (query, group, { params }) =>
    query !== null &&
    group.state === 'ready' &&
    params.selectedClinic !== null &&
    group.value.clinicIds.includes(params.selectedClinic),
);

/** While group_exams is being asked, neither kind of slot is loaded yet. */
const $groupPending = computed(
  [$groupQuery, $examGroup],
  (query, group) => query !== null && (group.state === 'idle' || group.state === 'loading'),
);

interface SlotQuery {
  clinicId: number;
  examSlug: string;
  start: string;
  end: string;
  view: SlotsView;
  mobileLocationToken: string | null;
}

const $slotQuery = computed(
  [$visibleStep, $booking, $activeExamIndex, $period, $combinationMode, $groupPending],
  (step, { params }, index, period, combined, pending): SlotQuery | null => {
    const examSlug = params.examSlugs[index];
    if (step !== 'slots' || params.selectedClinic === null || !examSlug) return null;
    if (combined || pending) return null;
    return {
      clinicId: params.selectedClinic,
      examSlug,
      start: period.start,
      end: period.end,
      view: period.view,
      mobileLocationToken:
        params.mobileLocationId === null ? null : String(params.mobileLocationId),
    };
  },
);

export const $slots = atom<Loadable<ClinicSlots[]>>({ state: 'idle' });

const slotsLoader = keyedLoader($slots, $slotQuery, (query, signal) =>
  clinicAppointmentRequests.run(
    (tracked) =>
      getClinicAppointments(
        {
          clinicIds: [query.clinicId],
          examSlug: query.examSlug,
          start: query.start,
          end: query.end,
          clinicAppointmentsView: query.view,
          ...(query.mobileLocationToken ? { mobileLocationToken: query.mobileLocationToken } : {}),
        },
        { signal: tracked },
      ),
    signal,
  ),
);
onMount($slots, () => slotsLoader.start());

interface ReferenceQuery {
  clinicId: number;
  examSlugs: string[];
  start: string;
  end: string;
}

const $referenceQuery = computed(
  [$combinationMode, $groupQuery, $booking, $period],
  (combined, examSlugs, { params }, period): ReferenceQuery | null =>
    combined && examSlugs && params.selectedClinic !== null
      ? { clinicId: params.selectedClinic, examSlugs, start: period.start, end: period.end }
      : null,
);

export const $references = atom<Loadable<ReferenceAppointment[]>>({ state: 'idle' });
const referencesLoader = keyedLoader($references, $referenceQuery, (query, signal) =>
  clinicAppointmentRequests.run(
    (tracked) => getReferenceAppointments(query, { signal: tracked }),
    signal,
  ),
);
onMount($references, () => referencesLoader.start());

/** The combinations in view: one slot per exam booked online, in order, on one visit. */
export const $combinations = computed(
  [$references, $referenceQuery],
  (references, query): Combination[] =>
    combinationsOf(valueOf(references) ?? [], query?.examSlugs.length ?? 0),
);

/** R-4-slots-09: the slots load again (after a slot conflict). */
export function reloadSlots(): void {
  slotsLoader.reload();
  referencesLoader.reload();
}

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
 * Every free slot in view, of every clinic returned; with a mobile location
 * chosen, only on its dates (clinic-local).
 */
export const $freeSlots = computed(
  [$slots, $chosenMobileLocation, $booking],
  (slots, mobile, { params }): Slot[] => {
    const minDate = restrictedMinDate(params);
    const all = (
      slots.state === 'ready' ? slots.value.flatMap((clinic) => clinic.slots) : []
    ).filter((slot) => !minDate || zonedTime(slot.startDateTime, slot.timeZone).date >= minDate);
    if (!mobile) return all;
    return all.filter((slot) => {
      const day = zonedTime(slot.startDateTime, slot.timeZone).date;
      return day >= mobile.startDate && day <= mobile.endDate;
    });
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

/**
 * Several exams at one clinic: picking a combination sets date, startTime,
 * endTime and deviceId per exam index (R-4-slots-12), then holds them.
 */
export function chooseCombination(combination: Combination): void {
  const { params } = $booking.get();
  const indices = bookableIndices(params.examSlugs, $selectedExams.get());
  updateParams(applyCombination(params, indices, combination));
  void holdChosenSlots();
}

/**
 * R-4-slots-07..09 for a hold refused with 409: after the static modal,
 * startTime, endTime and deviceId leave the URL and the slots reload.
 */
export function acknowledgeHoldConflict(): void {
  $holdConflict.set(false);
  updateParams({ slots: [] });
  reloadSlots();
}

/** R-4-slots-10: switching WEEK and MONTH clears the date and slot parameters. */
export function setSlotsView(view: SlotsView): void {
  const { params } = $booking.get();
  if (params.slotsView === view) return;
  updateParams({ slotsView: view, dates: [], week: null, slots: [] });
}

/** R-4-slots-11: toggles one part of the day in timeOfDay. */
export function toggleTimeOfDay(part: TimeOfDay): void {
  const { timeOfDay } = $booking.get().params;
  const next = timeOfDay.includes(part)
    ? timeOfDay.filter((item) => item !== part)
    : [...timeOfDay, part];
  const order: TimeOfDay[] = ['MORNING', 'AFTERNOON', 'EVENING'];
  updateParams({ timeOfDay: order.filter((item) => next.includes(item)) });
}

/** The previous or next week or month; never before today's. */
export function showPeriod(direction: -1 | 1): void {
  const period = $period.get();
  if (direction < 0 && !period.canGoBack) return;
  const options = periodOptions(period.today);
  const current = periodKey(period.view, period.start, options);
  updateParams({
    week: periodKey(period.view, shiftPeriod(period.view, current, direction), options),
  });
}

/** R-4-slots-12: a calendar date sets `date` for the exam in view and shows its week or month. */
export function pickDate(date: string): void {
  const { params } = $booking.get();
  const index = $activeExamIndex.get();
  const period = $period.get();
  const day = date < period.today ? period.today : date;
  const dates = [...params.dates];
  dates[index] = day;
  updateParams({ dates, week: periodKey(params.slotsView, day, periodOptions(period.today)) });
}

/** Chooses a slot for the exam in view; with several exams the next one without a slot comes into view. */
export function chooseSlot(slot: Slot): void {
  const { params } = $booking.get();
  const index = $activeExamIndex.get();
  const slots = [...params.slots];
  const dates = [...params.dates];
  slots[index] = {
    startTime: slot.startDateTime,
    endTime: slot.endDateTime,
    deviceId: slot.deviceId,
  };
  dates[index] = zonedTime(slot.startDateTime, slot.timeZone).date;
  updateParams({ slots, dates });
  $examTab.set(null);
  void holdChosenSlots();
}

export function continueFromSlots(): void {
  goToStep('form');
}

export type NextAvailable =
  { state: 'idle' | 'searching' | 'none' } | { state: 'failed'; messageKey: string };
export const $nextAvailable = atom<NextAvailable>({ state: 'idle' });

/** "Find next available": jumps to the day of the first free slot from the period in view on. */
export async function showNextAvailable(): Promise<void> {
  const { params } = $booking.get();
  const examSlug = params.examSlugs[$activeExamIndex.get()];
  const period = $period.get();
  if (!examSlug || params.selectedClinic === null) return;
  const mobile = $chosenMobileLocation.get();
  if (mobile && mobile.startDate > period.end) {
    // A mobile location is there only on its dates: the first of them is the next chance.
    pickDate(mobile.startDate);
    return;
  }
  $nextAvailable.set({ state: 'searching' });
  try {
    const from = period.start < period.today ? period.today : period.start;
    const slot = await findNextAvailable({ examSlug, clinicIds: [params.selectedClinic], from });
    if (!slot) {
      $nextAvailable.set({ state: 'none' });
      return;
    }
    $nextAvailable.set({ state: 'idle' });
    pickDate(zonedTime(slot.startDateTime, slot.timeZone).date);
  } catch (error) {
    $nextAvailable.set(
      isAbortError(error)
        ? { state: 'idle' }
        : { state: 'failed', messageKey: 'message.error_general' },
    );
  }
}
