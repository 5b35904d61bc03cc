import { describe, expect, it } from 'vitest';
import type { Slot } from '../../contract/booking';
import { applyCombination, combinationsOf, isChosenCombination } from './combinations';

const slot = (start: string, end: string, deviceId: number): Slot => ({
  clinicId: 2,
  clinicSlug: 'perth-cbd',
  clinicName: 'Perth',
  startDateTime: start,
  endDateTime: end,
  deviceId,
  timeZone: 'Australia/Perth',
});

const late = {
  slots: [
    slot('2027-03-03T23:00:00+08:00', '2027-03-03T23:30:00+08:00', 21),
    slot('2027-03-04T00:10:00+08:00', '2027-03-04T00:20:00+08:00', 31),
  ],
};
const early = {
  slots: [
    slot('2027-03-02T09:00:00+08:00', '2027-03-02T09:30:00+08:00', 21),
    slot('2027-03-02T09:40:00+08:00', '2027-03-02T09:50:00+08:00', 31),
  ],
};

describe('several exams at one clinic (reference appointments)', () => {
  it('combinations keep one slot per exam, earliest first, placed by their first slot', () => {
    const combinations = combinationsOf([late, { slots: late.slots.slice(0, 1) }, early], 2);
    expect(combinations.map((c) => c.startDateTime)).toEqual([
      '2027-03-02T09:00:00+08:00',
      '2027-03-03T23:00:00+08:00',
    ]);
    expect(combinations[0]?.timeZone).toBe('Australia/Perth');
  });

  it('combinations starting at the same time are one choice: the one that ends first', () => {
    const longer = {
      slots: [early.slots[0]!, slot('2027-03-02T10:15:00+08:00', '2027-03-02T10:25:00+08:00', 32)],
    };
    const combinations = combinationsOf([longer, early], 2);
    expect(combinations).toHaveLength(1);
    expect(combinations[0]?.slots[1]?.deviceId).toBe(31);
    expect(combinationsOf([early, longer], 2)[0]?.slots[1]?.deviceId).toBe(31);
  });

  it('R-4-slots-12: picking a combination sets date, startTime, endTime and deviceId per exam index', () => {
    // Exam 1 is an enquiry (no slot): the combination fills indices 0 and 2.
    const [combination] = combinationsOf([late], 2);
    const next = applyCombination({ slots: [], dates: [] }, [0, 2], combination!);
    expect(next.slots).toEqual([
      {
        startTime: late.slots[0]!.startDateTime,
        endTime: late.slots[0]!.endDateTime,
        deviceId: 21,
      },
      null,
      {
        startTime: late.slots[1]!.startDateTime,
        endTime: late.slots[1]!.endDateTime,
        deviceId: 31,
      },
    ]);
    // Each date is the clinic-local day of its own slot (the second one is after midnight).
    expect(next.dates).toEqual(['2027-03-03', null, '2027-03-04']);
    expect(isChosenCombination(next.slots, [0, 2], combination!)).toBe(true);
    const [other] = combinationsOf([early], 2);
    expect(isChosenCombination(next.slots, [0, 2], other!)).toBe(false);
  });
});
