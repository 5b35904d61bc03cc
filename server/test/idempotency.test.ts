/**
 * Booking creation is idempotent (docs/security.md "An acknowledged-or-not
 * booking"): a booking committed while its answer was lost is found again by
 * the retry that carries the same Idempotency-Key, never booked twice.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { newKey, PATIENT, openBookingApp } from './booking-helpers.js';
import { SESSION_COOKIE_NAME, setCookie, SETUP_TIMEOUT, closeTestApp } from './helpers.js';
import { keyRef } from '../db/secrets.js';

let db: Db;
let app: FastifyInstance;
let sydney: number;
let mri: number[];

beforeAll(async () => {
  ({ db, app, sydney, mri } = await openBookingApp('idempotency'));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

function create(url: string, payload: object, idempotencyKey: string) {
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

async function appointmentsOf(bookingKey: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM appointments WHERE booking_key = $1',
    [keyRef(bookingKey)],
  );
  return rows[0]?.n ?? 0;
}

async function slot(at: string) {
  return {
    bookingKey: await newKey(app),
    examSlug: 'mri-knee',
    clinicId: sydney,
    deviceId: mri[0] as number,
    startDateTime: at,
    patient: PATIENT,
  };
}

describe('Idempotency-Key on booking creation', () => {
  it('R-4-create-01 a retry after a lost answer receives the same booking and a session, not a second booking or an error', async () => {
    const request = await slot('2026-11-23T09:00:00+11:00');
    const first = await create('/api/booking/appointments', request, 'retry-after-network-1');
    expect(first.statusCode, first.body).toBe(200);
    // The answer never reached the patient; the client sends the same call again.
    const retry = await create('/api/booking/appointments', request, 'retry-after-network-1');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(setCookie(retry.headers, SESSION_COOKIE_NAME)).toBeDefined();
    expect(await appointmentsOf(request.bookingKey)).toBe(1);
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox WHERE body LIKE '%' || $1 || '%'",
      [request.bookingKey],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('concurrent sends of one call book once and all answer the same booking', async () => {
    const request = await slot('2026-11-23T10:00:00+11:00');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        create('/api/booking/appointments', request, 'concurrent-same-call'),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((res) => res.json<{ slug: string }>().slug)).size).toBe(1);
    expect(await appointmentsOf(request.bookingKey)).toBe(1);
  });

  it('the same key with another request answers 422 message.idempotency_key_reused', async () => {
    const request = await slot('2026-11-23T11:00:00+11:00');
    expect(
      (await create('/api/booking/appointments', request, 'one-key-two-calls')).statusCode,
    ).toBe(200);
    const other = await create(
      '/api/booking/appointments',
      { ...request, startDateTime: '2026-11-23T11:30:00+11:00' },
      'one-key-two-calls',
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ message: 'message.idempotency_key_reused' });
    expect(await appointmentsOf(request.bookingKey)).toBe(1);
  });

  it('booking requests and pending appointments are idempotent too; a malformed key is 400', async () => {
    const bookingKey = await newKey(app);
    const enquiry = {
      bookingKey,
      examSlugs: ['mri-knee'],
      clinicId: null,
      note: '',
      patient: PATIENT,
    };
    const a = await create('/api/booking/booking_requests', enquiry, 'enquiry-retry-0001');
    const b = await create('/api/booking/booking_requests', enquiry, 'enquiry-retry-0001');
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    const pending = await slot('2026-11-23T12:00:00+11:00');
    const p1 = await create('/api/booking/pending_appointments', pending, 'pending-retry-0001');
    const p2 = await create('/api/booking/pending_appointments', pending, 'pending-retry-0001');
    expect(p2.json()).toEqual(p1.json());
    expect(await appointmentsOf(pending.bookingKey)).toBe(1);
    const bad = await create(
      '/api/booking/appointments',
      await slot('2026-11-24T09:00:00+11:00'),
      'x',
    );
    expect(bad.statusCode).toBe(400);
  });
});
