/**
 * Wall-clock time in IANA zones with nothing but Intl: offsets, local date and
 * time → instant (DST gaps and overlaps resolved like Temporal's
 * 'compatible'), ISO strings with the zone's offset. Calendar dates are
 * 'yyyy-mm-dd' strings; their arithmetic runs in UTC, where every day has 24 h.
 */

import { dateTimeFormat } from './intl';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

function formatter(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** Whether a string names an IANA time zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The zone's wall clock at an instant. */
export function wallClock(instantMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Minutes east of UTC that `timeZone` is at an instant (+660 for Sydney in summer). */
export function offsetMinutes(timeZone: string, instantMs: number): number {
  const w = wallClock(instantMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / MINUTE_MS);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** '+11:00', '-03:30'; with separator '' → '+1100' (iCalendar). */
export function formatOffset(minutes: number, separator = ':'): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${separator}${pad(abs % 60)}`;
}

function parseDate(date: string): [number, number, number] {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return [y, m, d];
}

/** A real calendar date in 'yyyy-mm-dd' form. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = parseDate(value);
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  const [ya, ma, da] = parseDate(a);
  const [yb, mb, db] = parseDate(b);
  return Math.round((Date.UTC(yb, mb - 1, db) - Date.UTC(ya, ma - 1, da)) / DAY_MS);
}

/** ISO 8601 weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}

/** The zone's calendar date at an instant. */
export function zonedDate(instantMs: number, timeZone: string): string {
  const w = wallClock(instantMs, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/**
 * The instant of a local date and time ('HH:MM' or 'HH:MM:SS') in a zone. A
 * time skipped by a DST gap moves forward by the gap (02:30 → 03:30); a time
 * that happens twice is the earlier instant.
 */
export function zonedToInstant(date: string, time: string, timeZone: string): number {
  const [y, m, d] = parseDate(date);
  const [hh = 0, mm = 0, ss = 0] = time.split(':').map(Number);
  const local = Date.UTC(y, m - 1, d, hh, mm, ss);
  const before = offsetMinutes(timeZone, local - DAY_MS);
  const after = offsetMinutes(timeZone, local + DAY_MS);
  const early = local - Math.max(before, after) * MINUTE_MS;
  const late = local - Math.min(before, after) * MINUTE_MS;
  const valid = (t: number): boolean => t + offsetMinutes(timeZone, t) * MINUTE_MS === local;
  if (valid(early)) return early;
  if (valid(late)) return late;
  // In a gap: the offset before the transition, which lands after it.
  return local - before * MINUTE_MS;
}

/** '2026-11-23T09:00:00+11:00': the instant as the zone's wall clock with its offset. */
export function formatZonedIso(instantMs: number, timeZone: string, offset?: number): string {
  const minutes = offset ?? offsetMinutes(timeZone, instantMs);
  const local = new Date(Math.floor(instantMs / 1000) * 1000 + minutes * MINUTE_MS);
  return `${local.toISOString().slice(0, 19)}${formatOffset(minutes)}`;
}

/** '20261123T090000': the zone's wall clock in iCalendar's local form. */
export function formatIcsLocal(instantMs: number, timeZone: string): string {
  const local = new Date(instantMs + offsetMinutes(timeZone, instantMs) * MINUTE_MS);
  return local.toISOString().slice(0, 19).replace(/[-:]/g, '');
}

/** '20261123T090000Z'. */
export function formatIcsUtc(instantMs: number): string {
  return `${new Date(instantMs).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

export interface ZoneTransition {
  atMs: number;
  from: number;
  to: number;
}

/** The offset changes of a zone between two instants (weekly scan, then to the minute). */
export function zoneTransitions(timeZone: string, fromMs: number, toMs: number): ZoneTransition[] {
  const transitions: ZoneTransition[] = [];
  const step = 7 * DAY_MS;
  let t = fromMs;
  let offset = offsetMinutes(timeZone, t);
  while (t < toMs) {
    const next = Math.min(t + step, toMs);
    const nextOffset = offsetMinutes(timeZone, next);
    if (nextOffset !== offset) {
      let lo = t;
      let hi = next;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetMinutes(timeZone, mid) === offset) lo = mid;
        else hi = mid;
      }
      transitions.push({ atMs: hi, from: offset, to: nextOffset });
    }
    t = next;
    offset = nextOffset;
  }
  return transitions;
}
