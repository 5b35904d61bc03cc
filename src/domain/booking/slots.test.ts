import { describe, expect, it } from 'vitest';
import type { Slot } from '../../contract/booking';
import { formatTime, zoneAbbreviation } from './format';
import {
  filterByTimeOfDay,
  groupSlotsByDay,
  timeOfDayOf,
  todayIn,
  zonedTime,
  zoneDiffersFromDevice,
  zoneOffsetMinutes,
} from './slots';

const slot = (
  startDateTime: string,
  timeZone: string,
): Pick<Slot, 'startDateTime' | 'timeZone'> => ({
  startDateTime,
  timeZone,
});

describe('slots in the clinic time zone (part 3)', () => {
  it('an instant has the clinic-local day and hour', () => {
    // 23:30 UTC on the 23rd is 07:30 on the 24th in Perth and 10:30 on the 24th in Sydney (summer).
    expect(zonedTime('2026-11-23T23:30:00Z', 'Australia/Perth')).toEqual({
      date: '2026-11-24',
      hour: 7,
      minute: 30,
    });
    expect(zonedTime('2026-11-23T23:30:00Z', 'Australia/Sydney')).toEqual({
      date: '2026-11-24',
      hour: 10,
      minute: 30,
    });
    expect(todayIn('Pacific/Auckland', new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-24');
  });

  it('slots are grouped by clinic-local day, in time order', () => {
    const slots = [
      slot('2026-11-24T16:00:00+08:00', 'Australia/Perth'),
      slot('2026-11-24T08:00:00+08:00', 'Australia/Perth'),
      slot('2026-11-23T17:00:00Z', 'Australia/Perth'), // 01:00 on the 24th in Perth
      slot('2026-11-25T09:00:00+08:00', 'Australia/Perth'),
    ];
    const days = groupSlotsByDay(slots);
    expect([...days.keys()]).toEqual(['2026-11-24', '2026-11-25']);
    expect(days.get('2026-11-24')?.map((s) => zonedTime(s.startDateTime, s.timeZone).hour)).toEqual(
      [1, 8, 16],
    );
  });

  it('R-4-slots-11: morning is before 12, afternoon 12 to 17, evening from 17', () => {
    expect([0, 11, 12, 16, 17, 23].map(timeOfDayOf)).toEqual([
      'MORNING',
      'MORNING',
      'AFTERNOON',
      'AFTERNOON',
      'EVENING',
      'EVENING',
    ]);
  });

  it('R-4-slots-11: the filter uses the clinic-local hour, and no choice means every slot', () => {
    const perth = slot('2026-11-24T03:00:00Z', 'Australia/Perth'); // 11:00 in Perth
    const sydney = slot('2026-11-24T03:00:00Z', 'Australia/Sydney'); // 14:00 in Sydney
    const auckland = slot('2026-11-24T05:00:00Z', 'Pacific/Auckland'); // 18:00 in Auckland
    const all = [perth, sydney, auckland];
    expect(filterByTimeOfDay(all, ['MORNING'])).toEqual([perth]);
    expect(filterByTimeOfDay(all, ['AFTERNOON', 'EVENING'])).toEqual([sydney, auckland]);
    expect(filterByTimeOfDay(all, [])).toEqual(all);
  });

  it('zone offsets follow daylight saving; Perth and Sydney differ, Brisbane only in summer', () => {
    expect(zoneOffsetMinutes('Australia/Sydney', '2026-11-24T00:00:00Z')).toBe(660);
    expect(zoneOffsetMinutes('Australia/Perth', '2026-11-24T00:00:00Z')).toBe(480);
    expect(
      zoneDiffersFromDevice('Australia/Perth', '2026-11-24T00:00:00Z', 'Australia/Sydney'),
    ).toBe(true);
    expect(
      zoneDiffersFromDevice('Australia/Brisbane', '2026-11-24T00:00:00Z', 'Australia/Sydney'),
    ).toBe(true);
    expect(
      zoneDiffersFromDevice('Australia/Brisbane', '2026-07-01T00:00:00Z', 'Australia/Sydney'),
    ).toBe(false);
  });

  it('R-9-29 issue 13 part 8: in Macedonian the zone keeps its local abbreviation, not an offset', () => {
    expect(zoneAbbreviation('Australia/Sydney', '2026-11-24T01:30:00Z', 'mk')).toBe('AEDT');
    expect(zoneAbbreviation('Australia/Sydney', '2026-07-01T01:30:00Z', 'mk')).toBe('AEST');
    expect(zoneAbbreviation('Australia/Perth', '2026-11-24T01:30:00Z', 'mk')).toBe('AWST');
    expect(zoneAbbreviation('Pacific/Auckland', '2026-11-24T01:30:00Z', 'mk')).toBe('NZDT');
    expect(zoneAbbreviation('Asia/Kolkata', '2026-11-24T01:30:00Z', 'mk')).toBe('GMT+5:30');
  });

  it('times are formatted in the clinic zone with its abbreviation', () => {
    expect(formatTime('2026-11-24T01:30:00Z', 'Australia/Perth', 'en-AU')).toMatch(/^9:30\s?am$/i);
    expect(zoneAbbreviation('Australia/Perth', '2026-11-24T01:30:00Z', 'en-AU')).toBe('AWST');
  });
});
