// @vitest-environment node
/**
 * Kiosk check-in before any session (R-3-47, R-3-48, R-3-56, R-4-checkin-03/06/07/08,
 * R-7-calls-42, R-1-06): identity by last name and date of birth that reveals
 * nothing usable, decoys, ambiguity, the one-time code into a short session,
 * and the rate limit per kiosk device and per address.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInIdentityResponse } from '../../src/contract/check-in.js';
import type { Db } from '../db/db.js';
import { secretHash } from '../db/secrets.js';
import { insertAppointment } from './check-in-helpers.js';
import {
  closeTestApp,
  openTestApp,
  patientCookies,
  SESSION_COOKIE_NAME,
  setCookie,
  SETUP_TIMEOUT,
} from './helpers.js';

let db: Db;
let app: FastifyInstance;
const nowMs = Date.parse('2026-11-26T10:00:00+11:00');
let address = 0;
/** Each test asks from its own address, so the rate limit of one never touches another. */
const nextAddress = () => `10.16.0.${++address}`;

beforeAll(async () => {
  ({ db, app } = await openTestApp(
    'check_in_kiosk',
    { checkInRateLimit: { max: 3, windowSeconds: 86_400 } },
    { clock: () => new Date(nowMs) },
  ));
}, SETUP_TIMEOUT);
afterAll(() => closeTestApp(app, db));

function post(
  url: string,
  payload: object,
  remoteAddress: string,
  cookies: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url, payload, remoteAddress, cookies });
}

async function identity(lastName: string, dateOfBirth: string, from = nextAddress()) {
  const res = await post('/api/check_in/identity', { lastName, dateOfBirth }, from);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CheckInIdentityResponse>();
}

