// @vitest-environment node
/**
 * The check-in window at its edges and across daylight-saving changes
 * (R-4-checkin-17, R-7-calls-41; issue 16 part 5): opens inclusive, closes
 * exclusive, minutes are real minutes; Australia/Sydney leaves daylight time
 * on the first Sunday of April and enters it on the first Sunday of October.
 */
import { describe, expect, it } from 'vitest';
import type { CheckInFacts } from '../db/check-in.repo.js';
import { DEFAULT_CHECK_IN_SETTINGS } from '../services/check-in-config.js';
import { checkInWindow, type CheckInWindowInput } from '../services/check-in-window.js';
import { isTodaysVisit } from '../services/check-in.service.js';

const MIN = 60_000;
const ZONE = 'Australia/Sydney';

function input(startIso: string, overrides: Partial<CheckInWindowInput> = {}): CheckInWindowInput {
  return {
    startMs: Date.parse(startIso),
    timeZone: ZONE,
    opensMinutesBefore: 60,
    closesMinutesAfter: 30,
    enabled: true,
    cancelled: false,
    checkedIn: false,
    ...overrides,
  };
}

describe('check-in window (R-4-checkin-17)', () => {
  const start = '2026-11-26T10:00:00+11:00';
  const at = (minutes: number, ms = 0) => Date.parse(start) + minutes * MIN + ms;

  it('opens exactly priorMinutes before the start (inclusive) and not a millisecond earlier', () => {
    expect(checkInWindow(input(start), at(-60, -1))).toMatchObject({
      canCheckIn: false,
      disabledReason: 'TOO_EARLY',
      priorMinutes: 60,
      opensAt: '2026-11-26T09:00:00+11:00',
      closesAt: '2026-11-26T10:30:00+11:00',
    });
    expect(checkInWindow(input(start), at(-60))).toMatchObject({
      canCheckIn: true,
      disabledReason: null,
    });
  });

  it('closes exactly closesMinutesAfter after the start (exclusive)', () => {
    expect(checkInWindow(input(start), at(30, -1)).canCheckIn).toBe(true);
    expect(checkInWindow(input(start), at(30))).toMatchObject({
      canCheckIn: false,
      disabledReason: 'TOO_LATE',
    });
  });

  it('says NOT_TODAY on an earlier or later clinic-local day, TOO_EARLY/TOO_LATE on the day', () => {
    expect(
      checkInWindow(input(start), Date.parse('2026-11-25T23:59:59+11:00')).disabledReason,
    ).toBe('NOT_TODAY');
    expect(
      checkInWindow(input(start), Date.parse('2026-11-26T00:00:00+11:00')).disabledReason,
    ).toBe('TOO_EARLY');
    expect(
      checkInWindow(input(start), Date.parse('2026-11-26T23:59:59+11:00')).disabledReason,
    ).toBe('TOO_LATE');
    expect(
      checkInWindow(input(start), Date.parse('2026-11-27T00:00:00+11:00')).disabledReason,
    ).toBe('NOT_TODAY');
  });

  it('opens the evening before for an appointment just after midnight', () => {
    const early = '2026-11-27T00:15:00+11:00';
    expect(checkInWindow(input(early), Date.parse('2026-11-26T23:15:00+11:00')).canCheckIn).toBe(
      true,
    );
  });

  it('orders the refusals: disabled, cancelled, already checked in, then the window', () => {
    const open = at(0);
    expect(
      checkInWindow(input(start, { enabled: false, cancelled: true }), open).disabledReason,
    ).toBe('CHECK_IN_DISABLED');
    expect(
      checkInWindow(input(start, { cancelled: true, checkedIn: true }), open).disabledReason,
    ).toBe('CANCELLED');
    expect(checkInWindow(input(start, { checkedIn: true }), open).disabledReason).toBe(
      'ALREADY_CHECKED_IN',
    );
  });

  it('first Sunday of April 2026 (daylight time ends 03:00 → 02:00): 60 real minutes', () => {
    // 03:30 AEST (+10) on 5 April; the window opens at 02:30 AEST, the second 02:30 of that night.
    const start = '2026-04-05T03:30:00+10:00';
    const window = checkInWindow(input(start), Date.parse(start));
    expect(window.opensAt).toBe('2026-04-05T02:30:00+10:00');
    expect(window.opensMs).toBe(Date.parse(start) - 60 * MIN);
    // One minute before the opening is the wall clock's 02:29 AEST, after 02:00-02:59 AEDT was passed.
    expect(
      checkInWindow(input(start), Date.parse('2026-04-05T02:29:59+10:00')).disabledReason,
    ).toBe('TOO_EARLY');
    // 02:45 AEDT (+11) is 01:45 AEST: the wall clock says 02:45 but the window is not open yet.
    expect(checkInWindow(input(start), Date.parse('2026-04-05T02:45:00+11:00')).canCheckIn).toBe(
      false,
    );
    expect(checkInWindow(input(start), Date.parse('2026-04-05T02:30:00+10:00')).canCheckIn).toBe(
      true,
    );
  });

  it('first Sunday of October 2026 (daylight time starts 02:00 → 03:00): 60 real minutes', () => {
    // 03:30 AEDT (+11) on 4 October is 16:30Z; 60 minutes before is 01:30 AEST (+10).
    const start = '2026-10-04T03:30:00+11:00';
    const window = checkInWindow(input(start), Date.parse(start));
    expect(window.opensAt).toBe('2026-10-04T01:30:00+10:00');
    expect(window.closesAt).toBe('2026-10-04T04:00:00+11:00');
    expect(
      checkInWindow(input(start), Date.parse('2026-10-04T01:29:59+10:00')).disabledReason,
    ).toBe('TOO_EARLY');
    expect(checkInWindow(input(start), Date.parse('2026-10-04T01:30:00+10:00')).canCheckIn).toBe(
      true,
    );
    expect(checkInWindow(input(start), Date.parse('2026-10-04T03:59:59+11:00')).canCheckIn).toBe(
      true,
    );
    expect(
      checkInWindow(input(start), Date.parse('2026-10-04T04:00:00+11:00')).disabledReason,
    ).toBe('TOO_LATE');
  });

  it("counts as today's visit (kiosk identity, check-in list) on its day or while its window is open (R-3-47)", () => {
    const row = {
      startMs: Date.parse('2026-11-27T00:15:00+11:00'),
      timeZone: ZONE,
      status: 'BOOKED',
      successAt: null,
      enabled: null,
      opensMinutesBefore: null,
      closesMinutesAfter: null,
    } as unknown as CheckInFacts;
    const at = (iso: string) => isTodaysVisit(row, DEFAULT_CHECK_IN_SETTINGS, Date.parse(iso));
    expect(at('2026-11-26T23:14:59+11:00')).toBe(false);
    expect(at('2026-11-26T23:15:00+11:00')).toBe(true);
    expect(at('2026-11-27T00:00:00+11:00')).toBe(true);
    expect(at('2026-11-27T23:59:59+11:00')).toBe(true);
    expect(at('2026-11-28T00:00:00+11:00')).toBe(false);
  });
});
