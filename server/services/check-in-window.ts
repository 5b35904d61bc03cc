/**
 * When an appointment may be checked in (spec 4 "Digital check-in", spec 8
 * late-enable message; issue 16 part 5). Pure: no I/O, the time is given.
 *
 * The window is [start − opensMinutesBefore, start + closesMinutesAfter):
 * the opening instant is inclusive, the closing instant exclusive. Minutes
 * are real elapsed minutes (instants), so a daylight-saving change inside
 * the window neither lengthens nor shortens it; only the clinic-local wall
 * clock shown in opensAt/closesAt moves (their offsets may differ).
 */
import type { CheckInDisabledReason } from '../../src/contract/check-in.js';
import { formatZonedIso, zonedDate } from '../../src/domain/time/zoned-time.js';

export interface CheckInWindowInput {
  startMs: number;
  timeZone: string;
  opensMinutesBefore: number;
  closesMinutesAfter: number;
  enabled: boolean;
  cancelled: boolean;
  checkedIn: boolean;
}

export interface CheckInWindow {
  canCheckIn: boolean;
  disabledReason: CheckInDisabledReason | null;
  opensAt: string;
  closesAt: string;
  opensMs: number;
  closesMs: number;
  priorMinutes: number;
}

const MINUTE = 60_000;

/**
 * Precedence: CHECK_IN_DISABLED, CANCELLED, ALREADY_CHECKED_IN, then the
 * window. Inside the window check-in is open whatever the calendar day (an
 * appointment at 00:15 opens the evening before). Before it: NOT_TODAY when
 * the clinic-local day of now is before the appointment's day, else
 * TOO_EARLY. After it: TOO_LATE on the appointment's day, NOT_TODAY on a
 * later day.
 */
export function checkInWindow(input: CheckInWindowInput, nowMs: number): CheckInWindow {
  const opensMs = input.startMs - input.opensMinutesBefore * MINUTE;
  const closesMs = input.startMs + input.closesMinutesAfter * MINUTE;
  const base = {
    opensAt: formatZonedIso(opensMs, input.timeZone),
    closesAt: formatZonedIso(closesMs, input.timeZone),
    opensMs,
    closesMs,
    priorMinutes: input.opensMinutesBefore,
  };
  const closed = (disabledReason: CheckInDisabledReason) => ({
    ...base,
    canCheckIn: false,
    disabledReason,
  });
  if (!input.enabled) return closed('CHECK_IN_DISABLED');
  if (input.cancelled) return closed('CANCELLED');
  if (input.checkedIn) return closed('ALREADY_CHECKED_IN');
  if (nowMs >= opensMs && nowMs < closesMs)
    return { ...base, canCheckIn: true, disabledReason: null };
  const today = zonedDate(nowMs, input.timeZone);
  const day = zonedDate(input.startMs, input.timeZone);
  if (nowMs < opensMs) return closed(today < day ? 'NOT_TODAY' : 'TOO_EARLY');
  return closed(today > day ? 'NOT_TODAY' : 'TOO_LATE');
}

/** The clinic-local calendar day of an instant (YYYY-MM-DD). */
export function clinicDay(instantMs: number, timeZone: string): string {
  return zonedDate(instantMs, timeZone);
}
