// @vitest-environment node
/**
 * Issue 15: the fast path of free time (runs kept per clinic, "now" applied
 * late, the compact format and its decoder; the cache checked against the
 * availability versions) gives exactly what the straightforward computation
 * (slot-grid.ts clinicSlots, reading everything afresh) gives, on random
 * calendars and after random bookings, holds, cancellations and
 * opening-hours changes (R-7-calls-33).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpeningHoursRow, BusyRow } from '../db/availability.repo.js';
import type { Db } from '../db/db.js';
import { insertAppointment } from '../db/appointments.repo.js';
import { insertBookingKey } from '../db/booking.repo.js';
import { insertHold } from '../db/holds.repo.js';
import { keyRef } from '../db/secrets.js';
import { createAvailabilityService } from '../services/availability.service.js';
import { clinicRuns, clinicSlots, runsFrom } from '../services/slot-grid.js';
import { slotsFrom } from '../services/availability-cache.js';
import { decodeClinicIntervals, flattenRuns } from '../../src/domain/booking/slot-intervals.js';
import { addDays } from '../../src/domain/time/zoned-time.js';
import { clinicId, deviceIds } from './booking-helpers.js';
import { SETUP_TIMEOUT, openTestDb } from './helpers.js';

const MINUTE_MS = 60_000;
const ZONES = [
  'Australia/Sydney',
  'Australia/Perth',
  'Pacific/Auckland',
  'America/Toronto',
  'Europe/Skopje',
  'Asia/Kathmandu',
  'UTC',
];
/** First days near DST changes of the zones above, and ordinary ones. */
const FIRST_DAYS = ['2026-04-03', '2026-10-02', '2026-03-06', '2026-10-23', '2026-11-20'];
const DURATIONS = [10, 15, 20, 30, 45, 60];

const time = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const hoursArb = fc.array(
  fc
    .record({
      weekday: fc.integer({ min: 1, max: 7 }),
      opens: fc.integer({ min: 0, max: 22 * 4 }),
      length: fc.integer({ min: 1, max: 12 * 4 }),
    })
    .map(({ weekday, opens, length }) => ({
      clinicId: 1,
      weekday,
      opens: time(opens * 15),
      closes: time(Math.min(opens * 15 + length * 15, 23 * 60 + 59)),
    })),
  { maxLength: 9 },
);

const calendarArb = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    start: fc.constantFrom(...FIRST_DAYS),
    days: fc.integer({ min: 1, max: 12 }),
    hours: hoursArb,
    devices: fc.integer({ min: 0, max: 3 }),
    durationMinutes: fc.constantFrom(...DURATIONS),
    busy: fc.array(
      fc.record({
        device: fc.integer({ min: 0, max: 2 }),
        /** Minutes from the first day's start (UTC). */
        at: fc.integer({ min: -24 * 60, max: 14 * 24 * 60 }),
        length: fc.integer({ min: 1, max: 240 }),
      }),
      { maxLength: 40 },
    ),
    /** "Now plus lead", minutes from the first day's start. */
    notBefore: fc.integer({ min: -2 * 24 * 60, max: 14 * 24 * 60 }),
  })
  .map((c) => {
    const base = Date.parse(`${c.start}T00:00:00Z`);
    const deviceIds = Array.from({ length: c.devices }, (_, i) => 10 + i);
    const busy: BusyRow[] = c.busy.map((b) => ({
      deviceId: 10 + b.device,
      startMs: base + b.at * MINUTE_MS,
      endMs: base + (b.at + b.length) * MINUTE_MS,
    }));
    const hours: OpeningHoursRow[] = c.hours.filter((h) => h.closes > h.opens);
    return {
      timeZone: c.timeZone,
      hours,
      deviceIds,
      busy,
      durationMinutes: c.durationMinutes,
      start: c.start,
      end: addDays(c.start, c.days - 1),
      notBeforeMs: base + c.notBefore * MINUTE_MS,
    };
  });

const clinic = { id: 7, slug: 'test-clinic', name: 'Test Clinic' };

