/**
 * Calendar arithmetic on clinic-local dates (yyyy-mm-dd strings): weeks
 * (Monday first, Sunday first in en-CA, R-9-30, or starting today, R-9-25),
 * months and the month grid (R-4-slots-12). Dates are calendar days, not
 * instants, so the arithmetic runs in UTC where no day has 23 hours.
 */
import type { SlotsView } from './flow-params';

/** 0 = Sunday, 1 = Monday. */
export type FirstDay = 0 | 1;

export interface Period {
  /** First day, inclusive. */
  start: string;
  /** Last day, inclusive. */
  end: string;
}

const DAY_MS = 86_400_000;

function toUtc(iso: string): Date {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return fromUtc(toUtc(value)) === value;
}

export function addDays(iso: string, days: number): string {
  return fromUtc(new Date(toUtc(iso).getTime() + days * DAY_MS));
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(iso: string): number {
  return toUtc(iso).getUTCDay();
}

/** The first day of the week holding `iso`. */
export function weekStart(iso: string, firstDay: FirstDay): string {
  return addDays(iso, -((dayOfWeek(iso) - firstDay + 7) % 7));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / DAY_MS);
}

/**
 * R-9-25: with weeks starting 'today', the weeks are today…today+6,
 * today+7…today+13 and so on; this is the first day of the one holding `iso`.
 */
export function weekStartFromToday(iso: string, today: string): string {
  return addDays(today, Math.floor(daysBetween(today, iso) / 7) * 7);
}

/** The seven days from `start`. */
export function weekDays(start: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(start, index));
}

export function monthStart(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

export function monthEnd(iso: string): string {
  const date = toUtc(monthStart(iso));
  return fromUtc(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)));
}

export function addMonths(iso: string, months: number): string {
  const date = toUtc(monthStart(iso));
  return fromUtc(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1)));
}

/** The weeks of the month holding `iso`, each seven cells; days outside the month are null. */
export function monthGrid(iso: string, firstDay: FirstDay): (string | null)[][] {
  const first = monthStart(iso);
  const last = monthEnd(iso);
  const weeks: (string | null)[][] = [];
  for (let start = weekStart(first, firstDay); start <= last; start = addDays(start, 7)) {
    weeks.push(weekDays(start).map((day) => (day >= first && day <= last ? day : null)));
  }
  return weeks;
}

export interface PeriodOptions {
  firstDay: FirstDay;
  /** R-9-25: the configuration makes the week start on 'today'. */
  weekStartsToday?: boolean;
  /** yyyy-mm-dd in the clinic's zone. */
  today: string;
}

/**
 * The days to load and show for a view around `anchor` (R-4-slots-12): its
 * week, or its month. Days before today are never asked for.
 */
export function periodFor(view: SlotsView, anchor: string, options: PeriodOptions): Period {
  if (view === 'MONTH') {
    const start = monthStart(anchor);
    return { start: start < options.today ? options.today : start, end: monthEnd(anchor) };
  }
  const start = options.weekStartsToday
    ? weekStartFromToday(anchor, options.today)
    : weekStart(anchor, options.firstDay);
  return { start, end: addDays(start, 6) };
}

/** The value of the `week` parameter for a view: the first day of the week or month shown. */
export function periodKey(view: SlotsView, anchor: string, options: PeriodOptions): string {
  if (view === 'MONTH') return monthStart(anchor);
  return options.weekStartsToday
    ? weekStartFromToday(anchor, options.today)
    : weekStart(anchor, options.firstDay);
}

/** The anchor of the previous (-1) or next (+1) week or month. */
export function shiftPeriod(view: SlotsView, anchor: string, direction: -1 | 1): string {
  return view === 'MONTH' ? addMonths(anchor, direction) : addDays(anchor, 7 * direction);
}

/** Whether the period before `start` still holds days from today on. */
export function hasEarlierDays(view: SlotsView, start: string, today: string): boolean {
  return view === 'MONTH' ? monthStart(start) > monthStart(today) : start > today;
}
