// @vitest-environment node
import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { writeSetting, readSetting } from '../db/settings.repo.js';
import { bookOne, clinicId, clock, MANY_BOOKINGS, newKey, PATIENT } from './booking-helpers.js';
import { SESSION_COOKIE_NAME, SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';
import { keyRef } from '../db/secrets.js';

const AUTH_COOKIE = '__Host-imaging_auth';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  ({ db, app } = await openTestApp('patient_auth', { booking: MANY_BOOKINGS }, { clock }));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

/** A browser's cookies across calls. */
class Browser {
  readonly jar: Record<string, string> = {};
  /** The client's address: date-of-birth tries are counted per key and client. */
  constructor(readonly address = '127.0.0.1') {}
  async post(url: string, payload: unknown): Promise<LightMyRequestResponse> {
    const res = await app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      cookies: this.jar,
      remoteAddress: this.address,
    });
    for (const cookie of res.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const cleared =
        cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (cleared) delete this.jar[cookie.name];
      else this.jar[cookie.name] = cookie.value;
    }
    return res;
  }
  authenticate(bookingKey: string, dateOfBirth = PATIENT.dateOfBirth, contactNumber = '') {
    return this.post('/api/authentication/patient', {
      bookingKey,
      dateOfBirth,
      contactNumber,
      isBookingRequest: false,
    });
  }
  validate(bookingKey: string, code: string) {
    return this.post('/api/authentication/otp/validate', { bookingKey, code });
  }
  resend(bookingKey: string) {
    return this.post('/api/authentication/otp/send', { bookingKey });
  }
  async status() {
    const res = await app.inject({ method: 'GET', url: '/api/authenticated', cookies: this.jar });
    return res.json<{ authenticated: boolean }>().authenticated;
  }
}

/** The code of the latest message to an address (the outbox is the only place it is readable). */
async function latestCode(): Promise<string> {
  const { rows } = await db.query<{ body: string }>(
    'SELECT body FROM outbox ORDER BY id DESC LIMIT 1',
  );
  const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
  if (!code) throw new Error('no code in the outbox');
  return code;
}

/** The session row of a browser: the table keeps the SHA-256 of the cookie token. */
function tokenHash(browser: Browser): string {
  return createHash('sha256')
    .update(browser.jar[SESSION_COOKIE_NAME] ?? '')
    .digest('base64url');
}

/** The key-wide delay between tries is spent (as if its Retry-After seconds had passed). */
async function waitOutKeyDelay(): Promise<void> {
  await db.query("UPDATE auth_budgets SET next_allowed_at = now() - interval '1 second'");
}

function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

let slot = 0;
/** A fresh appointment on its own slot. */
async function booked(patient: Partial<typeof PATIENT> = {}) {
  slot += 1;
  return bookOne(app, db, { dayOffset: slot % 5, hour: 8 + Math.floor(slot / 5), patient });
}

