import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClinicSlots } from '../../contract/booking';
import { decodeClinicIntervals, encodeClinicSlots } from './slot-intervals';
import { formatZonedIso } from '../time/zoned-time';

const clinic = {
  clinicId: 3,
  clinicSlug: 'sydney-cbd',
  clinicName: 'Harbour Imaging Sydney CBD',
  timeZone: 'Australia/Sydney',
};
const MINUTE_MS = 60_000;

function slotsAt(starts: number[], durationMinutes: number, deviceOf: (i: number) => number) {
  return starts.map((startMs, i) => ({
    clinicId: clinic.clinicId,
    clinicSlug: clinic.clinicSlug,
    clinicName: clinic.clinicName,
    startDateTime: formatZonedIso(startMs, clinic.timeZone),
    endDateTime: formatZonedIso(startMs + durationMinutes * MINUTE_MS, clinic.timeZone),
    deviceId: deviceOf(i),
    timeZone: clinic.timeZone,
  }));
}

describe('the compact format of clinic_appointments (issue 15)', () => {
  it('R-7-calls-33: back-to-back slots on one device travel as one run [start, count, device]', () => {
    const start = Date.parse('2026-11-22T20:30:00Z');
    const slots = slotsAt([start, start + 30 * MINUTE_MS, start + 60 * MINUTE_MS], 30, (i) =>
      i < 2 ? 4 : 5,
    );
    const encoded = encodeClinicSlots({ ...clinic, slots }, 30);
    expect(encoded.runs).toEqual([start / MINUTE_MS, 2, 4, start / MINUTE_MS + 60, 1, 5]);
    expect(decodeClinicIntervals([encoded])).toEqual([{ ...clinic, slots }]);
  });

  it('a run across the change to daylight saving time keeps each slot’s own offset', () => {
    // Sydney: 2026-10-04 02:00 +10:00 becomes 03:00 +11:00 (16:00Z on the 3rd).
    const start = Date.parse('2026-10-03T16:00:00Z') - 60 * MINUTE_MS;
    const [decoded] = decodeClinicIntervals([
      { ...clinic, durationMinutes: 30, runs: [start / MINUTE_MS, 4, 4] },
    ]);
    expect(decoded?.slots.map((slot) => slot.startDateTime)).toEqual([
      '2026-10-04T01:00:00+10:00',
      '2026-10-04T01:30:00+10:00',
      '2026-10-04T03:00:00+11:00',
      '2026-10-04T03:30:00+11:00',
    ]);
  });

  it('decoding what was encoded gives the same slots, for any ascending slots', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Australia/Sydney', 'Australia/Perth', 'America/Toronto', 'Asia/Kathmandu'),
        fc.constantFrom(10, 15, 30, 45, 60),
        fc.array(
          fc.record({
            gap: fc.integer({ min: 0, max: 3 }),
            device: fc.integer({ min: 1, max: 3 }),
          }),
          {
            maxLength: 60,
          },
        ),
        (timeZone, durationMinutes, steps) => {
          let at = Date.parse('2026-10-03T10:00:00Z');
          const slots: ClinicSlots['slots'] = steps.map((step) => {
            at += step.gap * durationMinutes * MINUTE_MS;
            const startMs = at;
            at += durationMinutes * MINUTE_MS;
            return {
              ...clinic,
              timeZone,
              startDateTime: formatZonedIso(startMs, timeZone),
              endDateTime: formatZonedIso(startMs + durationMinutes * MINUTE_MS, timeZone),
              deviceId: step.device,
            };
          });
          const clinicSlots = { ...clinic, timeZone, slots };
          expect(decodeClinicIntervals([encodeClinicSlots(clinicSlots, durationMinutes)])).toEqual([
            clinicSlots,
          ]);
        },
      ),
    );
  });
});