describe('free time: the fast path equals the straightforward computation', () => {
  it('runs, "now" applied late, the compact format decoded: the same slots (random calendars)', () => {
    fc.assert(
      fc.property(calendarArb, (c) => {
        const straight = clinicSlots({ ...c, clinic: { ...clinic, timeZone: c.timeZone } });
        const runs = clinicRuns(c);
        const head = {
          clinicId: clinic.id,
          clinicSlug: clinic.slug,
          clinicName: clinic.name,
          timeZone: c.timeZone,
        };
        const [decoded] = decodeClinicIntervals([
          {
            ...head,
            durationMinutes: c.durationMinutes,
            runs: flattenRuns(runsFrom(runs, c.durationMinutes, c.notBeforeMs)),
          },
        ]);
        expect(decoded?.slots).toEqual(straight);
        const cached = {
          clinic: { ...clinic, timeZone: c.timeZone, offersExam: true },
          durationMinutes: c.durationMinutes,
          runs,
        };
        expect(slotsFrom(cached, c.notBeforeMs)).toEqual(straight);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('free time: the cache follows every change at once (database)', () => {
  let db: Db;
  let sydney: number;
  let mri: number[];
  let examId: number;
  let nowMs = Date.parse('2026-11-22T20:00:00Z');
  const clock = () => new Date(nowMs);

  beforeAll(async () => {
    db = await openTestDb('free_time_property');
    sydney = await clinicId(db, 'sydney-cbd');
    mri = await deviceIds(db, 'sydney-cbd', 'mri');
    const { rows } = await db.query<{ id: number }>("SELECT id FROM exams WHERE slug = 'mri-knee'");
    examId = rows[0]!.id;
  }, SETUP_TIMEOUT);

  afterAll(() => db?.close());

  const DAY0 = Date.parse('2026-11-23T00:00:00+11:00');
  const opArb = fc.oneof(
    fc.record({
      kind: fc.constant('book' as const),
      device: fc.nat(),
      at: fc.integer({ min: 0, max: 6 * 48 }),
      halfHours: fc.integer({ min: 1, max: 4 }),
    }),
    fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
    fc.record({
      kind: fc.constant('hold' as const),
      device: fc.nat(),
      at: fc.integer({ min: 0, max: 6 * 48 }),
      key: fc.integer({ min: 0, max: 3 }),
      minutes: fc.integer({ min: 1, max: 30 }),
    }),
    fc.record({ kind: fc.constant('release' as const), key: fc.integer({ min: 0, max: 3 }) }),
    fc.record({
      kind: fc.constant('hours' as const),
      weekday: fc.integer({ min: 1, max: 7 }),
      opens: fc.integer({ min: 6 * 2, max: 12 * 2 }),
      closes: fc.integer({ min: 13 * 2, max: 20 * 2 }),
    }),
    fc.record({ kind: fc.constant('later' as const), minutes: fc.integer({ min: 1, max: 40 }) }),
  );

  let serial = 0;
  const keyOf = (n: number) => keyRef(`free-time-property-key-${n}`);

  type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

  async function apply(op: Op): Promise<void> {
    const device = (n: number) => mri[n % mri.length]!;
    switch (op.kind) {
      case 'book': {
        const start = DAY0 + op.at * 30 * MINUTE_MS;
        await insertAppointment(db, {
          bookingKey: keyRef(`free-time-booking-${serial++}`),
          deviceId: device(op.device),
          examId,
          start: new Date(start),
          end: new Date(start + op.halfHours * 30 * MINUTE_MS),
        }).catch(() => undefined); // taken: the exclusion constraint says no
        return;
      }
      case 'cancel':
        await db.query(
          `UPDATE appointments SET status = 'CANCELED' WHERE id = (
             SELECT id FROM appointments WHERE device_id = ANY($1::int[]) AND status <> 'CANCELED'
             ORDER BY id OFFSET $2 LIMIT 1)`,
          [mri, op.pick % 5],
        );
        return;
      case 'hold': {
        const start = DAY0 + op.at * 30 * MINUTE_MS;
        await insertBookingKey(db, keyOf(op.key), 'browser');
        await insertHold(db, {
          bookingKey: keyOf(op.key),
          clientAddress: '127.0.0.1',
          deviceId: device(op.device),
          examId,
          startMs: start,
          endMs: start + 30 * MINUTE_MS,
          expiresAtMs: nowMs + op.minutes * MINUTE_MS,
        }).catch(() => undefined);
        return;
      }
      case 'release':
        await db.query('DELETE FROM slot_holds WHERE booking_key = $1', [keyOf(op.key)]);
        return;
      case 'hours':
        await db.query('DELETE FROM opening_hours WHERE clinic_id = $1 AND weekday = $2', [
          sydney,
          op.weekday,
        ]);
        await db.query(
          'INSERT INTO opening_hours (clinic_id, weekday, opens, closes) VALUES ($1, $2, $3, $4)',
          [sydney, op.weekday, time(op.opens * 30), time(op.closes * 30)],
        );
        return;
      case 'later':
        nowMs += op.minutes * MINUTE_MS;
        return;
    }
  }

  it('after random bookings, cancellations, holds, releases, opening-hours changes and time passing', async () => {
    const cached = createAvailabilityService(db, { clock, leadMinutes: 60 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 12 }),
        fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
        async (ops, viewer) => {
          const request = {
            clinicIds: [sydney],
            examSlug: 'mri-knee',
            start: '2026-11-23',
            end: '2026-11-29',
            ...(viewer === undefined ? {} : { examBookingKey: `free-time-property-key-${viewer}` }),
          };
          for (const op of ops) {
            await apply(op);
            // Without the cache: everything read afresh and cut by clinicSlots.
            const fresh = createAvailabilityService(db, { clock, leadMinutes: 60, cache: false });
            const expected = await fresh.clinicAppointments(request);
            expect(await cached.clinicAppointments(request)).toEqual(expected);
            expect(decodeClinicIntervals(await cached.clinicIntervals(request, null))).toEqual(
              expected,
            );
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
