// @vitest-environment node
/**
 * Issue 13 tried as an attacker, by racing (docs/security.md "Issue 13
 * surfaces"): the outbox rewrites a booking's unsent confirmation as its
 * exams arrive, so concurrent bookings on one key, bookings of two patients
 * at once, another browser racing onto the key from its e-mail link, a
 * double cancel, a cancel racing a reschedule and the cancel questionnaire.
 * On PostgreSQL (DATABASE_URL) the requests really run at once.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientDetails } from '../../src/contract/booking.js';
import { listOutbox } from '../db/booking.repo.js';
import { claimPending } from '../db/outbox.repo.js';
import type { Db } from '../db/db.js';
import { keyRef } from '../db/secrets.js';
import { idsByCode, newKey, openBookingApp, PATIENT } from './booking-helpers.js';
import {
  BROWSER_COOKIE_NAME,
  newBrowserToken,
  SESSION_COOKIE_NAME,
  setCookie,
  SETUP_TIMEOUT,
  closeTestApp,
} from './helpers.js';

let db: Db;
let app: FastifyInstance;
let sydney: number;
let mri: number[];

beforeAll(async () => {
  ({ db, app, sydney, mri } = await openBookingApp('journeys_attack_races'));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

const OLA: PatientDetails = {
  ...PATIENT,
  firstName: 'Ola',
  lastName: 'Berg',
  dateOfBirth: '1990-05-05',
};
const REASON = { label: 'I am feeling better' };
const EXAMS = ['mri-knee', 'mri-brain', 'mri-shoulder', 'mri-lumbar-spine'];

/** A browser of its own (the booking key's cookie), as a second person's would be. */
function browser(): Record<string, string> {
  return { [BROWSER_COOKIE_NAME]: newBrowserToken() };
}

function as(cookies: Record<string, string>, options: InjectOptions) {
  return app.inject({ ...options, cookies });
}

async function keyOf(cookies: Record<string, string>): Promise<string> {
  const res = await as(cookies, { method: 'POST', url: '/api/booking/booking_key' });
  return res.json<{ bookingKey: string }>().bookingKey;
}

function slot(bookingKey: string, examSlug: string, day: number, hour: number, device = 0) {
  return {
    bookingKey,
    examSlug,
    clinicId: sydney,
    deviceId: mri[device] as number,
    startDateTime: `2026-11-${day}T${String(hour).padStart(2, '0')}:00:00+11:00`,
    patient: PATIENT,
  };
}

function book(cookies: Record<string, string>, payload: object, url = '/api/booking/appointments') {
  return as(cookies, { method: 'POST', url, payload });
}

const sessionOf = (headers: Record<string, unknown>) => ({
  [SESSION_COOKIE_NAME]:
    /^[^=]+=([^;]+)/.exec(setCookie(headers, SESSION_COOKIE_NAME) ?? '')?.[1] ?? '',
});

async function status(slug: string): Promise<string | undefined> {
  const { rows } = await db.query<{ status: string }>(
    'SELECT status FROM appointments WHERE slug = $1',
    [slug],
  );
  return rows[0]?.status;
}

