import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../config.js';
import type { Db } from '../db/db.js';
import { patientCookies, SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';
import {
  book,
  clinicId,
  clock,
  deviceIds,
  MANY_BOOKINGS,
  newKey,
  PATIENT,
  idsByCode,
  MRI_SAFE,
} from './booking-helpers.js';
import { keyRef } from '../db/secrets.js';

describe('safety screenings must be answered before booking', () => {
  let db: Db;
  let app: FastifyInstance;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ db, app } = await openTestApp(
      'questionnaire_required',
      { booking: { ...MANY_BOOKINGS, requireSafetyAnswers: true } },
      { clock },
    ));
    Object.assign(ids, await idsByCode(db, 'questionnaires'));
  }, SETUP_TIMEOUT);
  afterAll(() => closeTestApp(app, db));

  const saveMriSafety = async (bookingKey: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/questionnaires/temporary_answers',
      payload: {
        bookingKey,
        questionnaireId: ids['mri-safety'],
        questionnaireResult: MRI_SAFE,
        examSlug: 'mri-knee',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const bookAt = async (
    bookingKey: string,
    startDateTime: string,
    examSlug: string,
    modality: string,
    extra: { appointmentSlug?: string; cookies?: Record<string, string> } = {},
  ) =>
    extra.cookies
      ? app.inject({
          method: 'POST',
          url: '/api/booking/appointments',
          cookies: extra.cookies,
          payload: {
            bookingKey,
            examSlug,
            clinicId: await clinicId(db, 'sydney-cbd'),
            deviceId: (await deviceIds(db, 'sydney-cbd', modality))[0] as number,
            startDateTime,
            patient: PATIENT,
            appointmentSlug: extra.appointmentSlug,
          },
        })
      : book(app, {
          bookingKey,
          examSlug,
          clinicId: await clinicId(db, 'sydney-cbd'),
          deviceId: (await deviceIds(db, 'sydney-cbd', modality))[0] as number,
          startDateTime,
          patient: PATIENT,
        });

  it('R-4-quest-15 refuses an MRI knee (appointment and pending) without the MRI safety answers, books it once they are stored', async () => {
    const key = await newKey(app);
    const refused = await bookAt(key, '2026-11-23T09:00:00+11:00', 'mri-knee', 'mri');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('message.questionnaire_required');
    const pending = await app.inject({
      method: 'POST',
      url: '/api/booking/pending_appointments',
      payload: {
        bookingKey: key,
        examSlug: 'mri-knee',
        clinicId: await clinicId(db, 'sydney-cbd'),
        deviceId: (await deviceIds(db, 'sydney-cbd', 'mri'))[0] as number,
        startDateTime: '2026-11-23T09:00:00+11:00',
        patient: PATIENT,
      },
    });
    expect(pending.statusCode, pending.body).toBe(409);
    expect(pending.json().message).toBe('message.questionnaire_required');
    await saveMriSafety(key);
    const booked = await bookAt(key, '2026-11-23T09:00:00+11:00', 'mri-knee', 'mri');
    expect(booked.statusCode, booked.body).toBe(200);
  });

  it('R-4-quest-15 an X-ray has no safety screening and books without answers', async () => {
    const key = await newKey(app);
    const res = await bookAt(key, '2026-11-23T10:00:00+11:00', 'xray-knee', 'x-ray');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('R-4-quest-15 refuses a booking request of a contrast CT without the contrast screening', async () => {
    const key = await newKey(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/booking/booking_requests',
      payload: {
        bookingKey: key,
        examSlugs: ['ct-abdomen-pelvis-contrast'],
        clinicId: null,
        patient: PATIENT,
      },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('message.questionnaire_required');
  });

  it('a reschedule by the holder of an answered booking needs no new answers', async () => {
    const oldKey = await newKey(app);
    await saveMriSafety(oldKey);
    const first = await bookAt(oldKey, '2026-11-24T09:00:00+11:00', 'mri-knee', 'mri');
    expect(first.statusCode, first.body).toBe(200);
    const { rows } = await db.query<{ slug: string }>(
      'SELECT coalesce(slug, booking_key) AS slug FROM appointments WHERE booking_key = $1',
      [keyRef(oldKey)],
    );
    const appointmentSlug = rows[0]?.slug ?? '';
    const newBookingKey = await newKey(app);
    // Without the session, naming the appointment proves nothing.
    const stranger = await bookAt(newBookingKey, '2026-11-25T09:00:00+11:00', 'mri-knee', 'mri', {
      appointmentSlug,
      cookies: {},
    });
    expect(stranger.statusCode, stranger.body).toBe(409);
    expect(stranger.json().message).toBe('message.questionnaire_required');
    const moved = await bookAt(newBookingKey, '2026-11-25T09:00:00+11:00', 'mri-knee', 'mri', {
      appointmentSlug,
      cookies: await patientCookies(app, oldKey),
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('REQUIRE_SAFETY_ANSWERS=0 turns the check off; it is on by default', () => {
    expect(loadServerConfig({}).booking.requireSafetyAnswers).toBe(true);
    expect(loadServerConfig({ REQUIRE_SAFETY_ANSWERS: '0' }).booking.requireSafetyAnswers).toBe(
      false,
    );
  });
});
