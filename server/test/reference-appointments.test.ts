import { REFERENCE_MAX_COMBINATIONS } from '../services/reference-appointments.service.js';
// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type {
  ReferenceAppointment,
  ReferenceAppointmentsRequest,
  Slot,
} from '../../src/contract/booking.js';
import type { Db } from '../db/db.js';
import { combineSlots } from '../services/slot-combinations.js';
import { clinicId, clock, deviceIds, newKey } from './booking-helpers.js';
import { SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';

let db: Db;
let app: FastifyInstance;
let sydney: number;

beforeAll(async () => {
  ({ db, app } = await openTestApp('booking_reference', {}, { clock }));
  sydney = await clinicId(db, 'sydney-cbd');
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

const DAY = '2026-11-23';

function post(request: Partial<ReferenceAppointmentsRequest> & { bookingKey?: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/booking/reference_appointments',
    payload: {
      clinicId: sydney,
      examSlugs: ['xray-chest', 'us-abdomen'],
      start: DAY,
      end: DAY,
      ...request,
    },
  });
}

async function combos(
  request: Partial<ReferenceAppointmentsRequest> & { bookingKey?: string } = {},
): Promise<string[][]> {
  const res = await post(request);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<ReferenceAppointment[]>()
    .map((c) => c.slots.map((s) => s.startDateTime.slice(11, 16)));
}

describe('POST /api/booking/reference_appointments', () => {
  it('R-7-calls-33 answers slots for the exams in order that fit one visit, earliest first', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(200);
    const answer = res.json<ReferenceAppointment[]>();
    expect(answer[0]?.slots.map((s) => [s.startDateTime, s.endDateTime])).toEqual([
      [`${DAY}T07:30:00+11:00`, `${DAY}T07:40:00+11:00`],
      [`${DAY}T08:00:00+11:00`, `${DAY}T08:30:00+11:00`],
    ]);
    expect(answer[0]?.slots[1]).toMatchObject({ clinicId: sydney, timeZone: 'Australia/Sydney' });
    for (const { slots } of answer) {
      const [first, second] = slots as [Slot, Slot];
      const gap = Date.parse(second.startDateTime) - Date.parse(first.endDateTime);
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThanOrEqual(30 * 60_000);
    }
    const firstStarts = answer.map((c) => Date.parse(c.slots[0]?.startDateTime as string));
    expect(firstStarts).toEqual([...firstStarts].sort((a, b) => a - b));
  });

  it('maxGapMinutes 0: each next exam starts as the previous one ends', async () => {
    const answer = await combos({ maxGapMinutes: 0 });
    expect(answer[0]).toEqual(['07:50', '08:00']);
    expect(
      answer.every(([x, us]) => /:(20|50)$/.test(x as string) && /:(00|30)$/.test(us as string)),
    ).toBe(true);
    expect(answer).toHaveLength(23 - 1);
  });

  it('leaves out slots held by other keys, not those of the bookingKey given', async () => {
    const holder = await newKey(app);
    const us = await deviceIds(db, 'sydney-cbd', 'ultrasound');
    const res = await app.inject({
      method: 'POST',
      url: '/api/booking/reserve_slots',
      payload: {
        bookingKey: holder,
        holds: us.map((deviceId) => ({
          examSlug: 'us-abdomen',
          clinicId: sydney,
          deviceId,
          startDateTime: `${DAY}T08:00:00+11:00`,
        })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await combos())[0]).toEqual(['07:50', '08:30']);
    expect((await combos({ bookingKey: holder }))[0]).toEqual(['07:30', '08:00']);
  });

  it('answers the whole range up to the combination cap; at most 14 days', async () => {
    const many = await combos({ examSlugs: ['xray-chest'], end: '2026-12-06' });
    expect(many.length).toBeGreaterThan(200);
    expect(many.length).toBeLessThanOrEqual(REFERENCE_MAX_COMBINATIONS);
    const tooLong = await post({ end: '2026-12-07' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: 'message.date_range_too_long' });
  });

  it('refuses unknown, enquiry-only, repeated or not offered exams and bad ranges', async () => {
    const cases: [Partial<ReferenceAppointmentsRequest>, number, string][] = [
      [{ clinicId: 999999 }, 404, 'message.clinic_not_found'],
      [{ examSlugs: ['xray-chest', 'mri-toe'] }, 404, 'message.exam_not_found'],
      [{ examSlugs: ['ct-coronary-angiogram'] }, 400, 'message.exam_enquiry_only'],
      [{ examSlugs: ['xray-chest', 'xray-chest'] }, 400, 'message.bad_request'],
      [
        { clinicId: await clinicId(db, 'bondi-junction'), examSlugs: ['mri-knee'] },
        400,
        'message.exam_not_offered',
      ],
      [{ start: '2026-11-24', end: DAY }, 400, 'message.bad_request'],
      [{ start: '2026-02-30', end: '2026-03-01' }, 400, 'message.bad_request'],
      [{ examSlugs: [] }, 400, 'message.bad_request'],
      [{ maxGapMinutes: -1 }, 400, 'message.bad_request'],
    ];
    for (const [request, status, message] of cases) {
      const res = await post(request);
      expect(res.statusCode, JSON.stringify(request)).toBe(status);
      expect(res.json()).toMatchObject({ message });
    }
  });
});

describe('combineSlots (pure)', () => {
  const slot = (start: string, minutes: number): Slot => {
    const startMs = Date.parse(`2026-11-23T${start}:00Z`);
    return {
      clinicId: 1,
      clinicSlug: 'c',
      clinicName: 'C',
      startDateTime: new Date(startMs).toISOString(),
      endDateTime: new Date(startMs + minutes * 60_000).toISOString(),
      deviceId: 1,
      timeZone: 'UTC',
    };
  };
  const times = (result: Slot[][]) =>
    result.map((c) => c.map((s) => s.startDateTime.slice(11, 16)));

  it('chains three exams within the gap, in order, and stops at the limit', () => {
    const a = [slot('09:00', 10), slot('09:30', 10)];
    const b = [slot('09:10', 20), slot('09:20', 20), slot('09:45', 20)];
    const c = [slot('09:30', 15), slot('10:05', 15), slot('10:30', 15)];
    expect(times(combineSlots([a, b, c], 10 * 60_000, 100))).toEqual([
      ['09:00', '09:10', '09:30'],
      ['09:30', '09:45', '10:05'],
    ]);
    expect(combineSlots([a, b, c], 10 * 60_000, 1)).toHaveLength(1);
    expect(combineSlots([a, []], 60 * 60_000, 10)).toEqual([]);
    expect(combineSlots([], 0, 10)).toEqual([]);
  });

  it('never lets the next exam start before the previous one ends', () => {
    const result = combineSlots(
      [[slot('09:00', 30)], [slot('09:15', 10), slot('09:30', 10)]],
      0,
      10,
    );
    expect(times(result)).toEqual([['09:00', '09:30']]);
  });
});