describe('R-1-10 racing exams of one booking: one e-mail, every exam in it', () => {
  it('four exams booked at once on one key, three times over: each booking gets exactly one e-mail naming all four', async () => {
    for (const day of [23, 24, 25]) {
      const key = await newKey(app);
      const answers = await Promise.all(
        EXAMS.map((exam, i) =>
          app.inject({
            method: 'POST',
            url: '/api/booking/appointments',
            payload: slot(key, exam, day, 9 + i, i % 2),
          }),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
      const mails = await listOutbox(db, keyRef(key));
      expect(mails).toHaveLength(1);
      for (const name of ['MRI Knee', 'MRI Brain', 'MRI Shoulder', 'MRI Lumbar spine'])
        expect(mails[0]?.body).toContain(`Exam: ${name}\n`);
    }
  });

  it('two patients booking at once with one e-mail address: each e-mail greets its own patient and names only their exam', async () => {
    const mia = browser();
    const ola = browser();
    const [miaKey, olaKey] = await Promise.all([keyOf(mia), keyOf(ola)]);
    const answers = await Promise.all([
      book(mia, slot(miaKey, 'mri-knee', 26, 9)),
      book(ola, { ...slot(olaKey, 'mri-brain', 26, 9, 1), patient: OLA }),
      book(mia, slot(miaKey, 'mri-shoulder', 26, 10)),
      book(ola, { ...slot(olaKey, 'mri-lumbar-spine', 26, 10, 1), patient: OLA }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const [miaMail] = await listOutbox(db, keyRef(miaKey));
    const [olaMail] = await listOutbox(db, keyRef(olaKey));
    expect(miaMail?.body).toMatch(/^Dear Mia Nguyen,/);
    expect(miaMail?.body).not.toMatch(/Ola|MRI Brain|MRI Lumbar spine/);
    expect(olaMail?.body).toMatch(/^Dear Ola Berg,/);
    expect(olaMail?.body).not.toMatch(/Mia|MRI Knee|MRI Shoulder/);
  });

  it("another browser racing onto the patient's key from the e-mail link books nothing and leaves her e-mail as it was", async () => {
    const mia = browser();
    const key = await keyOf(mia);
    const attacker = browser();
    const answers = await Promise.all([
      book(mia, slot(key, 'mri-knee', 27, 9)),
      ...['mri-brain', 'mri-shoulder'].map((exam, i) =>
        book(attacker, { ...slot(key, exam, 27, 10 + i, 1), patient: OLA }),
      ),
      book(mia, slot(key, 'mri-lumbar-spine', 27, 13)),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 409, 409, 200]);
    expect(answers[1]?.json()).toMatchObject({ message: 'message.booking_key_invalid' });
    expect(setCookie(answers[1]?.headers ?? {}, SESSION_COOKIE_NAME)).toBeUndefined();
    const mails = await listOutbox(db, keyRef(key));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toMatch(/^Dear Mia Nguyen,/);
    expect(mails[0]?.body).toContain('Exam: MRI Knee\n');
    expect(mails[0]?.body).toContain('Exam: MRI Lumbar spine\n');
    expect(mails[0]?.body).not.toMatch(/Ola|MRI Brain|MRI Shoulder/);
  });

  it('pending exams: fifty notification calls at once queue one e-mail naming both exams', async () => {
    const key = await newKey(app);
    for (const [i, exam] of ['mri-knee', 'mri-brain'].entries()) {
      const res = await book({}, slot(key, exam, 30, 9 + i), '/api/booking/pending_appointments');
      expect(res.statusCode, res.body).toBe(200);
    }
    const url = `/api/booking/pending_appointments/${key}/notifications`;
    // Another browser with the key from a link sends nothing.
    expect((await as(browser(), { method: 'POST', url })).statusCode).toBe(404);
    expect(await listOutbox(db, keyRef(key))).toEqual([]);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => app.inject({ method: 'POST', url })),
    );
    expect(answers.every((res) => res.statusCode < 300)).toBe(true);
    const mails = await listOutbox(db, keyRef(key));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toMatch(/Exam: MRI Knee\n[\s\S]*Exam: MRI Brain\n/);
  });
});

describe('R-4-status-03 cancelling, raced', () => {
  async function booked(day: number, hour: number) {
    const cookies = browser();
    const res = await book(cookies, slot(await keyOf(cookies), 'mri-knee', day, hour));
    expect(res.statusCode, res.body).toBe(200);
    const { slug, bookingKey } = res.json<{ slug: string; bookingKey: string }>();
    return { slug, bookingKey, cookies: { ...cookies, ...sessionOf(res.headers) } };
  }

  const cancel = (mine: Awaited<ReturnType<typeof booked>>) =>
    as(mine.cookies, {
      method: 'POST',
      url: `/api/secured/appointments/${mine.slug}/cancel`,
      payload: { reason: REASON, note: '' },
    });

  const cancellations = async (bookingKey: string) =>
    (await listOutbox(db, keyRef(bookingKey))).filter((m) => /cancelled/i.test(m.subject));

  it('fifty cancels of one appointment at once: one succeeds, the others 409, one cancellation e-mail', async () => {
    const mine = await booked(23, 14);
    const answers = await Promise.all(Array.from({ length: 50 }, () => cancel(mine)));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(49).fill(409)]);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json()).toMatchObject({ message: 'message.cancel_not_allowed' });
    expect(await cancellations(mine.bookingKey)).toHaveLength(1);
  });

  it('R-4-cancel-07 a cancel racing a reschedule and the cancel questionnaire: exactly one of them happens', async () => {
    const questionnaire = (await idsByCode(db, 'questionnaires'))['cancel-reasons'];
    for (const hour of [11, 13, 15]) {
      const mine = await booked(26, hour);
      const moving = await keyOf(mine.cookies);
      const answers = await Promise.all([
        cancel(mine),
        book(mine.cookies, {
          ...slot(moving, 'mri-knee', 26, hour + 1),
          appointmentSlug: mine.slug,
          status: 'RESCHEDULED',
          previousBookingKey: mine.bookingKey,
        }),
        as(mine.cookies, {
          method: 'POST',
          url: `/api/secured/appointments/${mine.slug}/questionnaire_answers`,
          payload: { questionnaireId: questionnaire, questionnaireResult: { reason: 'time' } },
        }),
      ]);
      const won = answers.filter((res) => res.statusCode === 200);
      expect(won, answers.map((res) => res.body).join('\n')).toHaveLength(1);
      // The losers are refused; a reschedule that won also ended the old booking's session (401).
      for (const res of answers.filter((r) => r.statusCode !== 200))
        expect([401, 409]).toContain(res.statusCode);
      expect(await status(mine.slug)).toBe('CANCELED');
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM appointments WHERE booking_key = $1',
        [keyRef(moving)],
      );
      // The new appointment exists exactly when the reschedule won.
      expect(rows[0]?.n).toBe(answers[1]?.statusCode === 200 ? 1 : 0);
      expect(await cancellations(mine.bookingKey)).toHaveLength(
        answers[1]?.statusCode === 200 ? 0 : 1,
      );
    }
  });

  it('a cancel within the gathering window: the confirmation goes out before the cancellation and nothing joins it after', async () => {
    const mia = browser();
    const key = await keyOf(mia);
    const first = await book(mia, slot(key, 'mri-knee', 25, 13));
    expect((await book(mia, slot(key, 'mri-brain', 25, 14))).statusCode).toBe(200);
    const mine = {
      slug: first.json<{ slug: string }>().slug,
      bookingKey: key,
      cookies: { ...mia, ...sessionOf(first.headers) },
    };
    expect((await cancel(mine)).statusCode).toBe(200);
    expect((await book(mia, slot(key, 'mri-shoulder', 25, 15, 1))).statusCode).toBe(200);
    const { rows } = await db.query<{ subject: string; due: Date }>(
      `SELECT subject, coalesce(next_attempt_at, created_at) AS due FROM outbox
       WHERE reference = $1 ORDER BY due, id`,
      [keyRef(key)],
    );
    const subjects = rows.map((row) => row.subject);
    const confirmation = subjects.findIndex((s) =>
      s.startsWith('Your appointments for MRI Knee and MRI Brain'),
    );
    const cancelled = subjects.findIndex((s) =>
      /^Your MRI Knee appointment .* is cancelled$/.test(s),
    );
    expect(confirmation, subjects.join('\n')).toBe(0);
    expect(cancelled).toBeGreaterThan(confirmation);
    // The exam booked after the cancel has an e-mail of its own.
    expect(subjects.filter((s) => s.startsWith('Your MRI Shoulder appointment'))).toHaveLength(1);
    expect(rows).toHaveLength(3);
  });
});