async function outboxCount(): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox WHERE channel IN ('email', 'sms')`,
  );
  return rows[0]!.n;
}

async function lastCodeTo(recipient: string): Promise<string> {
  const { rows } = await db.query<{ body: string }>(
    'SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
    [recipient],
  );
  return /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1] ?? '';
}

const HANDLE = /^[A-Za-z0-9_-]{43}$/;

describe('identity reveals nothing usable (R-3-48)', () => {
  it('answers the same shape for a match and for nobody; the decoy code is never sent', async () => {
    const a = await insertAppointment(db, {
      startIso: '2026-11-26T10:30:00+11:00',
      lastName: 'Ó Súilleabháin',
      dateOfBirth: '1931-02-03',
      email: 'oisin@example.com',
    });
    const match = await identity('  o suilleabhain ', '1931-02-03');
    const nobody = await identity('Nobody', '1931-02-03');
    for (const answer of [match, nobody]) {
      expect(Object.keys(answer).sort()).toEqual([
        'appointmentBookingKeys',
        'disabledReason',
        'feedbackQuestionnaireAnswered',
        'samePatient',
      ]);
      expect(answer).toMatchObject({
        samePatient: true,
        feedbackQuestionnaireAnswered: false,
        disabledReason: null,
      });
      expect(answer.appointmentBookingKeys).toHaveLength(1);
      expect(answer.appointmentBookingKeys[0]).toMatch(HANDLE);
      expect(answer.appointmentBookingKeys[0]).not.toBe(a.bookingKey);
    }
    // Only the hash of a handle is stored.
    const handle = match.appointmentBookingKeys[0]!;
    const { rows } = await db.query('SELECT 1 FROM check_in_handles WHERE handle_hash = $1', [
      handle,
    ]);
    expect(rows).toHaveLength(0);
    expect(
      (
        await db.query('SELECT 1 FROM check_in_handles WHERE handle_hash = $1', [
          secretHash(handle),
        ])
      ).rows,
    ).toHaveLength(1);

    const before = await outboxCount();
    const decoy = await post(
      '/api/check_in/otp/send',
      { handle: nobody.appointmentBookingKeys[0] },
      nextAddress(),
    );
    expect(decoy.statusCode).toBe(200);
    expect(decoy.json()).toEqual({
      channel: 'email',
      sentTo: expect.stringMatching(/^[a-z]•••@[a-z.]+$/),
      resendSeconds: expect.any(Number),
    });
    expect(await outboxCount()).toBe(before);
    const real = await post('/api/check_in/otp/send', { handle }, nextAddress());
    expect(real.json()).toEqual({
      channel: 'email',
      sentTo: 'o•••@example.com',
      resendSeconds: expect.any(Number),
    });
    expect(await outboxCount()).toBe(before + 1);
    // A decoy never verifies, whatever the code.
    const wrong = await post(
      '/api/check_in/otp/validate',
      { handle: nobody.appointmentBookingKeys[0], code: await lastCodeTo('oisin@example.com') },
      nextAddress(),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'message.authentication_otp_error' });
  });

  it('ignores cancelled appointments and those of another day', async () => {
    await insertAppointment(db, {
      startIso: '2026-11-26T10:30:00+11:00',
      lastName: 'Vance',
      dateOfBirth: '1932-03-04',
      status: 'CANCELED',
    });
    await insertAppointment(db, {
      startIso: '2026-11-27T09:30:00+11:00',
      lastName: 'Vance',
      dateOfBirth: '1932-03-04',
    });
    const answer = await identity('Vance', '1932-03-04');
    const handle = answer.appointmentBookingKeys[0]!;
    const { rows } = await db.query<{ decoy: boolean }>(
      'SELECT decoy FROM check_in_handles WHERE handle_hash = $1',
      [secretHash(handle)],
    );
    expect(rows[0]?.decoy).toBe(true);
  });

  it('a handle is not a booking key anywhere', async () => {
    await insertAppointment(db, {
      startIso: '2026-11-26T10:30:00+11:00',
      lastName: 'Keyes',
      dateOfBirth: '1933-04-05',
    });
    const handle = (await identity('Keyes', '1933-04-05')).appointmentBookingKeys[0]!;
    const from = nextAddress();
    expect((await post('/api/dev/patient-login', { bookingKey: handle }, from)).statusCode).toBe(
      404,
    );
    const auth = await post(
      '/api/authentication/patient',
      { bookingKey: handle, dateOfBirth: '1933-04-05', contactNumber: '', isBookingRequest: false },
      from,
    );
    expect(auth.statusCode).toBe(403);
    const other = await insertAppointment(db, { startIso: '2026-11-26T12:30:00+11:00' });
    const summary = await app.inject({
      method: 'POST',
      url: '/api/secured/appointments/summary',
      payload: { bookingKey: handle },
      cookies: await patientCookies(app, other.bookingKey),
    });
    expect(summary.statusCode).toBe(403);
  });
});

describe('ambiguity (R-4-checkin-06/07)', () => {
  it('several booking keys give several handles; different first names are not the same patient', async () => {
    for (const firstName of ['Ava', 'Ava'])
      await insertAppointment(db, {
        startIso: '2026-11-26T10:30:00+11:00',
        lastName: 'Twin',
        firstName,
        dateOfBirth: '1934-05-06',
      });
    const same = await identity('Twin', '1934-05-06');
    expect(same.appointmentBookingKeys).toHaveLength(2);
    expect(same.samePatient).toBe(true);
    await insertAppointment(db, {
      startIso: '2026-11-26T11:30:00+11:00',
      lastName: 'Twin',
      firstName: 'Zoe',
      dateOfBirth: '1934-05-06',
    });
    const different = await identity('twin', '1934-05-06');
    expect(different.appointmentBookingKeys).toHaveLength(3);
    expect(different.samePatient).toBe(false);
  });
});

describe('the code starts a short session for the booking key (R-4-checkin-03/08)', () => {
  it('validates once, lists today, ends the handle; wrong codes are counted', async () => {
    const a = await insertAppointment(db, {
      startIso: '2026-11-26T10:30:00+11:00',
      lastName: 'Kiosk',
      dateOfBirth: '1935-06-07',
      email: 'kiosk.patient@example.com',
    });
    const from = nextAddress();
    const handle = (await identity('KIOSK', '1935-06-07', from)).appointmentBookingKeys[0]!;
    expect((await post('/api/check_in/otp/send', { handle }, from)).statusCode).toBe(200);
    const code = await lastCodeTo('kiosk.patient@example.com');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post('/api/check_in/otp/validate', { handle, code: wrongCode }, from);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'message.authentication_otp_error',
      attemptsLeft: 4,
    });
    const right = await post('/api/check_in/otp/validate', { handle, code }, from);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ bookingKey: '' });
    const token = /^[^=]+=([^;]+)/.exec(setCookie(right.headers, SESSION_COOKIE_NAME) ?? '')?.[1];
    const list = await app.inject({
      method: 'GET',
      url: '/api/secured/check_in/appointments',
      cookies: { [SESSION_COOKIE_NAME]: token ?? '' },
    });
    expect(list.json().map((item: { slug: string }) => item.slug)).toEqual([a.slug]);
    const { rows } = await db.query<{ short: boolean }>(
      `SELECT absolute_expires_at <= now() + interval '15 minutes' AS short FROM sessions
       WHERE token_hash = $1`,
      [secretHash(token ?? '')],
    );
    expect(rows[0]?.short).toBe(true);
    // Single use.
    expect((await post('/api/check_in/otp/validate', { handle, code }, from)).statusCode).toBe(403);
    expect((await post('/api/check_in/otp/send', { handle }, from)).statusCode).toBe(403);
  });

  it('five wrong codes end the handle (429 message.max_attempts_reached)', async () => {
    await insertAppointment(db, {
      startIso: '2026-11-26T10:30:00+11:00',
      lastName: 'Guess',
      dateOfBirth: '1936-07-08',
      email: 'guess@example.com',
    });
    const from = nextAddress();
    const handle = (await identity('Guess', '1936-07-08', from)).appointmentBookingKeys[0]!;
    await post('/api/check_in/otp/send', { handle }, from);
    const code = await lastCodeTo('guess@example.com');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push(
        (await post('/api/check_in/otp/validate', { handle, code: wrongCode }, from)).statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await post('/api/check_in/otp/validate', { handle, code }, from);
    expect(right.statusCode).toBe(429);
  });

  it('refuses malformed bodies with 400 and message keys, never 500', async () => {
    const from = nextAddress();
    for (const [url, payload] of [
      ['/api/check_in/identity', { lastName: '', dateOfBirth: '1990-01-01' }],
      ['/api/check_in/identity', { lastName: 'X', dateOfBirth: '1990-13-45x' }],
      ['/api/check_in/identity', { lastName: 'X', dateOfBirth: '1990-02-31' }],
      ['/api/check_in/otp/send', { handle: 'not a handle!' }],
      ['/api/check_in/otp/validate', { handle: 'abc', code: '12' }],
    ] as const) {
      const res = await post(url, payload, from, {
        kioskIdentity: `device-${url}-${JSON.stringify(payload)}`,
      });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toMatch(/^message\./);
    }
  });
});

describe('rate limit per kiosk device and per address (R-1-06)', () => {
  it('refuses the fourth check of one device, and of one address', async () => {
    const device = { kioskIdentity: 'Reception tablet 1' };
    const kioskAddress = nextAddress();
    const check = (from: string, cookies: Record<string, string> = device) =>
      post('/api/check_in/identity', { lastName: 'Any', dateOfBirth: '1990-01-01' }, from, cookies);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await check(kioskAddress)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The kiosk shows its name: a stranger who copies it into a cookie elsewhere spends only
    // their own budget, and cannot lock the kiosk out (found trying it by hand, issue 16).
    const stranger = nextAddress();
    expect((await check(stranger)).statusCode).toBe(200);
    expect((await check(kioskAddress, {})).statusCode).toBe(429);
    const from = nextAddress();
    const byAddress = [];
    for (let i = 0; i < 4; i += 1)
      byAddress.push(
        (
          await post(
            '/api/check_in/identity',
            { lastName: 'Any', dateOfBirth: '1990-01-01' },
            from,
            {
              kioskIdentity: `tablet ${i}`,
            },
          )
        ).statusCode,
      );
    expect(byAddress).toEqual([200, 200, 200, 429]);
    const refused = await post(
      '/api/check_in/identity',
      { lastName: 'Any', dateOfBirth: '1990-01-01' },
      from,
    );
    expect(refused.json()).toMatchObject({ message: 'message.too_many_requests' });
  });
});
