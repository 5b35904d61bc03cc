/**
 * A booking key belongs to the browser it was issued to (docs/security.md
 * "A booking key alone"). The key is in every e-mail link; whoever has only
 * the key cannot book on it, receive a session from booking with it, hold
 * slots, upload, read or move its answers. The way into an existing booking
 * is the date of birth and a code.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { newKey, PATIENT, openBookingApp } from './booking-helpers.js';
import {
  BROWSER_COOKIE_NAME,
  newBrowserToken,
  patientCookies,
  SESSION_COOKIE_NAME,
  setCookie,
  SETUP_TIMEOUT,
  closeTestApp,
} from './helpers.js';
import { keyRef } from '../db/secrets.js';

let db: Db;
let app: FastifyInstance;
let sydney: number;
let mri: number[];

beforeAll(async () => {
  ({ db, app, sydney, mri } = await openBookingApp('key_binding'));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

/** Someone else's browser: only what the e-mail link reveals (the key). */
const attacker = { [BROWSER_COOKIE_NAME]: newBrowserToken() };
/** A client without any browser secret (a script). */
const script = { [BROWSER_COOKIE_NAME]: '' };

function as(
  cookies: Record<string, string>,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, cookies });
}

function slot(bookingKey: string, examSlug: string, at: string, device = 0) {
  return {
    bookingKey,
    examSlug,
    clinicId: sydney,
    deviceId: mri[device] as number,
    startDateTime: at,
    patient: PATIENT,
  };
}