async function bookingRequestKey(): Promise<string> {
  const bookingKey = await newKey(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/booking/booking_requests',
    payload: {
      bookingKey,
      examSlugs: ['mri-breast'],
      clinicId: await clinicId(db, 'sydney-cbd'),
      patient: PATIENT,
      note: '',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return bookingKey;
}

describe('patient authentication (spec 4 "Authentication")', () => {
  it('R-4-auth-01 R-4-auth-02 R-4-auth-03 an appointment: the date of birth sends a code, the code starts the session', async () => {
    const { bookingKey } = await booked();
    const browser = new Browser();
    const res = await browser.authenticate(bookingKey);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      authenticated: false,
      otpSent: { channel: 'email', sentTo: 'm•••@example.com', resendSeconds: 5 },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await browser.status()).toBe(false);
    const { rows } = await db.query<{ recipient: string; channel: string }>(
      'SELECT recipient, channel FROM outbox ORDER BY id DESC LIMIT 1',
    );
    expect(rows[0]?.recipient.toLowerCase()).toBe('mia.nguyen@example.com');
    expect(rows[0]?.channel).toBe('email');
    const ok = await browser.validate(bookingKey, await latestCode());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ authenticated: true });
    const cookie = String(ok.headers['set-cookie']).split(',')[0] ?? '';
    expect(cookie).toMatch(/^__Host-imaging_session=[A-Za-z0-9_-]{43}; Path=\//);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=None', 'Partitioned'])
      expect(cookie).toContain(attribute);
    expect(await browser.status()).toBe(true);
    const session = await db.query<{ booking_kind: string; booking_key: string }>(
      'SELECT booking_kind, booking_key FROM sessions WHERE token_hash = $1',
      [tokenHash(browser)],
    );
    expect(session.rows).toEqual([
      { booking_kind: 'appointment', booking_key: keyRef(bookingKey) },
    ]);
  });

  it('R-4-auth-04 a booking request: the right date of birth starts the session at once, without a code', async () => {
    const bookingKey = await bookingRequestKey();
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox');
    const browser = new Browser();
    const res = await browser.post('/api/authentication/patient', {
      bookingKey,
      dateOfBirth: PATIENT.dateOfBirth,
      contactNumber: '',
      isBookingRequest: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ authenticated: true, otpSent: null });
    expect(await browser.status()).toBe(true);
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('R-8-01 a wrong date of birth answers 403 message.authentication_error, and so does an unknown key', async () => {
    const { bookingKey } = await booked();
    const browser = new Browser();
    const res = await browser.authenticate(bookingKey, '1984-03-01');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('message.authentication_error');
    const unknown = await browser.authenticate('A'.repeat(24));
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().message).toBe('message.authentication_error');
    const invalid = await browser.authenticate(bookingKey, '1984-13-45');
    expect(invalid.statusCode).toBe(403);
  });

  it('R-4-auth-10 five wrong dates of birth from one client end in max attempts for that client; the owner elsewhere is slowed, never locked out', async () => {
    const { bookingKey } = await booked();
    const attacker = new Browser('203.0.113.7');
    for (let i = 1; i <= 4; i += 1) {
      const wrongDate = await attacker.authenticate(bookingKey, '2000-01-01');
      expect(wrongDate.statusCode).toBe(403);
      expect(wrongDate.json().attemptsLeft).toBe(5 - i);
    }
    const fifth = await attacker.authenticate(bookingKey, '2000-01-01');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe('message.max_attempts_reached');
    // Even the right date of birth is not evaluated for this client any more.
    const sixth = await attacker.authenticate(bookingKey);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('message.max_attempts_reached');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
    // The owner, at home: the key's tries are spaced out for a moment (Retry-After), not locked.
    const owner = new Browser('198.51.100.20');
    const slowed = await owner.authenticate(bookingKey);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe('message.authentication_try_later');
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
    await waitOutKeyDelay();
    expect((await owner.authenticate(bookingKey)).statusCode).toBe(200);
    // The window is the database's: 15 minutes later the attacking client may try again.
    await db.query(
      "UPDATE auth_budgets SET window_start = window_start - interval '16 minutes', next_allowed_at = now()",
    );
    expect((await attacker.authenticate(bookingKey)).statusCode).toBe(200);
  });

  it("R-5-03 R-5-04 the contact number, when given and enabled, must be the holder's (by its last 9 digits)", async () => {
    const { bookingKey } = await booked();
    const application = (await readSetting(db, 'application')) as Record<string, unknown>;
    expect(application.contactNumberAuthEnabled).toBe(true);
    expect(
      (await new Browser().authenticate(bookingKey, PATIENT.dateOfBirth, '0499999999')).statusCode,
    ).toBe(403);
    expect(
      (await new Browser().authenticate(bookingKey, PATIENT.dateOfBirth, '0412345678')).statusCode,
    ).toBe(200);
    const tooLong = await new Browser().authenticate(
      bookingKey,
      PATIENT.dateOfBirth,
      '04123456789',
    );
    expect(tooLong.statusCode).toBe(400);
    const letters = await new Browser().authenticate(bookingKey, PATIENT.dateOfBirth, '04abc');
    expect(letters.statusCode).toBe(400);
  });

  it('R-9-04 codes are 6 digits, stored only as a hash bound to the browser and key', async () => {
    const { bookingKey } = await booked();
    const browser = new Browser();
    await browser.authenticate(bookingKey);
    const code = await latestCode();
    expect(code).toMatch(/^\d{6}$/);
    const { rows } = await db.query<Record<string, unknown>>(
      'SELECT * FROM otp_challenges WHERE booking_key = $1',
      [keyRef(bookingKey)],
    );
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(code);
    for (const encoding of ['hex', 'base64url', 'base64'] as const) {
      expect(stored).not.toContain(createHash('sha256').update(code).digest(encoding));
    }
    expect(stored).not.toContain(browser.jar[AUTH_COOKIE]);
  });

  it('a code works once, only for its key and its browser', async () => {
    const mine = await booked();
    const other = await booked();
    const browser = new Browser();
    await browser.authenticate(mine.bookingKey);
    const code = await latestCode();
    // Another browser (no proof of the date of birth) cannot use it.
    expect((await new Browser().validate(mine.bookingKey, code)).statusCode).toBe(403);
    // Nor for another key.
    const forOther = await browser.validate(other.bookingKey, code);
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toBe('message.authentication_otp_error');
    const copy = { ...browser.jar };
    expect((await browser.validate(mine.bookingKey, code)).statusCode).toBe(200);
    // Replaying the same code with the same proof: refused.
    const replay = new Browser();
    Object.assign(replay.jar, copy);
    delete replay.jar[SESSION_COOKIE_NAME];
    const again = await replay.validate(mine.bookingKey, code);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('message.authentication_otp_expired');
  });

  it('R-8-02 a wrong code answers message.authentication_otp_error; the fifth wrong code ends in max attempts', async () => {
    const { bookingKey } = await booked();
    const browser = new Browser();
    await browser.authenticate(bookingKey);
    const code = await latestCode();
    for (let i = 1; i <= 4; i += 1) {
      const res = await browser.validate(bookingKey, wrong(code));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('message.authentication_otp_error');
      // The patient is warned before the block: tries left (spec 4 "Authentication").
      expect(res.json().attemptsLeft).toBe(5 - i);
    }
    const fifth = await browser.validate(bookingKey, wrong(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe('message.max_attempts_reached');
    // The right code after five tries is refused too.
    const right = await browser.validate(bookingKey, code);
    expect(right.statusCode).toBe(429);
    expect(await browser.status()).toBe(false);
  });

  it('R-4-auth-10 a spent code is not resent, and the date of birth again gives a new code', async () => {
    const { bookingKey } = await booked();
    const browser = new Browser();
    await browser.authenticate(bookingKey);
    const code = await latestCode();
    for (let i = 1; i <= 4; i += 1)
      expect((await browser.validate(bookingKey, wrong(code))).statusCode).toBe(403);
    const fifth = await browser.validate(bookingKey, wrong(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe('message.max_attempts_reached');
    await db.query(
      "UPDATE otp_challenges SET code_sent_at = code_sent_at - interval '6 seconds' WHERE booking_key = $1",
      [keyRef(bookingKey)],
    );
    const resend = await browser.resend(bookingKey);
    expect(resend.statusCode).toBe(429);
    expect((await browser.authenticate(bookingKey)).statusCode).toBe(200);
  });

  it('a code expires after 10 minutes (database clock)', async () => {
    const { bookingKey } = await booked();
    const browser = new Browser();
    await browser.authenticate(bookingKey);
    const code = await latestCode();
    const { rows } = await db.query<{ seconds: number }>(
      `SELECT round(extract(epoch FROM code_expires_at - code_sent_at))::int AS seconds
       FROM otp_challenges WHERE booking_key = $1`,
      [keyRef(bookingKey)],
    );
    expect(rows[0]?.seconds).toBe(600);
    await db.query(
      `UPDATE otp_challenges SET code_sent_at = code_sent_at - interval '601 seconds',
         code_expires_at = code_expires_at - interval '601 seconds' WHERE booking_key = $1`,
      [keyRef(bookingKey)],
    );
    const res = await browser.validate(bookingKey, code);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('message.authentication_otp_expired');
  });

  it('R-5-08 R-9-05 resending is throttled on the server (provider setting, default 5 s) and replaces the code', async () => {
    const { bookingKey } = await booked();
    const browser = new Browser();
    await browser.authenticate(bookingKey);
    const first = await latestCode();
    const tooSoon = await browser.resend(bookingKey);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe('message.otp_resend_too_soon');
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    await db.query(
      "UPDATE otp_challenges SET code_sent_at = code_sent_at - interval '6 seconds' WHERE booking_key = $1",
      [keyRef(bookingKey)],
    );
    const resent = await browser.resend(bookingKey);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ channel: 'email', resendSeconds: 5 });
    const second = await latestCode();
    if (second !== first) expect((await browser.validate(bookingKey, first)).statusCode).toBe(403);
    expect((await browser.validate(bookingKey, second)).statusCode).toBe(200);
    // Without the proof of the date of birth there is nothing to resend.
    expect((await new Browser().resend(bookingKey)).statusCode).toBe(403);
  });

  it('the resend delay follows the provider setting otpResendSeconds', async () => {
    const application = (await readSetting(db, 'application')) as Record<string, unknown>;
    await writeSetting(db, 'application', { ...application, otpResendSeconds: 30 });
    try {
      const { bookingKey } = await booked();
      const browser = new Browser();
      const res = await browser.authenticate(bookingKey);
      expect(res.json().otpSent.resendSeconds).toBe(30);
      await db.query(
        "UPDATE otp_challenges SET code_sent_at = code_sent_at - interval '10 seconds' WHERE booking_key = $1",
        [keyRef(bookingKey)],
      );
      expect((await browser.resend(bookingKey)).statusCode).toBe(429);
    } finally {
      await writeSetting(db, 'application', application);
    }
  });

  it('a login gives a new session id and ends the old one (session fixation)', async () => {
    const bookingKey = await bookingRequestKey();
    const browser = new Browser();
    browser.jar[SESSION_COOKIE_NAME] = 'x'.repeat(43);
    const first = await browser.post('/api/authentication/patient', {
      bookingKey,
      dateOfBirth: PATIENT.dateOfBirth,
      contactNumber: '',
      isBookingRequest: true,
    });
    expect(first.statusCode).toBe(200);
    const firstToken = browser.jar[SESSION_COOKIE_NAME];
    expect(firstToken).not.toBe('x'.repeat(43));
    await browser.post('/api/authentication/patient', {
      bookingKey,
      dateOfBirth: PATIENT.dateOfBirth,
      contactNumber: '',
      isBookingRequest: true,
    });
    const secondToken = browser.jar[SESSION_COOKIE_NAME];
    expect(secondToken).not.toBe(firstToken);
    const old = await app.inject({
      method: 'GET',
      url: '/api/authenticated',
      cookies: { [SESSION_COOKIE_NAME]: firstToken ?? '' },
    });
    expect(old.json().authenticated).toBe(false);
    expect(await browser.status()).toBe(true);
  });

  it('R-7-calls-51 a session used again within the slack is read, not written (issue 15)', async () => {
    const bookingKey = await bookingRequestKey();
    const browser = new Browser();
    await browser.post('/api/authentication/patient', {
      bookingKey,
      dateOfBirth: PATIENT.dateOfBirth,
      contactNumber: '',
      isBookingRequest: true,
    });
    // Just short of a full idle period left, within the minute of slack: no write.
    await db.query(
      "UPDATE sessions SET expires_at = now() + interval '14 minutes 30 seconds' WHERE token_hash = $1",
      [tokenHash(browser)],
    );
    const before = await db.query<{ e: Date }>(
      'SELECT expires_at AS e FROM sessions WHERE token_hash = $1',
      [tokenHash(browser)],
    );
    expect((await browser.post('/api/keep_alive', undefined)).statusCode).toBe(204);
    const after = await db.query<{ e: Date }>(
      'SELECT expires_at AS e FROM sessions WHERE token_hash = $1',
      [tokenHash(browser)],
    );
    expect(after.rows[0]?.e.getTime()).toBe(before.rows[0]?.e.getTime());
  });

  it('R-7-calls-51 the keep-alive ping slides the idle expiry; sessions end after 15 idle minutes and 12 hours in all', async () => {
    const bookingKey = await bookingRequestKey();
    const browser = new Browser();
    await browser.post('/api/authentication/patient', {
      bookingKey,
      dateOfBirth: PATIENT.dateOfBirth,
      contactNumber: '',
      isBookingRequest: true,
    });
    await db.query(
      "UPDATE sessions SET expires_at = now() + interval '1 minute' WHERE token_hash = $1",
      [tokenHash(browser)],
    );
    const ping = await browser.post('/api/keep_alive', undefined);
    expect(ping.statusCode).toBe(204);
    const { rows } = await db.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM expires_at - now()) / 60)::int AS minutes FROM sessions WHERE token_hash = $1`,
      [tokenHash(browser)],
    );
    expect(rows[0]?.minutes).toBe(15);
    // Idle: past expires_at.
    await db.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [tokenHash(browser)],
    );
    expect((await browser.post('/api/keep_alive', undefined)).statusCode).toBe(401);
    expect(await browser.status()).toBe(false);
    // Absolute: a fresh login, then 12 hours pass although it stays active.
    await browser.post('/api/authentication/patient', {
      bookingKey,
      dateOfBirth: PATIENT.dateOfBirth,
      contactNumber: '',
      isBookingRequest: true,
    });
    const absolute = await db.query<{ hours: number }>(
      `SELECT round(extract(epoch FROM absolute_expires_at - created_at) / 3600)::int AS hours
       FROM sessions WHERE token_hash = $1`,
      [tokenHash(browser)],
    );
    expect(absolute.rows[0]?.hours).toBe(12);
    await db.query(
      "UPDATE sessions SET absolute_expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [tokenHash(browser)],
    );
    expect((await browser.post('/api/keep_alive', undefined)).statusCode).toBe(401);
  });

  it('the OpenAPI document lists the authentication calls', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/authentication/patient',
        '/api/authentication/otp/send',
        '/api/authentication/otp/validate',
        '/api/authentication/verify_captcha',
        '/api/authentication/captcha_challenge',
        '/api/keep_alive',
      ]),
    );
  });
});
