import { describe, expect, it } from 'vitest';
import { weekStartsOn } from '../../i18n/dates';
import {
  addDays,
  addMonths,
  hasEarlierDays,
  isIsoDate,
  monthEnd,
  monthGrid,
  periodFor,
  periodKey,
  shiftPeriod,
  weekStart,
} from './calendar';

const today = '2026-11-25'; // a Wednesday

describe('weeks and months of the slot views (R-4-slots-12)', () => {
  it('R-9-30: weeks start on Monday, except in en-CA where they start on Sunday', () => {
    expect(weekStart(today, weekStartsOn('en-AU'))).toBe('2026-11-23');
    expect(weekStart(today, weekStartsOn('mk'))).toBe('2026-11-23');
    expect(weekStart(today, weekStartsOn('en-CA'))).toBe('2026-11-22');
    expect(weekStart('2026-11-23', 1)).toBe('2026-11-23');
    expect(weekStart('2026-11-22', 1)).toBe('2026-11-16');
  });

  it('R-9-24: a WEEK period is seven days, a MONTH period the month from today on', () => {
    expect(periodFor('WEEK', today, { firstDay: 1, today })).toEqual({
      start: '2026-11-23',
      end: '2026-11-29',
    });
    expect(periodFor('MONTH', today, { firstDay: 1, today })).toEqual({
      start: today,
      end: '2026-11-30',
    });
    expect(periodFor('MONTH', '2026-12-10', { firstDay: 1, today })).toEqual({
      start: '2026-12-01',
      end: '2026-12-31',
    });
  });

  it("R-9-25: when configured, the week starts 'today'", () => {
    expect(periodFor('WEEK', today, { firstDay: 1, today, weekStartsToday: true })).toEqual({
      start: today,
      end: '2026-12-01',
    });
    expect(periodKey('WEEK', today, { firstDay: 1, today, weekStartsToday: true })).toBe(today);
  });

  it('R-9-25: weeks starting today stay seven days apart from today; a picked date shows the one that holds it', () => {
    const options = { firstDay: 1 as const, today, weekStartsToday: true };
    expect(periodFor('WEEK', '2026-12-03', options)).toEqual({
      start: '2026-12-02',
      end: '2026-12-08',
    });
    expect(periodKey('WEEK', '2026-12-01', options)).toBe(today);
    expect(periodKey('WEEK', shiftPeriod('WEEK', today, 1), options)).toBe('2026-12-02');
    // Month views are not affected.
    expect(periodFor('MONTH', '2026-12-03', options).start).toBe('2026-12-01');
  });

  it('R-4-slots-12: picking a date gives the week (or month) that holds it', () => {
    expect(periodKey('WEEK', '2026-12-03', { firstDay: 1, today })).toBe('2026-11-30');
    expect(periodKey('MONTH', '2026-12-03', { firstDay: 1, today })).toBe('2026-12-01');
  });

  it('previous and next periods; no earlier period before today', () => {
    expect(shiftPeriod('WEEK', '2026-11-23', 1)).toBe('2026-11-30');
    expect(shiftPeriod('MONTH', '2026-11-01', -1)).toBe('2026-10-01');
    expect(hasEarlierDays('WEEK', '2026-11-23', today)).toBe(false);
    expect(hasEarlierDays('WEEK', '2026-11-30', today)).toBe(true);
    expect(hasEarlierDays('MONTH', '2026-11-01', today)).toBe(false);
  });

  it('date arithmetic crosses month, year and daylight-saving boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-04-05', 1)).toBe('2026-04-06');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-01');
    expect(monthEnd('2028-02-10')).toBe('2028-02-29');
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-02-28')).toBe(true);
  });

  it('the month grid has full weeks in the locale order, with empty cells outside the month', () => {
    const monday = monthGrid('2026-11-10', 1);
    expect(monday[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(monday.at(-1)?.[0]).toBe('2026-11-30');
    const sunday = monthGrid('2026-11-10', 0);
    expect(sunday[0]?.[0]).toBe('2026-11-01');
    expect(sunday.flat().filter(Boolean)).toHaveLength(30);
  });
});
