// @vitest-environment node
// SET_INSURANCE_TYPE (spec 3 "Processed outcome response" insuranceTypeId): the
// booking POSTs take an optional insuranceTypeId and store it (migration 010).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { clinicId, clock, deviceIds, MANY_BOOKINGS, newKey, PATIENT } from './booking-helpers.js';
import { SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';
import { keyRef } from '../db/secrets.js';

let db: Db;
let app: FastifyInstance;
let sydney: number;
let mri: number[];

beforeAll(async () => {
  ({ db, app } = await openTestApp(
    'booking_insurance_type',
    { booking: MANY_BOOKINGS },
    { clock },
  ));
  sydney = await clinicId(db, 'sydney-cbd');
  mri = await deviceIds(db, 'sydney-cbd', 'mri');
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

async function appointment(start: string, extra: Record<string, unknown> = {}) {
  return {
    bookingKey: await newKey(app),
    examSlug: 'mri-knee',
    clinicId: sydney,
    deviceId: mri[0] as number,
    startDateTime: start,
    patient: PATIENT,
    ...extra,
  };
}

/** Like booking-helpers' book, but any body (bad values on purpose). */
function book(payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/booking/appointments', payload });
}

async function bookingRequest(extra: Record<string, unknown> = {}) {
  const payload = {
    bookingKey: await newKey(app),
    examSlugs: ['mri-breast'],
    clinicId: sydney,
    patient: PATIENT,
    ...extra,
  };
  const res = await app.inject({ method: 'POST', url: '/api/booking/booking_requests', payload });
  return { payload, res };
}

async function storedId(table: 'appointments' | 'booking_requests', key: string) {
  const { rows } = await db.query<{ insurance_type_id: number | null }>(
    `SELECT insurance_type_id FROM ${table} WHERE booking_key = $1`,
    [keyRef(key)],
  );
  expect(rows).toHaveLength(1);
  return rows[0]?.insurance_type_id;
}

const BAD_VALUES: unknown[] = [0, -1, 'x', 1.5, 2147483648];

describe('R-3-25 insuranceTypeId on POST /api/booking/appointments', () => {
  it('stores the insurance type a questionnaire outcome chose', async () => {
    const payload = await appointment('2026-11-23T09:00:00+11:00', { insuranceTypeId: 3 });
    const res = await book(payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).not.toHaveProperty('insuranceTypeId');
    expect(await storedId('appointments', payload.bookingKey)).toBe(3);
  });

  it('stores null without one', async () => {
    const payload = await appointment('2026-11-23T09:30:00+11:00');
    expect((await book(payload)).statusCode).toBe(200);
    expect(await storedId('appointments', payload.bookingKey)).toBeNull();
  });

  it.each(BAD_VALUES)('answers 400 with a message key for insuranceTypeId %j', async (bad) => {
    const payload = await appointment('2026-11-23T10:00:00+11:00', { insuranceTypeId: bad });
    const res = await book(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      message: 'message.bad_request',
    });
  });
});

describe('R-3-25 insuranceTypeId on POST /api/booking/booking_requests', () => {
  it('stores the insurance type a questionnaire outcome chose', async () => {
    const { payload, res } = await bookingRequest({ insuranceTypeId: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedId('booking_requests', payload.bookingKey)).toBe(5);
  });

  it('stores null without one', async () => {
    const { payload, res } = await bookingRequest();
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedId('booking_requests', payload.bookingKey)).toBeNull();
  });

  it.each(BAD_VALUES)('answers 400 with a message key for insuranceTypeId %j', async (bad) => {
    const { res } = await bookingRequest({ insuranceTypeId: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      message: 'message.bad_request',
    });
  });
});

describe('migration 010', () => {
  it('the database refuses an insurance type id that is not positive', async () => {
    await expect(
      db.query(
        'UPDATE booking_requests SET insurance_type_id = 0 WHERE id = (SELECT min(id) FROM booking_requests)',
      ),
    ).rejects.toThrow();
  });
});
