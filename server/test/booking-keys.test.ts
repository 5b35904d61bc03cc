// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CreateAppointmentRequest } from '../../src/contract/booking.js';
import type { Db } from '../db/db.js';
import { clinicId, clock, deviceIds, newKey, PATIENT } from './booking-helpers.js';
import { SETUP_TIMEOUT, startEarlyInMinute, openTestApp, closeTestApp } from './helpers.js';
import { keyRef } from '../db/secrets.js';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  ({ db, app } = await openTestApp('booking_keys', {}, { clock }));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

async function request(start: string): Promise<CreateAppointmentRequest> {
  return {
    bookingKey: await newKey(app),
    examSlug: 'mri-knee',
    clinicId: await clinicId(db, 'sydney-cbd'),
    deviceId: (await deviceIds(db, 'sydney-cbd', 'mri'))[0] as number,
    startDateTime: start,
    patient: PATIENT,
  };
}

describe('POST /api/booking/booking_key', () => {
  it('R-7-calls-34 issues unguessable, unique keys (144 random bits, base64url)', async () => {
    const keys = await Promise.all(Array.from({ length: 20 }, () => newKey(app)));
    expect(new Set(keys).size).toBe(20);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const { rows } = await db.query('SELECT 1 FROM booking_keys WHERE booking_key = $1', [
      keyRef(keys[0] ?? ''),
    ]);
    expect(rows).toHaveLength(1);
  });
});

describe('booking rate limit', () => {
  it('limits creating bookings to 20 a minute per address, apart from the other booking calls', async () => {
    // The limit counts in fixed one-minute windows on the database clock: 21
    // requests that straddle a window boundary would all pass. Start early in one.
    await startEarlyInMinute();
    // A client address of its own, apart from the requests that fetch keys.
    const from = { remoteAddress: '203.0.113.9' };
    const payload = {
      ...(await request('2026-12-01T09:00:00+11:00')),
      patient: { ...PATIENT, email: 'bad' },
    };
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/booking/appointments',
        payload,
        ...from,
      });
      codes.push(res.statusCode);
      if (i === 0) expect(res.headers['ratelimit-limit']).toBe('20');
    }
    expect(codes.slice(0, 20).every((code) => code === 400)).toBe(true);
    expect(codes[20]).toBe(429);
    const res = await app.inject({
      method: 'POST',
      url: '/api/booking/booking_requests',
      payload: {},
      ...from,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ message: 'message.too_many_requests' });
    expect(
      (await app.inject({ method: 'GET', url: '/api/booking/regions', ...from })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/api/booking/booking_key', ...from })).statusCode,
    ).toBe(200);
  }, 60_000);
});
