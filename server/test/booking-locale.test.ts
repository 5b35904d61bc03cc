// @vitest-environment node
/**
 * Issue 13 part 8: the patient's language travels with the booking. The
 * portal sends its locale as Accept-Language; the server keeps it with the
 * booking and writes that booking's e-mails in it, English (Australia)
 * otherwise, and answers questionnaires in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CreateAppointmentRequest } from '../../src/contract/booking.js';
import type { QuestionnairesResponse } from '../../src/contract/questionnaire.js';
import { listOutbox } from '../db/booking.repo.js';
import type { Db } from '../db/db.js';
import { keyRef } from '../db/secrets.js';
import { readBundle } from '../db/translations.repo.js';
import { DEFAULT_APPOINTMENT_RULES } from '../services/appointment-rules.js';
import { queueCancellationEmail } from '../services/cancellation-email.js';
import { cancelReasonKey } from '../../src/domain/i18n/appointment-texts.js';
import {
  clinicId,
  idsByCode,
  MRI_SAFE,
  newKey,
  openBookingApp,
  PATIENT,
} from './booking-helpers.js';
import { SETUP_TIMEOUT, closeTestApp } from './helpers.js';

let db: Db;
let app: FastifyInstance;
let sydney: number;
let mri: number[];

beforeAll(async () => {
  ({ db, app, sydney, mri } = await openBookingApp('booking_locale', {
    publicUrl: 'https://portal.example.org',
  }));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

async function bookIn(language: string | undefined, start: string, bookingKey?: string) {
  const payload: CreateAppointmentRequest = {
    bookingKey: bookingKey ?? (await newKey(app)),
    examSlug: 'mri-knee',
    clinicId: sydney,
    deviceId: mri[0] as number,
    startDateTime: start,
    patient: PATIENT,
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/booking/appointments',
    payload,
    headers: language ? { 'accept-language': language } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const ref = keyRef(payload.bookingKey);
  const { rows } = await db.query<{ id: number; locale: string | null }>(
    'SELECT id, locale FROM appointments WHERE booking_key = $1',
    [ref],
  );
  return {
    ref,
    id: rows[0]?.id as number,
    locale: rows[0]?.locale,
    mails: await listOutbox(db, ref),
  };
}

describe('R-1-25 the booking e-mails speak the patient’s language', () => {
  it('a booking made in Macedonian is stored with mk and confirmed in Macedonian: exam, date, zone', async () => {
    const booked = await bookIn('mk', '2026-11-23T09:00:00+11:00');
    expect(booked.locale).toBe('mk');
    const [mail] = booked.mails;
    expect(mail?.subject).toBe(
      'Вашиот термин за МРИ на колено на понеделник 23 ноември 2026 г. во 9:00',
    );
    expect(mail?.body).toContain('Почитувани Mia Nguyen,');
    expect(mail?.body).toContain('Вашиот термин е закажан.');
    expect(mail?.body).toContain('Преглед: МРИ на колено');
    expect(mail?.body).toContain('Кога: понеделник 23 ноември 2026 г. во 9:00 AEDT');
    expect(mail?.body).toContain('Како да се подготвите:');
    expect(mail?.body).toContain('Оставете ги накитот, часовникот и шнолите дома');
    expect(mail?.body).not.toMatch(/Dear|Your appointment|Monday/);
  });

  it('R-4-quest-03 the notes of the answers read in Macedonian under its "How to prepare"', async () => {
    const key = await newKey(app);
    const { 'mri-safety': questionnaireId } = await idsByCode(db, 'questionnaires');
    const saved = await app.inject({
      method: 'POST',
      url: '/api/questionnaires/temporary_answers',
      payload: {
        bookingKey: key,
        questionnaireId,
        questionnaireResult: {
          ...MRI_SAFE,
          claustrophobic: 'yes',
          implants: 'yes',
          implantTypes: ['joint'],
        },
        examSlug: 'mri-knee',
        examSlugs: ['mri-knee'],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [mail] = (await bookIn('mk', '2026-11-23T13:00:00+11:00', key)).mails;
    expect(mail?.body).toContain('Како да се подготвите:');
    expect(mail?.body).toContain('Ни кажавте дека затворените простори ве вознемируваат.');
    expect(mail?.body).toContain('Јавете ни се на (02) 5550 0100.');
    expect(mail?.body).toContain('донесете ја картичката за имплантот');
    expect(mail?.body).not.toMatch(/enclosed spaces|implant card|How to prepare/);
  });

  it('the cancellation e-mail of that booking is in Macedonian too', async () => {
    const booked = await bookIn('mk-MK, en;q=0.5', '2026-11-23T10:00:00+11:00');
    await queueCancellationEmail(db, booked.id, 'https://portal.example.org');
    const mails = await listOutbox(db, booked.ref);
    expect(mails.at(-1)?.subject).toBe(
      'Вашиот термин за МРИ на колено на понеделник 23 ноември 2026 г. во 10:00 е откажан',
    );
    expect(mails.at(-1)?.body).toContain('Вашиот термин е откажан, како што побаравте.');
  });

  it.each([
    ['no Accept-Language', undefined, 11],
    ['an unsupported language', 'fr-FR', 12],
  ])('with %s the e-mails stay in English (Australia)', async (_, language, hour) => {
    const booked = await bookIn(language, `2026-11-23T${hour}:00:00+11:00`);
    expect(booked.locale).toBe('en-AU');
    const when = `Monday 23 November 2026 at ${hour}:00`;
    expect(booked.mails[0]?.subject).toMatch(`Your MRI Knee appointment on ${when}`);
    expect(booked.mails[0]?.body).toContain(`When: ${when}`);
  });

  it('a booking request sent in Macedonian is acknowledged in Macedonian', async () => {
    const bookingKey = await newKey(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/booking/booking_requests',
      headers: { 'accept-language': 'mk' },
      payload: {
        bookingKey,
        examSlugs: ['mri-breast', 'us-breast'],
        clinicId: await clinicId(db, 'sydney-cbd'),
        patient: PATIENT,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await listOutbox(db, keyRef(bookingKey));
    expect(mail?.subject).toBe('Го примивме вашето барање за термин');
    expect(mail?.body).toContain('Прегледи: МРИ на дојки, Ултразвук на дојки');
  });
});

describe('R-1-25 questionnaires in the request’s language (the provider’s translations)', () => {
  async function questionnaires(language?: string) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/questionnaires?examSlugs=mri-knee',
      headers: language ? { 'accept-language': language } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<QuestionnairesResponse>();
    const safety = body.questionnaires.find((q) => q.json.pages[0]?.name === 'devices');
    if (!safety) throw new Error('no MRI safety screening');
    return safety;
  }

  it('Macedonian: the title, page, questions and choices are translated; values stay', async () => {
    const safety = await questionnaires('mk');
    expect(safety.title).toBe('Безбедносни прашања пред МРИ');
    const page = safety.json.pages[0];
    expect(page?.title).toBe('Импланти и уреди');
    const pacemaker = page?.elements.find((element) => element.name === 'pacemaker');
    expect(pacemaker).toMatchObject({
      title: 'Дали имате срцев пејсмејкер, дефибрилатор или друг вграден електронски уред?',
      choices: [
        { value: 'yes', text: 'Да' },
        { value: 'no', text: 'Не' },
      ],
    });
  });

  it('English (Australia) and a missing header get the stored texts', async () => {
    for (const language of ['en-AU', undefined]) {
      const safety = await questionnaires(language);
      expect(safety.title).toBe('MRI safety screening');
      expect(safety.json.pages[0]?.title).toBe('Implants and devices');
    }
  });
});

describe('R-1-25 the demonstration provider in Macedonian, beyond its seed files', () => {
  it('every document type and default cancel reason has its Macedonian', async () => {
    const mk = await readBundle(db, 'mk');
    const { rows } = await db.query<{ code: string }>('SELECT code FROM document_types');
    expect(rows.length).toBeGreaterThan(0);
    for (const { code } of rows) {
      expect(mk[`documentType.${code}.title`], code).toBeTruthy();
      expect(mk[`documentType.${code}.description`], code).toBeTruthy();
    }
    for (const { label } of DEFAULT_APPOINTMENT_RULES.cancelReasons)
      expect(mk[cancelReasonKey(label)], label).toBeTruthy();
  });
});
