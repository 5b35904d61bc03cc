// @vitest-environment node
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppointmentResponse, CreateAppointmentRequest } from '../../src/contract/booking.js';
import { listOutbox } from '../db/booking.repo.js';
import type { Db } from '../db/db.js';
import { book, clinicId, deviceIds, newKey, PATIENT, openBookingApp } from './booking-helpers.js';
import { SETUP_TIMEOUT, closeTestApp } from './helpers.js';
import { keyRef } from '../db/secrets.js';

let db: Db;
let app: FastifyInstance;
let sydney: number;
let mri: number[];

beforeAll(async () => {
  ({ db, app, sydney, mri } = await openBookingApp('booking_create', {
    publicUrl: 'https://portal.example.org',
  }));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

async function request(
  start: string,
  overrides: Partial<CreateAppointmentRequest> = {},
): Promise<CreateAppointmentRequest> {
  return {
    bookingKey: await newKey(app),
    examSlug: 'mri-knee',
    clinicId: sydney,
    deviceId: mri[0] as number,
    startDateTime: start,
    patient: PATIENT,
    ...overrides,
  };
}

describe('POST /api/booking/appointments', () => {
  it('spec 4 "Walk-in": the walk-ins chosen go with the visit: stored, in the e-mail, on the page; an unknown one is refused', async () => {
    const payload = await request('2026-11-24T10:00:00+11:00', {
      walkInExams: ['Chest X-ray walk-in'],
    });
    const res = await book(app, payload);
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await db.query<{ walk_ins: unknown }>(
      'SELECT walk_ins FROM appointments WHERE booking_key = $1',
      [keyRef(payload.bookingKey)],
    );
    const stored =
      typeof rows[0]?.walk_ins === 'string' ? JSON.parse(rows[0].walk_ins) : rows[0]?.walk_ins;
    expect(stored).toEqual([{ name: 'Chest X-ray walk-in', prepTime: 0, minutesPrior: 30 }]);
    const [mail] = await listOutbox(db, keyRef(payload.bookingKey));
    expect(mail?.body).toContain('Also walk in, no appointment needed, for:');
    expect(mail?.body).toContain('- Chest X-ray walk-in: come on the day of this appointment');
    expect(mail?.body).toContain('up to 30 minutes before it closes');

    const unknown = await book(
      app,
      await request('2026-11-24T11:00:00+11:00', { walkInExams: ['Brain surgery walk-in'] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('message.walk_in_unknown');
  });

  it('R-1-10 R-3-31 R-7-calls-32 books a slot and answers the appointment', async () => {
    const payload = await request('2026-11-23T09:00:00+11:00');
    const res = await book(app, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<AppointmentResponse>();
    expect(body).toEqual({
      slug: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/),
      bookingKey: payload.bookingKey,
      success: true,
      errorMessage: null,
      modalityName: 'MRI',
      examName: 'MRI Knee',
      clinicName: 'Harbour Imaging Sydney CBD',
      patientEmailHash: createHash('sha256').update('mia.nguyen@example.com').digest('hex'),
      date: '2026-11-23T09:00:00+11:00',
      endTime: '2026-11-23T09:30:00+11:00',
      timeZone: 'Australia/Sydney',
      clinicAddress: 'Level 2, 60 Pitt Street, Sydney NSW 2000',
      preparation: expect.stringContaining('Leave jewellery'),
    });
    const { rows } = await db.query<{
      patient_email: string;
      patient_phone: string;
      patient_sex: string;
    }>(
      'SELECT patient_email, patient_phone, patient_sex FROM appointments WHERE booking_key = $1',
      [keyRef(payload.bookingKey)],
    );
    expect(rows[0]).toEqual({
      patient_email: 'Mia.Nguyen@Example.com',
      patient_phone: '0412345678',
      patient_sex: 'FEMALE',
    });
  });

  it('R-2.1-23 R-4-create-10 queues a confirmation e-mail with the appointment link', async () => {
    const payload = await request('2026-11-23T10:00:00+11:00');
    expect((await book(app, payload)).statusCode).toBe(200);
    const [mail, ...rest] = await listOutbox(db, keyRef(payload.bookingKey));
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ channel: 'email', recipient: 'Mia.Nguyen@Example.com' });
    expect(mail?.subject).toBe('Your MRI Knee appointment on Monday 23 November 2026 at 10:00 am');
    expect(mail?.body).toContain(`https://portal.example.org/appointments/${payload.bookingKey}`);
    expect(mail?.body).toContain('Level 2, 60 Pitt Street');
  });

  it('books in Perth with the Perth offset', async () => {
    const perth = await clinicId(db, 'perth-cbd');
    const [device] = await deviceIds(db, 'perth-cbd', 'x-ray');
    const payload = await request('2026-10-05T07:30:00+08:00', {
      examSlug: 'xray-chest',
      clinicId: perth,
      deviceId: device as number,
    });
    const res = await book(app, payload);
    expect(res.json()).toMatchObject({
      date: '2026-10-05T07:30:00+08:00',
      endTime: '2026-10-05T07:40:00+08:00',
      timeZone: 'Australia/Perth',
    });
    // The same instant written in UTC is the same slot.
    const again = await book(
      app,
      await request('2026-10-04T23:40:00Z', {
        examSlug: 'xray-chest',
        clinicId: perth,
        deviceId: device as number,
      }),
    );
    expect(again.json()).toMatchObject({ date: '2026-10-05T07:40:00+08:00' });
  });

  it('R-8-22 answers 409 message.slot_conflict for a taken slot and frees the key again', async () => {
    expect((await book(app, await request('2026-11-24T09:00:00+11:00'))).statusCode).toBe(200);
    const second = await request('2026-11-24T09:00:00+11:00');
    const res = await book(app, second);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ statusCode: 409, message: 'message.slot_conflict' });
    // The losing request's key stays unused: it can book another slot.
    const retry = await book(app, { ...second, startDateTime: '2026-11-24T09:30:00+11:00' });
    expect(retry.statusCode).toBe(200);
  });

  it('answers 409 message.slot_conflict for a time that is not an offered slot', async () => {
    for (const start of [
      '2026-11-23T09:10:00+11:00', // off the 30-minute grid
      '2026-11-23T06:30:00+11:00', // before opening
      '2026-11-23T18:45:00+11:00', // would end after closing
      '2026-11-29T09:00:00+11:00', // Sunday: closed
      '2026-09-28T10:30:00+10:00', // within the lead time
      '2026-09-01T09:00:00+10:00', // past
    ]) {
      const res = await book(app, await request(start));
      expect(res.statusCode, start).toBe(409);
      expect(res.json()).toMatchObject({ message: 'message.slot_conflict' });
    }
  });

  it('R-8-23 answers 409 message.booking_key_used for a reused key, booking_key_invalid for one never issued', async () => {
    const payload = await request('2026-11-25T09:00:00+11:00');
    expect((await book(app, payload)).statusCode).toBe(200);
    // The same exam again with that key: a repeated submission.
    const reused = await book(app, { ...payload, startDateTime: '2026-11-25T11:00:00+11:00' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ message: 'message.booking_key_used' });
    const made = await book(app, {
      ...payload,
      bookingKey: 'A'.repeat(24),
      startDateTime: '2026-11-25T11:00:00+11:00',
    });
    expect(made.statusCode).toBe(409);
    expect(made.json()).toMatchObject({ message: 'message.booking_key_invalid' });
  });

  it('R-4-create-03 books several exams under one key, within 15 minutes of its first use', async () => {
    const first = await request('2026-11-25T13:00:00+11:00');
    expect((await book(app, first)).statusCode).toBe(200);
    const [ct] = await deviceIds(db, 'sydney-cbd', 'ct');
    const second = { ...first, examSlug: 'ct-chest', deviceId: ct as number };
    const res = await book(app, { ...second, startDateTime: '2026-11-25T14:00:00+11:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ bookingKey: first.bookingKey, examName: 'CT Chest' });
    await db.query(
      "UPDATE booking_keys SET used_at = now() - interval '16 minutes' WHERE booking_key = $1",
      [keyRef(first.bookingKey)],
    );
    const late = await book(app, {
      ...second,
      examSlug: 'ct-brain',
      startDateTime: '2026-11-25T14:30:00+11:00',
    });
    expect(late.json()).toMatchObject({ statusCode: 409, message: 'message.booking_key_used' });
  });

  it('R-5-01 R-5-02 answers 400 message.validation_error with a fields map', async () => {
    const payload = await request('2026-11-26T09:00:00+11:00', {
      patient: {
        ...PATIENT,
        firstName: '',
        dateOfBirth: '2030-01-01',
        email: 'mia@',
        contactNumber: '12',
        postalCode: 'ABCD',
      },
    });
    const res = await book(app, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'message.validation_error',
      error: 'Bad Request',
      fields: {
        firstName: 'form.required',
        dateOfBirth: 'form.date_of_birth_future',
        email: 'form.please_enter_valid',
        contactNumber: 'form.please_enter_valid',
        postalCode: 'form.please_enter_valid',
      },
    });
    const sex = await book(app, { ...payload, patient: { ...PATIENT, sex: 'X' as 'MALE' } });
    expect(sex.json()).toMatchObject({ fields: { sex: 'form.please_enter_valid' } });
    const { rows } = await db.query('SELECT 1 FROM appointments WHERE booking_key = $1', [
      keyRef(payload.bookingKey),
    ]);
    expect(rows).toHaveLength(0);
  });

  it('refuses malformed bodies, enquiry-only exams and devices of another clinic or modality', async () => {
    const base = await request('2026-11-27T09:00:00+11:00');
    const { patient: _omit, ...noPatient } = base;
    expect(
      (await app.inject({ method: 'POST', url: '/api/booking/appointments', payload: noPatient }))
        .statusCode,
    ).toBe(400);
    expect((await book(app, { ...base, startDateTime: '2026-11-27 09:00' })).statusCode).toBe(400);
    const enquiry = await book(app, { ...base, examSlug: 'mri-breast' });
    expect(enquiry.json()).toMatchObject({ statusCode: 400, message: 'message.exam_enquiry_only' });
    const [perthMri] = await deviceIds(db, 'perth-cbd', 'mri');
    expect((await book(app, { ...base, deviceId: perthMri as number })).statusCode).toBe(400);
    const [ct] = await deviceIds(db, 'sydney-cbd', 'ct');
    const wrongModality = await book(app, { ...base, deviceId: ct as number });
    expect(wrongModality.json()).toMatchObject({
      statusCode: 400,
      message: 'message.exam_not_offered',
    });
    expect((await book(app, { ...base, examSlug: 'mri-toe' })).statusCode).toBe(404);
    expect((await book(app, base)).statusCode).toBe(200);
  });
});
