// @vitest-environment node
/**
 * Issue 13, the patient's return: what the server sends a patient after
 * booking brings them back in their language, to one place. The e-mails'
 * links carry the booking's locale; the one-time code and the calendar file
 * speak it; times read with the zone's abbreviation in every locale; and
 * exams booked together are confirmed in one e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CreateAppointmentRequest } from '../../src/contract/booking.js';
import { listOutbox } from '../db/booking.repo.js';
import type { Db } from '../db/db.js';
import { keyRef } from '../db/secrets.js';
import { queueCancellationEmail } from '../services/cancellation-email.js';
import { clinicId, deviceIds, newKey, openBookingApp, PATIENT } from './booking-helpers.js';
import { SETUP_TIMEOUT, closeTestApp } from './helpers.js';

const PORTAL = 'https://portal.example.org';
let db: Db;
let app: FastifyInstance;
let sydney: number;
let mri: number[];

beforeAll(async () => {
  ({ db, app, sydney, mri } = await openBookingApp('booking_mail_journeys', {
    publicUrl: PORTAL,
  }));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

async function book(
  language: string | undefined,
  payload: Omit<CreateAppointmentRequest, 'patient'>,
): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/booking/appointments',
    payload: { ...payload, patient: PATIENT },
    headers: language ? { 'accept-language': language } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function kneeIn(language: string | undefined, start: string, bookingKey?: string) {
  const key = bookingKey ?? (await newKey(app));
  await book(language, {
    bookingKey: key,
    examSlug: 'mri-knee',
    clinicId: sydney,
    deviceId: mri[0] as number,
    startDateTime: start,
  });
  return key;
}

async function appointmentId(key: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM appointments WHERE booking_key = $1 ORDER BY id LIMIT 1',
    [keyRef(key)],
  );
  return rows[0]?.id as number;
}

describe('R-1-25 links in e-mails open the portal in the booking’s language', () => {
  it('the mk confirmation links to the appointment page with ?lang=mk', async () => {
    const key = await kneeIn('mk', '2026-11-25T09:00:00+11:00');
    const [mail] = await listOutbox(db, keyRef(key));
    expect(mail?.body).toContain(`${PORTAL}/appointments/${key}?lang=mk`);
  });

  it('an en-AU confirmation says en-AU, and the mk cancellation links home in mk', async () => {
    const english = await kneeIn('en-AU', '2026-11-25T10:00:00+11:00');
    expect((await listOutbox(db, keyRef(english)))[0]?.body).toContain(
      `${PORTAL}/appointments/${english}?lang=en-AU`,
    );
    const key = await kneeIn('mk', '2026-11-25T11:00:00+11:00');
    await queueCancellationEmail(db, await appointmentId(key), PORTAL);
    expect((await listOutbox(db, keyRef(key))).at(-1)?.body).toContain(`${PORTAL}/?lang=mk`);
  });
});

describe('R-1-25 the one-time code speaks the booking’s language', () => {
  async function codeMail(key: string, language?: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/authentication/patient',
      payload: {
        bookingKey: key,
        dateOfBirth: PATIENT.dateOfBirth,
        contactNumber: '',
        isBookingRequest: false,
      },
      headers: language ? { 'accept-language': language } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await db.query<{ subject: string; body: string }>(
      'SELECT subject, body FROM outbox WHERE reference IS NULL ORDER BY id DESC LIMIT 1',
    );
    return rows[0];
  }

  it('a booking made in mk gets its code in mk, whatever the browser asks for now', async () => {
    const key = await kneeIn('mk', '2026-11-25T12:00:00+11:00');
    const mail = await codeMail(key, 'en-AU');
    expect(mail?.subject).toBe('Вашиот код за потврда');
    expect(mail?.body).toMatch(/вашиот код за потврда е \d{6}\. Важи \d+ минути/);
    expect(mail?.body).not.toMatch(/verification code/);
  });

  it('a booking without a stored language gets the request’s', async () => {
    const key = await kneeIn('en-AU', '2026-11-25T13:00:00+11:00');
    await db.query('UPDATE appointments SET locale = NULL WHERE booking_key = $1', [keyRef(key)]);
    expect((await codeMail(key, 'mk'))?.subject).toBe('Вашиот код за потврда');
    expect((await codeMail(key))?.subject).toBe('Your verification code');
  });
});

describe('R-2.4-29 the calendar file speaks the booking’s language', () => {
  it('an mk booking’s .ics has the exam, preparation and link in mk', async () => {
    const key = await kneeIn('mk', '2026-11-25T14:00:00+11:00');
    const ics = (
      await app.inject({ method: 'GET', url: `/api/booking/appointments/${key}/calendar.ics` })
    ).body.replace(/\r\n /g, '');
    expect(ics).toContain('SUMMARY:МРИ на колено во Harbour Imaging Sydney CBD');
    expect(ics).toContain('DESCRIPTION:МРИ на колено\\n\\nКако да се подготвите:\\n');
    expect(ics).toContain('Оставете ги накитот');
    expect(ics).toContain(`/appointments/${key}?lang=mk`);
    expect(ics).not.toMatch(/MRI Knee| at Harbour|Leave jewellery/);
  });
});

describe('R-1-25 times in English e-mails carry the zone’s abbreviation', () => {
  it.each([
    ['2026-11-25T15:00:00+11:00', 'AEDT'],
    ['2027-04-07T09:00:00+10:00', 'AEST'],
  ])('%s reads %s, not the zone’s name', async (start, abbr) => {
    const key = await kneeIn('en-AU', start);
    const [mail] = await listOutbox(db, keyRef(key));
    expect(mail?.body).toMatch(new RegExp(`When: .* ${abbr}$`, 'm'));
    expect(mail?.body).not.toContain('Australia/Sydney');
  });
});

describe('R-1-10 exams booked together: one confirmation e-mail for the booking', () => {
  it('two exams booked at once on one key: one e-mail naming both, each with time and clinic', async () => {
    const key = await newKey(app);
    const perth = await clinicId(db, 'perth-cbd');
    const xray = (await deviceIds(db, 'perth-cbd', 'x-ray'))[0] as number;
    // As the portal sends them: in parallel, one call per exam.
    await Promise.all([
      kneeIn('en-AU', '2026-11-26T09:00:00+11:00', key),
      book('en-AU', {
        bookingKey: key,
        examSlug: 'xray-chest',
        clinicId: perth,
        deviceId: xray,
        startDateTime: '2026-11-27T08:00:00+08:00',
      }),
    ]);
    const mails = await listOutbox(db, keyRef(key));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(
      'Your appointments for MRI Knee and Chest X-ray from Thursday 26 November 2026 at 9:00 am',
    );
    expect(mail?.body).toContain('Your appointments are booked.');
    expect(mail?.body).toMatch(
      /Exam: MRI Knee\nWhen: Thursday 26 November 2026 at 9:00 am AEDT\nWhere: Harbour Imaging Sydney CBD/,
    );
    expect(mail?.body).toMatch(
      /Exam: Chest X-ray\nWhen: Friday 27 November 2026 at 8:00 am AWST\nWhere: Harbour Imaging Perth CBD/,
    );
    // Earliest first, one link for the booking.
    expect(mail?.body.indexOf('MRI Knee')).toBeLessThan(mail?.body.indexOf('Chest X-ray') ?? 0);
    expect(mail?.body.match(/\/appointments\//g)).toHaveLength(1);
  });

  it('the confirmation waits a few seconds for the other exams before a sender may take it', async () => {
    const key = await kneeIn('en-AU', '2026-11-26T10:00:00+11:00');
    const { rows } = await db.query<{ due: boolean }>(
      `SELECT next_attempt_at > now() + interval '2 seconds' AS due FROM outbox WHERE reference = $1`,
      [keyRef(key)],
    );
    expect(rows).toEqual([{ due: true }]);
  });
});