async function count(table: string, bookingKey: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE booking_key = $1`,
    [keyRef(bookingKey)],
  );
  return rows[0]?.n ?? 0;
}

/** The patient's booking of an MRI knee, made a minute ago in their own browser. */
async function patientBooking(at: string): Promise<string> {
  const bookingKey = await newKey(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/booking/appointments',
    payload: slot(bookingKey, 'mri-knee', at),
  });
  expect(res.statusCode, res.body).toBe(200);
  return bookingKey;
}

describe('a booking key alone opens nothing', () => {
  it('R-4-create-02 another browser cannot book a second exam on a fresh key, and gets no session for it', async () => {
    const bookingKey = await patientBooking('2026-11-23T09:00:00+11:00');
    for (const cookies of [attacker, script]) {
      for (const url of ['/api/booking/appointments', '/api/booking/pending_appointments']) {
        const res = await as(cookies, {
          method: 'POST',
          url,
          payload: slot(bookingKey, 'mri-lumbar-spine', '2026-11-23T14:00:00+11:00', 1),
        });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ message: 'message.booking_key_invalid' });
        expect(setCookie(res.headers, SESSION_COOKIE_NAME)).toBeUndefined();
      }
    }
    expect(await count('appointments', bookingKey)).toBe(1);
    // The patient's own browser may still add an exam to the booking within 15 minutes.
    const second = await app.inject({
      method: 'POST',
      url: '/api/booking/appointments',
      payload: slot(bookingKey, 'mri-lumbar-spine', '2026-11-23T14:00:00+11:00', 1),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await count('appointments', bookingKey)).toBe(2);
  });

  it("the refusal reveals nothing: another browser's key answers as a key never issued", async () => {
    const bookingKey = await newKey(app);
    const never = 'C'.repeat(24);
    const answers = await Promise.all(
      [bookingKey, never].map((key) =>
        as(attacker, {
          method: 'POST',
          url: '/api/booking/appointments',
          payload: slot(key, 'mri-knee', '2026-11-24T09:00:00+11:00'),
        }),
      ),
    );
    expect(answers[0]?.statusCode).toBe(answers[1]?.statusCode);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
  });

  it('another browser cannot hold slots, upload, read answers or ask for e-mails with the key', async () => {
    const bookingKey = await newKey(app);
    const hold = await as(attacker, {
      method: 'POST',
      url: '/api/booking/reserve_slots',
      payload: {
        bookingKey,
        holds: [
          {
            examSlug: 'mri-knee',
            clinicId: sydney,
            deviceId: mri[0],
            startDateTime: '2026-11-24T10:00:00+11:00',
          },
        ],
      },
    });
    expect(hold.statusCode).toBe(409);
    expect(await count('slot_holds', bookingKey)).toBe(0);
    const answers = await as(attacker, {
      method: 'GET',
      url: `/api/questionnaires?examSlugs=mri-knee&bookingKey=${bookingKey}`,
    });
    expect(answers.statusCode).toBe(404);
    const documents = await as(attacker, {
      method: 'GET',
      url: `/api/booking/documents?bookingKey=${bookingKey}`,
    });
    expect(documents.statusCode).toBe(404);
    const notify = await as(attacker, {
      method: 'POST',
      url: `/api/booking/pending_appointments/${bookingKey}/notifications`,
    });
    expect(notify.statusCode).toBe(404);
    // And the holder's own browser may.
    const mine = await app.inject({
      method: 'GET',
      url: `/api/questionnaires?examSlugs=mri-knee&bookingKey=${bookingKey}`,
    });
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('issuing a key sets the HttpOnly, Secure, partitioned browser cookie the key is bound to', async () => {
    const res = await as(script, { method: 'POST', url: '/api/booking/booking_key' });
    expect(res.statusCode).toBe(200);
    const cookie = setCookie(res.headers, BROWSER_COOKIE_NAME) ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=None/);
    expect(cookie).toMatch(/Partitioned/);
    const { rows } = await db.query<{ browser_hash: string | null }>(
      'SELECT browser_hash FROM booking_keys WHERE booking_key = $1',
      [keyRef(res.json<{ bookingKey: string }>().bookingKey)],
    );
    const token = /^[^=]+=([^;]+)/.exec(cookie)?.[1] ?? '';
    expect(rows[0]?.browser_hash).toBeTruthy();
    expect(rows[0]?.browser_hash).not.toContain(token);
  });
});

describe('the calendar file needs the booking browser or a session', () => {
  it('R-2.4-29 the calendar .ics answers 404 to a key alone, 200 to the browser that booked and to a session holding the booking', async () => {
    const bookingKey = await patientBooking('2026-11-26T09:00:00+11:00');
    const url = `/api/booking/appointments/${bookingKey}/calendar.ics`;
    const stranger = await as(attacker, { method: 'GET', url });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('BEGIN:VCALENDAR');
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const session = await patientCookies(app, bookingKey);
    const elsewhere = await as({ ...attacker, ...session }, { method: 'GET', url });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.body).toContain('BEGIN:VCALENDAR');
  });
});

describe('booking_key/update never hands a booked patient’s answers to a caller', () => {
  it('R-7-calls-35 a used key, even 30 days old, cannot be moved to another browser’s fresh key', async () => {
    const victim = await patientBooking('2026-11-25T09:00:00+11:00');
    await db.query(
      `INSERT INTO questionnaire_answers (booking_key, questionnaire_id, questionnaire_result)
       VALUES ($1, 7, '{"pregnant": true, "implant": "pacemaker"}')`,
      [keyRef(victim)],
    );
    await db.query(
      "UPDATE booking_keys SET used_at = used_at - interval '30 days' WHERE booking_key = $1",
      [keyRef(victim)],
    );
    const issued = await as(attacker, { method: 'POST', url: '/api/booking/booking_key' });
    const attackerKey = issued.json<{ bookingKey: string }>().bookingKey;
    const moved = await as(attacker, {
      method: 'POST',
      url: '/api/booking/booking_key/update',
      payload: { oldBookingKey: victim, newBookingKey: attackerKey },
    });
    expect(moved.statusCode).toBe(404);
    expect(await count('questionnaire_answers', victim)).toBe(1);
    expect(await count('questionnaire_answers', attackerKey)).toBe(0);
    const read = await as(attacker, {
      method: 'GET',
      url: `/api/questionnaires?examSlugs=mri-knee&bookingKey=${attackerKey}`,
    });
    expect(read.json<{ allQuestionnaireAnswers: unknown[] }>().allQuestionnaireAnswers).toEqual([]);
  });

  it('the rotation the booking flow needs still works: an unused key to a new key of the same browser', async () => {
    const [old, next] = [await newKey(app), await newKey(app)];
    await db.query(
      `INSERT INTO questionnaire_answers (booking_key, questionnaire_id, questionnaire_result)
       VALUES ($1, 7, '{"pregnant": false}')`,
      [keyRef(old)],
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/booking/booking_key/update',
      payload: { oldBookingKey: old, newBookingKey: next },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count('questionnaire_answers', next)).toBe(1);
    // Not from another browser, though: it holds neither key.
    const [a, b] = [await newKey(app), await newKey(app)];
    const foreign = await as(attacker, {
      method: 'POST',
      url: '/api/booking/booking_key/update',
      payload: { oldBookingKey: a, newBookingKey: b },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
