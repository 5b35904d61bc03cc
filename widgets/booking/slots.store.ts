/**
 * The slot step (spec 4 "Location and slots"): which exam's slots are
 * shown, the week or month in view, the free slots of the chosen clinic
 * (POST clinic_appointments, cancelled on navigation, R-7-http-01) and the
 * verbs of the view.
 */
import { atom, computed, onMount } from 'nanostores';
import { findNextAvailable, getClinicAppointments } from '../../src/api/booking';
import type { ClinicSlots, Slot } from '../../src/api/booking.contract';
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
import type { SlotsView, TimeOfDay } from '../../src/domain/booking/flow-params';
import { todayIn, zonedTime } from '../../src/domain/booking/slots';
import { weekStartsOn } from '../../src/i18n/dates';
import { $locale } from '../../src/stores/locale.store';
import { $booking, goToStep, updateParams } from './booking.store';
import { $selectedExams } from './catalogue.store';
import { $selectedClinic } from './clinics.store';
import { $visibleStep, bookableIndices } from './flow.store';
import { keyedLoader, type Loadable } from './loadable';

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

function periodOptions(today: string): PeriodOptions {
  return { firstDay: weekStartsOn($locale.value ?? 'en-AU'), today };
}

/** The week or month in view (R-4-slots-12): `week`, else the picked date, else today in the clinic's zone. */
export const $period = computed(
  [$booking, $activeExamIndex, $clinicZone, $locale],
  ({ params }, index, zone, locale): SlotPeriod => {
    const today = todayIn(zone);
    const anchor = params.week ?? params.dates[index] ?? today;
    const period = periodFor(params.slotsView, anchor < today ? today : anchor, {
      firstDay: weekStartsOn(locale),
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

interface SlotQuery {
  clinicId: number;
  examSlug: string;
  start: string;
  end: string;
  view: SlotsView;
}

const $slotQuery = computed(
  [$visibleStep, $booking, $activeExamIndex, $period],
  (step, { params }, index, period): SlotQuery | null => {
    const examSlug = params.examSlugs[index];
    if (step !== 'slots' || params.selectedClinic === null || !examSlug) return null;
    return {
      clinicId: params.selectedClinic,
      examSlug,
      start: period.start,
      end: period.end,
      view: period.view,
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
        },
        { signal: tracked },
      ),
    signal,
  ),
);
onMount($slots, () => slotsLoader.start());

/** R-4-slots-09: the slots load again (after a slot conflict). */
export function reloadSlots(): void {
  slotsLoader.reload();
}

/** Every free slot in view, of every clinic returned. */
export const $freeSlots = computed($slots, (slots): Slot[] =>
  slots.state === 'ready' ? slots.value.flatMap((clinic) => clinic.slots) : [],
);

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
