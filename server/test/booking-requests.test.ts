// @vitest-environment node
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type {
  BookingRequestResponse,
  CreateBookingRequestRequest,
} from '../../src/contract/booking.js';
import { listOutbox } from '../db/booking.repo.js';
import type { Db } from '../db/db.js';
import { book, clinicId, deviceIds, newKey, PATIENT, openBookingApp } from './booking-helpers.js';
import { SETUP_TIMEOUT, closeTestApp } from './helpers.js';
import { keyRef } from '../db/secrets.js';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  ({ db, app } = await openBookingApp('booking_requests', {
    publicUrl: 'https://portal.example.org',
  }));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

async function send(overrides: Partial<CreateBookingRequestRequest> = {}) {
  const payload: CreateBookingRequestRequest = {
    bookingKey: await newKey(app),
    examSlugs: ['mri-breast'],
    clinicId: await clinicId(db, 'sydney-cbd'),
    patient: PATIENT,
    note: 'Mornings please',
    ...overrides,
  };
  return {
    payload,
    res: await app.inject({ method: 'POST', url: '/api/booking/booking_requests', payload }),
  };
}

describe('POST /api/booking/booking_requests', () => {
  it('R-1-11 R-3-29 R-7-calls-36 stores an enquiry and answers the booking request', async () => {
    const { payload, res } = await send({ examSlugs: ['mri-breast', 'us-breast'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BookingRequestResponse>()).toEqual({
      slug: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/),
      bookingKey: payload.bookingKey,
      success: true,
      errorMessage: null,
      modalityName: 'MRI, Ultrasound',
      examName: 'MRI Breast, Ultrasound Breast',
      clinicName: 'Harbour Imaging Sydney CBD',
      patientEmailHash: createHash('sha256').update('mia.nguyen@example.com').digest('hex'),
    });
    const { rows } = await db.query<{ note: string; status: string; exams: number }>(
      `SELECT r.note, r.status, (SELECT count(*)::int FROM booking_request_exams x WHERE x.booking_request_id = r.id) AS exams
       FROM booking_requests r WHERE r.booking_key = $1`,
      [keyRef(payload.bookingKey)],
    );
    expect(rows[0]).toEqual({ note: 'Mornings please', status: 'PENDING', exams: 2 });
    const [mail] = await listOutbox(db, keyRef(payload.bookingKey));
    expect(mail?.body).toContain(
      `https://portal.example.org/booking-requests/${payload.bookingKey}`,
    );
  });

  it('accepts a request without a clinic', async () => {
    const { res } = await send({ clinicId: null, examSlugs: ['nm-bone-scan'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ clinicName: '', examName: 'Whole body bone scan' });
  });

  it('validates the patient like an appointment (400 message.validation_error with fields)', async () => {
    const { res } = await send({
      patient: { ...PATIENT, lastName: '', dateOfBirth: '1850-01-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'message.validation_error',
      fields: { lastName: 'form.required', dateOfBirth: 'form.please_enter_valid' },
    });
  });

  it('refuses unknown exams, exams the clinic lacks, empty lists and reused keys', async () => {
    expect((await send({ examSlugs: ['mri-toe'] })).res.statusCode).toBe(404);
    const lacking = await send({
      clinicId: await clinicId(db, 'liverpool'),
      examSlugs: ['mri-breast'],
    });
    expect(lacking.res.json()).toMatchObject({
      statusCode: 400,
      message: 'message.exam_not_offered',
    });
    expect((await send({ examSlugs: [] })).res.statusCode).toBe(400);
    expect((await send({ clinicId: 99_999 })).res.statusCode).toBe(404);
    const { payload } = await send();
    const again = await app.inject({
      method: 'POST',
      url: '/api/booking/booking_requests',
      payload,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'message.booking_key_used' });
    // A booking request's key cannot book appointments either.
    const appointment = await book(app, {
      bookingKey: payload.bookingKey,
      examSlug: 'mri-knee',
      clinicId: await clinicId(db, 'sydney-cbd'),
      deviceId: (await deviceIds(db, 'sydney-cbd', 'mri'))[0] as number,
      startDateTime: '2026-11-30T09:00:00+11:00',
      patient: PATIENT,
    });
    expect(appointment.json()).toMatchObject({
      statusCode: 409,
      message: 'message.booking_key_used',
    });
  });
});

describe('GET /api/booking/appointments/{bookingKey}/calendar.ics', () => {
  async function bookedKey(startDateTime = '2026-11-23T09:00:00+11:00'): Promise<string> {
    const bookingKey = await newKey(app);
    const res = await book(app, {
      bookingKey,
      examSlug: 'mri-knee',
      clinicId: await clinicId(db, 'sydney-cbd'),
      deviceId: (await deviceIds(db, 'sydney-cbd', 'mri'))[0] as number,
      startDateTime,
      patient: PATIENT,
    });
    expect(res.statusCode, res.body).toBe(200);
    return bookingKey;
  }

  it('R-2.4-29 answers an RFC 5545 calendar file in the clinic time zone', async () => {
    const key = await bookedKey();
    const res = await app.inject({
      method: 'GET',
      url: `/api/booking/appointments/${key}/calendar.ics`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="appointment-2026-11-23.ics"',
    );
    const ics = res.body;
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('TZID:Australia/Sydney');
    expect(lines).toContain('DTSTART;TZID=Australia/Sydney:20261123T090000');
    expect(lines).toContain('DTEND;TZID=Australia/Sydney:20261123T093000');
    expect(lines).toContain('DTSTAMP:20260928T000000Z');
    expect(lines).toContain('SUMMARY:MRI Knee at Harbour Imaging Sydney CBD');
    expect(lines).toContain(
      'LOCATION:Harbour Imaging Sydney CBD\\, Level 2\\, 60 Pitt Street\\, Sydney NSW 2000',
    );
    expect(lines.find((l) => l.startsWith('UID:'))).toMatch(
      /^UID:[A-Za-z0-9_-]{12}@portal\.example\.org$/,
    );
    expect(lines.find((l) => l.startsWith('DESCRIPTION:'))).toContain(`/appointments/${key}`);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    // The daylight-saving observance in force on 23 November 2026.
    const daylight = lines.indexOf('DTSTART:20261004T020000');
    expect(lines.slice(daylight - 1, daylight + 3)).toEqual([
      'BEGIN:DAYLIGHT',
      'DTSTART:20261004T020000',
      'TZOFFSETFROM:+1000',
      'TZOFFSETTO:+1100',
    ]);
  });

  it('folds long lines at 75 octets', async () => {
    const key = await bookedKey('2026-11-23T10:00:00+11:00');
    const { rows } = await db.query<{ id: number }>(
      'SELECT exam_id AS id FROM appointments WHERE booking_key = $1',
      [keyRef(key)],
    );
    await db.query(
      "UPDATE exams SET notes = repeat('Bring your referral and old films, please. ', 8) WHERE id = $1",
      [rows[0]?.id],
    );
    const res = await app.inject({
      method: 'GET',
      url: `/api/booking/appointments/${key}/calendar.ics`,
    });
    const raw = res.body.split('\r\n');
    expect(raw.some((line) => line.startsWith(' '))).toBe(true);
    for (const line of raw) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('holds one VEVENT per appointment of the booking key', async () => {
    const key = await bookedKey('2026-11-23T11:00:00+11:00');
    const res = await book(app, {
      bookingKey: key,
      examSlug: 'xray-chest',
      clinicId: await clinicId(db, 'perth-cbd'),
      deviceId: (await deviceIds(db, 'perth-cbd', 'x-ray'))[0] as number,
      startDateTime: '2026-11-24T08:00:00+08:00',
      patient: PATIENT,
    });
    expect(res.statusCode, res.body).toBe(200);
    const ics = (
      await app.inject({ method: 'GET', url: `/api/booking/appointments/${key}/calendar.ics` })
    ).body.replace(/\r\n /g, '');
    expect(ics.match(/^BEGIN:VEVENT$/gm)).toHaveLength(2);
    expect(ics).toContain('DTSTART;TZID=Australia/Sydney:20261123T110000');
    expect(ics).toContain('DTSTART;TZID=Australia/Perth:20261124T080000');
    expect(ics).toContain('TZID:Australia/Perth\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000');
  });

  it('answers 404 for an unknown booking key', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/booking/appointments/${'Z'.repeat(24)}/calendar.ics`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'message.appointment_not_found' });
    expect(
      (await app.inject({ method: 'GET', url: '/api/booking/appointments/nope/calendar.ics' }))
        .statusCode,
    ).toBe(404);
  });
});
