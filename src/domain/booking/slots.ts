/**
 * Slots in the clinic's local time: grouping by clinic-local day and the
 * time-of-day filter (R-4-slots-11). A slot is an instant plus the clinic's
 * IANA time zone; its day and hour are those of the clinic, wherever the
 * patient's device is.
 */
import type { Slot } from '../../contract/booking';
import type { TimeOfDay } from './flow-params';
import { wallClock, zonedDate } from '../time/zoned-time';

export interface ZonedTime {
  /** yyyy-mm-dd in the zone. */
  date: string;
  hour: number;
  minute: number;
}

/** The clinic-local calendar day and time of an instant. */
export function zonedTime(instant: string | Date, timeZone: string): ZonedTime {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  const wall = wallClock(ms, timeZone);
  return { date: zonedDate(ms, timeZone), hour: wall.hour, minute: wall.minute };
}

/** Today's date in a zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return zonedTime(now, timeZone).date;
}

/** Spec 2.4 time-of-day filter: morning before 12:00, afternoon 12:00 to 16:59, evening from 17:00. */
export function timeOfDayOf(hour: number): TimeOfDay {
  if (hour < 12) return 'MORNING';
  if (hour < 17) return 'AFTERNOON';
  return 'EVENING';
}

/** R-4-slots-11: the slots in the chosen parts of the day (all of them when none is chosen). */
export function filterByTimeOfDay<S extends Pick<Slot, 'startDateTime' | 'timeZone'>>(
  slots: readonly S[],
  chosen: readonly TimeOfDay[],
): S[] {
  if (chosen.length === 0) return [...slots];
  const wanted = new Set(chosen);
  return slots.filter((slot) =>
    wanted.has(timeOfDayOf(zonedTime(slot.startDateTime, slot.timeZone).hour)),
  );
}

/** Slots by clinic-local day (yyyy-mm-dd), days ascending, slots ascending within a day. */
export function groupSlotsByDay<S extends Pick<Slot, 'startDateTime' | 'timeZone'>>(
  slots: readonly S[],
): Map<string, S[]> {
  const sorted = [...slots].sort(
    (a, b) => Date.parse(a.startDateTime) - Date.parse(b.startDateTime),
  );
  const days = new Map<string, S[]>();
  for (const slot of sorted) {
    const day = zonedTime(slot.startDateTime, slot.timeZone).date;
    const list = days.get(day);
    if (list) list.push(slot);
    else days.set(day, [slot]);
  }
  return new Map([...days].sort(([a], [b]) => a.localeCompare(b)));
}

/** Minutes east of UTC that a zone is at an instant. */
export function zoneOffsetMinutes(timeZone: string, instant: string | Date): number {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const local = zonedTime(date, timeZone);
  const [y = 0, m = 1, d = 1] = local.date.split('-').map(Number);
  const asUtc = Date.UTC(y, m - 1, d, local.hour, local.minute);
  const truncated = Math.floor(date.getTime() / 60_000) * 60_000;
  return Math.round((asUtc - truncated) / 60_000);
}

/**
 * Whether a clinic's clock differs from the device's at an instant: then
 * times are labelled with the clinic's zone (Brisbane and Sydney differ only
 * in summer, so the offsets are compared, not the names).
 */
export function zoneDiffersFromDevice(
  timeZone: string,
  instant: string | Date,
  deviceZone: string,
): boolean {
  return zoneOffsetMinutes(timeZone, instant) !== zoneOffsetMinutes(deviceZone, instant);
}

/** Whether two slot choices are the same appointment time on the same device. */
export function sameSlot(
  a: { startTime: string; deviceId: number } | null | undefined,
  b: Pick<Slot, 'startDateTime' | 'deviceId'>,
): boolean {
  return (
    !!a && a.deviceId === b.deviceId && Date.parse(a.startTime) === Date.parse(b.startDateTime)
  );
}
