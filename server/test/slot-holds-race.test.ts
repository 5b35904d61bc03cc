// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ReserveSlotsRequest } from '../../src/contract/booking.js';
import type { Db } from '../db/db.js';
import { book, newKey, PATIENT, openBookingApp } from './booking-helpers.js';
import { SETUP_TIMEOUT, closeTestApp } from './helpers.js';
import { keyRef } from '../db/secrets.js';

let db: Db;
let app: FastifyInstance;
let sydney: number;
let mri: number[];

beforeAll(async () => {
  ({ db, app, sydney, mri } = await openBookingApp('booking_holds_race'));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

function hold(deviceId: number, startDateTime: string, examSlug = 'mri-knee') {
  return { examSlug, clinicId: sydney, deviceId, startDateTime };
}

function reserve(payload: ReserveSlotsRequest) {
  return app.inject({ method: 'POST', url: '/api/booking/reserve_slots', payload });
}

function appointment(bookingKey: string, deviceId: number, startDateTime: string) {
  return book(app, {
    bookingKey,
    examSlug: 'mri-knee',
    clinicId: sydney,
    deviceId,
    startDateTime,
    patient: PATIENT,
  });
}

describe(`reserve_slots refusals and races (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('refuses keys not issued or used for a booking request, off-grid times and overlaps', async () => {
    const at = '2026-11-27T09:00:00+11:00';
    const unknown = await reserve({ bookingKey: 'A'.repeat(24), holds: [] });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toMatchObject({ message: 'message.booking_key_invalid' });
    const used = await newKey(app);
    await db.query(
      "UPDATE booking_keys SET used_at = now(), used_for = 'booking_request' WHERE booking_key = $1",
      [keyRef(used)],
    );
    const usedRes = await reserve({ bookingKey: used, holds: [] });
    expect(usedRes.json()).toMatchObject({ message: 'message.booking_key_used' });
    const key = await newKey(app);
    const offGrid = await reserve({
      bookingKey: key,
      holds: [hold(mri[0] as number, '2026-11-27T09:10:00+11:00')],
    });
    expect(offGrid.statusCode).toBe(409);
    const overlap = await reserve({
      bookingKey: key,
      holds: [hold(mri[0] as number, at), hold(mri[0] as number, at, 'mri-brain')],
    });
    expect(overlap.statusCode).toBe(400);
    const enquiry = await reserve({
      bookingKey: key,
      holds: [hold(mri[0] as number, at, 'mri-brain-contrast')],
    });
    expect(enquiry.json()).toMatchObject({ message: 'message.exam_enquiry_only' });
    expect((await reserve({ bookingKey: 'short', holds: [] })).statusCode).toBe(400);
  });

  it('R-8-22 ten simultaneous holds of one slot: exactly one wins', async () => {
    const at = '2026-11-30T09:00:00+11:00';
    const keys = await Promise.all(Array.from({ length: 10 }, () => newKey(app)));
    const answers = await Promise.all(
      keys.map((bookingKey) => reserve({ bookingKey, holds: [hold(mri[0] as number, at)] })),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({ message: 'message.slot_conflict' });
    }
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM slot_holds
       WHERE device_id = $1 AND lower(during) = $2::timestamptz`,
      [mri[0], at],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('R-8-22 a hold and a booking of one slot at once: exactly one succeeds', async () => {
    for (const minute of ['00', '30']) {
      const at = `2026-11-30T10:${minute}:00+11:00`;
      const [h, b] = await Promise.all([
        reserve({ bookingKey: await newKey(app), holds: [hold(mri[0] as number, at)] }),
        appointment(await newKey(app), mri[0] as number, at),
      ]);
      expect([h.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    }
  });
});
