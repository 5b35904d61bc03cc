/**
 * What the slot step shows (spec 4 "Location and slots"): which exam's
 * slots (the exam tab), the clinic's zone, and the week or month in view
 * (R-9-25, R-9-30), with the verbs that move it.
 */
import { atom, computed } from 'nanostores';
import {
  hasEarlierDays,
  periodFor,
  periodKey,
  shiftPeriod,
  type Period,
  type PeriodOptions,
} from '../../src/domain/booking/calendar';
import type { SlotsView, TimeOfDay } from '../../src/domain/booking/flow-params';
import { todayIn } from '../../src/domain/booking/slots';
import { weekStartsOn } from '../../src/i18n/dates';
import { $bookingFormConfig } from '../../src/stores/config.store';
import { $locale } from '../../src/stores/locale.store';
import { $booking, updateParams } from './booking.store';
import { $selectedExams } from './catalogue.store';
import { $selectedClinic } from './clinics.store';
import { bookableIndices } from './flow.store';

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
export function periodOptions(today: string): PeriodOptions {
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
