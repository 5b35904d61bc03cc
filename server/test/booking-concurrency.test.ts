// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CreateAppointmentRequest } from '../../src/contract/booking.js';
import type { Db } from '../db/db.js';
import {
  book,
  clinicId,
  clock,
  deviceIds,
  MANY_BOOKINGS,
  newKey,
  PATIENT,
} from './booking-helpers.js';
import { SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';
import { keyRef } from '../db/secrets.js';

let db: Db;
let app: FastifyInstance;
let base: Omit<CreateAppointmentRequest, 'bookingKey' | 'startDateTime'>;

beforeAll(async () => {
  ({ db, app } = await openTestApp('booking_concurrency', { booking: MANY_BOOKINGS }, { clock }));
  base = {
    examSlug: 'mri-knee',
    clinicId: await clinicId(db, 'sydney-cbd'),
    deviceId: (await deviceIds(db, 'sydney-cbd', 'mri'))[0] as number,
    patient: PATIENT,
  };
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

async function live(startDateTime: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM appointments
     WHERE device_id = $1 AND lower(during) = $2::timestamptz AND status <> 'CANCELED'`,
    [base.deviceId, startDateTime],
  );
  return rows[0]?.n ?? -1;
}

async function race(attempts: number, startDateTime: string): Promise<number[]> {
  const keys = await Promise.all(Array.from({ length: attempts }, () => newKey(app)));
  const answers = await Promise.all(
    keys.map((bookingKey) => book(app, { ...base, bookingKey, startDateTime })),
  );
  for (const res of answers.filter((r) => r.statusCode === 409)) {
    expect(res.json()).toMatchObject({ message: 'message.slot_conflict' });
  }
  return answers.map((res) => res.statusCode).sort();
}

describe(`simultaneous bookings of one slot on one device (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('R-8-22 10 at once: exactly one 200 and nine 409 message.slot_conflict', async () => {
    const start = '2026-11-23T09:00:00+11:00';
    expect(await race(10, start)).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(await live(start)).toBe(1);
  });

  it('R-8-22 50 at once still end in exactly one appointment', async () => {
    const start = '2026-11-23T09:30:00+11:00';
    expect(await race(50, start)).toEqual([200, ...Array<number>(49).fill(409)]);
    expect(await live(start)).toBe(1);
  });

  it('R-8-23 one key used at once for several free slots books only one', async () => {
    const bookingKey = await newKey(app);
    const starts = ['10:00', '10:30', '11:00', '11:30', '12:00'].map(
      (t) => `2026-11-24T${t}:00+11:00`,
    );
    const answers = await Promise.all(
      starts.map((startDateTime) => book(app, { ...base, bookingKey, startDateTime })),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({ message: 'message.booking_key_used' });
    }
    const { rows } = await db.query('SELECT 1 FROM appointments WHERE booking_key = $1', [
      keyRef(bookingKey),
    ]);
    expect(rows).toHaveLength(1);
  });

  it('overlapping slots of different exams on one device cannot both be booked', async () => {
    // A 45-minute obstetric scan and a 30-minute abdomen scan share their first half hour.
    const us = {
      ...base,
      deviceId: (await deviceIds(db, 'sydney-cbd', 'ultrasound'))[0] as number,
    };
    const [a, b] = await Promise.all([
      book(app, {
        ...us,
        bookingKey: await newKey(app),
        examSlug: 'us-obstetric-12-week',
        startDateTime: '2026-11-25T08:15:00+11:00',
      }),
      book(app, {
        ...us,
        bookingKey: await newKey(app),
        examSlug: 'us-abdomen',
        startDateTime: '2026-11-25T08:30:00+11:00',
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});