describe('R-1-10 the sender racing the gathering', () => {
  it('a sender taking the confirmation while the next exam is booked: no exam goes missing, nothing is rewritten after it was taken', async () => {
    for (let hour = 11; hour <= 18; hour++) {
      const key = await newKey(app);
      const first = await book({}, slot(key, 'mri-knee', 30, hour));
      expect(first.statusCode).toBe(200);
      // Due now, as if the gathering window had passed.
      await db.query('UPDATE outbox SET next_attempt_at = now() WHERE reference = $1', [
        keyRef(key),
      ]);
      const [claimed, second] = await Promise.all([
        // The sender starts 0 to 35 ms after the booking: before, inside and after its transaction.
        new Promise((resolve) => setTimeout(resolve, (hour - 11) * 5)).then(() =>
          claimPending(db, { channels: ['email'], limit: 50, maxAttempts: 5, leaseSeconds: 60 }),
        ),
        book({}, slot(key, 'mri-brain', 30, hour, 1)),
      ]);
      expect(second.statusCode).toBe(200);
      const { rows } = await db.query<{ id: number; body: string; attempts: number }>(
        'SELECT id::int AS id, body, attempts FROM outbox WHERE reference = $1 ORDER BY id',
        [keyRef(key)],
      );
      const taken = claimed.filter((message) => rows.some((row) => row.id === message.id));
      // What was taken is what the database still holds for it: never rewritten afterwards.
      for (const message of taken)
        expect(rows.find((row) => row.id === message.id)?.body).toBe(message.body);
      // Each exam is in a message that was taken or still waits to be sent.
      for (const exam of ['MRI Knee', 'MRI Brain'])
        expect(rows.some((row) => row.body.includes(`Exam: ${exam}\n`))).toBe(true);
      expect(rows).toHaveLength(taken.length === 1 ? 2 : 1);
    }
  });
});
