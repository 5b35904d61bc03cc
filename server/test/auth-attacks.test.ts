/**
 * Attacks on patient authentication (docs/security.md "Guess limits",
 * "Lockout and e-mail bombing"): bursts of guesses are evaluated at most up
 * to the limit, on PGlite and on PostgreSQL (DATABASE_URL), codes sent per
 * key are capped, an expired code is never resent.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { bookOne, clock, MANY_BOOKINGS, newKey, PATIENT } from './booking-helpers.js';
import { SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';
import { keyRef } from '../db/secrets.js';

const AUTH_COOKIE = '__Host-imaging_auth';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  ({ db, app } = await openTestApp('auth_attacks', { booking: MANY_BOOKINGS }, { clock }));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

let slot = 0;
async function booked() {
  slot += 1;
  return bookOne(app, db, { dayOffset: slot % 5, hour: 8 + Math.floor(slot / 5) });
}

function authenticate(
  bookingKey: string,
  dateOfBirth: string,
  options: { address?: string; authToken?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/authentication/patient',
    payload: { bookingKey, dateOfBirth, contactNumber: '', isBookingRequest: false },
    remoteAddress: options.address ?? '203.0.113.9',
    cookies: options.authToken ? { [AUTH_COOKIE]: options.authToken } : {},
  });
}

/** Fifty different wrong dates of birth, with the right one at `rightAt` when given. */
function guesses(rightAt?: number): string[] {
  return Array.from({ length: 50 }, (_, i) =>
    i === rightAt ? PATIENT.dateOfBirth : `19${String(50 + i).padStart(2, '0')}-06-15`,
  );
}

function evaluated(responses: LightMyRequestResponse[]): number {
  return responses.filter((res) => res.statusCode !== 429).length;
}

async function codesSentTo(email: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM outbox WHERE recipient = $1 AND subject LIKE '%code%'",
    [email],
  );
  return rows[0]?.n ?? 0;
}

function authTokenOf(res: LightMyRequestResponse): string {
  const cookie = (res.cookies as { name: string; value: string }[]).find(
    (c) => c.name === AUTH_COOKIE,
  );
  if (!cookie) throw new Error(`no auth cookie: ${res.statusCode} ${res.body}`);
  return cookie.value;
}

describe('guess limits are decided and recorded in one step', () => {
  it('R-4-auth-10 a burst of 50 concurrent dates of birth from one client evaluates at most 5, and the right one inside it does not win', async () => {
    const { bookingKey } = await booked();
    const responses = await Promise.all(guesses(30).map((dob) => authenticate(bookingKey, dob)));
    expect(evaluated(responses)).toBeLessThanOrEqual(5);
    expect(responses.filter((res) => res.statusCode === 200)).toHaveLength(0);
    const statuses = responses.map((res) => res.statusCode);
    expect(new Set(statuses)).toEqual(new Set([403, 429]));
  });

  it('R-4-auth-10 a burst of 50 dates of birth from 50 addresses evaluates at most 5 on the key', async () => {
    const { bookingKey } = await booked();
    const responses = await Promise.all(
      guesses().map((dob, i) => authenticate(bookingKey, dob, { address: `198.51.100.${i + 1}` })),
    );
    expect(evaluated(responses)).toBeLessThanOrEqual(5);
    const slowed = responses.find((res) => res.statusCode === 429);
    expect(slowed?.json().message).toBe('message.authentication_try_later');
    expect(Number(slowed?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('R-4-auth-10 a booking request, where the date of birth is the only factor, is held to the same limit', async () => {
    const bookingKey = await newKey(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/booking/booking_requests',
      payload: {
        bookingKey,
        examSlugs: ['mri-knee'],
        clinicId: null,
        note: '',
        patient: PATIENT,
      },
    });
    expect(created.statusCode).toBe(200);
    const responses = await Promise.all(guesses(40).map((dob) => authenticate(bookingKey, dob)));
    expect(evaluated(responses)).toBeLessThanOrEqual(5);
    expect(responses.filter((res) => res.statusCode === 200)).toHaveLength(0);
  });

  it('R-8-02 ten code challenges with five wrong codes each evaluate at most 10 codes on the key', async () => {
    const { bookingKey } = await booked();
    const tokens: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await authenticate(bookingKey, PATIENT.dateOfBirth, { address: `192.0.2.${i}` });
      if (res.statusCode === 200) tokens.push(authTokenOf(res));
    }
    // Codes are capped per key and hour, so there are at most 5 challenges (25 tries before).
    expect(tokens.length).toBeLessThanOrEqual(5);
    const tries = await Promise.all(
      tokens.flatMap((token) =>
        Array.from({ length: 5 }, (_, i) =>
          app.inject({
            method: 'POST',
            url: '/api/authentication/otp/validate',
            payload: { bookingKey, code: String(100_000 + i) },
            cookies: { [AUTH_COOKIE]: token },
          }),
        ),
      ),
    );
    expect(tries.filter((res) => res.statusCode === 200)).toHaveLength(0);
    expect(tries.filter((res) => res.statusCode === 403).length).toBeLessThanOrEqual(10);
    // Each evaluated code counts one attempt on its challenge.
    const { rows } = await db.query<{ n: number }>(
      'SELECT coalesce(sum(attempts), 0)::int AS n FROM otp_challenges WHERE booking_key = $1',
      [keyRef(bookingKey)],
    );
    expect(rows[0]?.n).toBeLessThanOrEqual(10);
  });
});

describe('the owner is not locked out and not bombed with codes', () => {
  it('a key receives at most 5 codes an hour, however they are asked for', async () => {
    const email = 'bombed@example.com';
    const { bookingKey } = await bookOne(app, db, {
      dayOffset: 4,
      hour: 17,
      patient: { email },
    });
    const answers: LightMyRequestResponse[] = [];
    let token = '';
    for (let i = 0; i < 20; i += 1) {
      const res = await authenticate(bookingKey, PATIENT.dateOfBirth);
      if (res.statusCode === 200) token = authTokenOf(res);
      answers.push(res);
    }
    await db.query(
      "UPDATE otp_challenges SET code_sent_at = code_sent_at - interval '1 minute' WHERE booking_key = $1",
      [keyRef(bookingKey)],
    );
    answers.push(
      await app.inject({
        method: 'POST',
        url: '/api/authentication/otp/send',
        payload: { bookingKey },
        cookies: { [AUTH_COOKIE]: token },
      }),
    );
    expect(await codesSentTo(email)).toBeLessThanOrEqual(5 + 1); // + the booking confirmation
    const limited = answers.filter((res) => res.statusCode === 429);
    expect(limited.length).toBeGreaterThanOrEqual(15);
    expect(limited.at(-1)?.json().message).toBe('message.otp_send_limit');
  });

  it('an expired code cannot be resent: the patient starts again with the date of birth', async () => {
    const { bookingKey } = await booked();
    const token = authTokenOf(await authenticate(bookingKey, PATIENT.dateOfBirth));
    await db.query(
      `UPDATE otp_challenges SET code_sent_at = now() - interval '11 minutes',
         code_expires_at = now() - interval '1 minute' WHERE booking_key = $1`,
      [keyRef(bookingKey)],
    );
    const resend = await app.inject({
      method: 'POST',
      url: '/api/authentication/otp/send',
      payload: { bookingKey },
      cookies: { [AUTH_COOKIE]: token },
    });
    expect(resend.statusCode).toBe(403);
    expect(resend.json().message).toBe('message.authentication_otp_expired');
  });
});
