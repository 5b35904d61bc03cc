// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type {
  AppointmentResponse,
  ClinicSlots,
  CreateAppointmentRequest,
} from '../../src/contract/booking.js';
import { listOutbox } from '../db/booking.repo.js';
import type { Db } from '../db/db.js';
import { book, newKey, PATIENT, openBookingApp } from './booking-helpers.js';
import { SETUP_TIMEOUT, closeTestApp } from './helpers.js';
import { keyRef } from '../db/secrets.js';

let db: Db;
let app: FastifyInstance;
let sydney: number;
let mri: number[];

beforeAll(async () => {
  ({ db, app, sydney, mri } = await openBookingApp('booking_pending', {
    publicUrl: 'https://portal.example.org',
  }));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

function request(
  bookingKey: string,
  startDateTime: string,
  overrides: Partial<CreateAppointmentRequest> = {},
): CreateAppointmentRequest {
  return {
    bookingKey,
    examSlug: 'mri-knee',
    clinicId: sydney,
    deviceId: mri[0] as number,
    startDateTime,
    patient: PATIENT,
    ...overrides,
  };
}

function pending(payload: CreateAppointmentRequest) {
  return app.inject({ method: 'POST', url: '/api/booking/pending_appointments', payload });
}

function notify(bookingKey: string) {
  return app.inject({
    method: 'POST',
    url: `/api/booking/pending_appointments/${bookingKey}/notifications`,
  });
}

function updateKey(oldBookingKey: string, newBookingKey: string) {
  return app.inject({
    method: 'POST',
    url: '/api/booking/booking_key/update',
    payload: { oldBookingKey, newBookingKey },
  });
}

describe('POST /api/booking/pending_appointments', () => {
  it('R-7-calls-32 stores a PENDING appointment that blocks the device, without an e-mail yet', async () => {
    const key = await newKey(app);
    const at = '2026-11-23T09:00:00+11:00';
    const res = await pending(request(key, at));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AppointmentResponse>()).toMatchObject({
      bookingKey: key,
      success: true,
      examName: 'MRI Knee',
      date: at,
      endTime: '2026-11-23T09:30:00+11:00',
    });
    const { rows } = await db.query<{ status: string }>(
      'SELECT status FROM appointments WHERE booking_key = $1',
      [keyRef(key)],
    );
    expect(rows).toEqual([{ status: 'PENDING' }]);
    expect(await listOutbox(db, keyRef(key))).toEqual([]);
    const taken = await book(app, request(await newKey(app), at));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'message.slot_conflict' });
    const slots = await app.inject({
      method: 'POST',
      url: '/api/booking/clinic_appointments',
      payload: {
        examSlug: 'mri-knee',
        clinicIds: [sydney],
        start: '2026-11-23',
        end: '2026-11-23',
      },
    });
    const offered = slots.json<ClinicSlots[]>()[0]?.slots.find((s) => s.startDateTime === at);
    expect(offered?.deviceId).toBe(mri[1]);
    const ics = await app.inject({
      method: 'GET',
      url: `/api/booking/appointments/${key}/calendar.ics`,
    });
    expect(ics.body).toContain('STATUS:TENTATIVE');
  });

  it('validates like appointments', async () => {
    const key = await newKey(app);
    const bad = await pending(
      request(key, '2026-11-23T10:00:00+11:00', { patient: { ...PATIENT, email: 'nope' } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'message.validation_error',
      fields: { email: 'form.please_enter_valid' },
    });
    const offGrid = await pending(request(key, '2026-11-23T10:05:00+11:00'));
    expect(offGrid.json()).toMatchObject({ message: 'message.slot_conflict' });
    const enquiry = await pending(
      request(key, '2026-11-23T10:00:00+11:00', { examSlug: 'mri-brain-contrast' }),
    );
    expect(enquiry.json()).toMatchObject({ message: 'message.exam_enquiry_only' });
  });
});

describe('POST /api/booking/pending_appointments/:bookingKey/notifications', () => {
  it('R-4-create-10 R-7-calls-35 queues one e-mail for the pending appointments of the booking, once (issue 13)', async () => {
    const key = await newKey(app);
    expect((await pending(request(key, '2026-11-24T09:00:00+11:00'))).statusCode).toBe(200);
    const second = await pending(
      request(key, '2026-11-24T09:30:00+11:00', { examSlug: 'mri-lumbar-spine' }),
    );
    expect(second.statusCode, second.body).toBe(200);
    const first = await notify(key);
    expect(first.statusCode).toBe(204);
    const queued = await listOutbox(db, keyRef(key));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ channel: 'email', recipient: 'Mia.Nguyen@Example.com' });
    expect(queued[0]?.body).toContain(`https://portal.example.org/appointments/pending/${key}`);
    expect(queued[0]?.subject).toMatch(/requests for MRI Knee and MRI Lumbar spine from /);
    expect((await notify(key)).statusCode).toBe(204);
    expect(await listOutbox(db, keyRef(key))).toHaveLength(1);
  });

  it('queues once when called several times at once', async () => {
    const key = await newKey(app);
    await pending(request(key, '2026-11-24T10:00:00+11:00'));
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(key)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array<number>(5).fill(204));
    expect(await listOutbox(db, keyRef(key))).toHaveLength(1);
  });

  it('answers 404 message.appointment_not_found without pending appointments', async () => {
    const unknown = await notify('no-such-key');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'message.appointment_not_found' });
    const key = await newKey(app);
    expect((await book(app, request(key, '2026-11-24T11:00:00+11:00'))).statusCode).toBe(200);
    expect((await notify(key)).statusCode).toBe(404);
  });
});

describe('POST /api/booking/booking_key/update', () => {
  it('R-4-create-08 R-4-create-09 R-7-calls-35 moves documents, answers and holds to the new key', async () => {
    const [old, next] = [await newKey(app), await newKey(app)];
    await db.query(
      "INSERT INTO temporary_documents (booking_key, file_name, content_type) VALUES ($1, 'referral.pdf', 'application/pdf')",
      [keyRef(old)],
    );
    await db.query(
      `INSERT INTO questionnaire_answers (booking_key, questionnaire_id, questionnaire_result)
       VALUES ($1, 7, '{"pregnant": false}'), ($1, 8, '{}')`,
      [keyRef(old)],
    );
    const at = '2026-11-25T09:00:00+11:00';
    const held = await app.inject({
      method: 'POST',
      url: '/api/booking/reserve_slots',
      payload: {
        bookingKey: old,
        holds: [{ examSlug: 'mri-knee', clinicId: sydney, deviceId: mri[0], startDateTime: at }],
      },
    });
    expect(held.statusCode).toBe(200);
    const res = await updateKey(old, next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ bookingKey: next });
    const count = async (table: string, key: string) =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${table} WHERE booking_key = $1`,
          [keyRef(key)],
        )
      ).rows[0]?.n;
    for (const table of ['temporary_documents', 'questionnaire_answers', 'slot_holds'])
      expect(await count(table, old), table).toBe(0);
    expect(await count('temporary_documents', next)).toBe(1);
    expect(await count('questionnaire_answers', next)).toBe(2);
    // The hold now belongs to the new key: it books the slot, the old key cannot.
    expect((await book(app, request(old, at))).statusCode).toBe(409);
    expect((await book(app, request(next, at))).statusCode).toBe(200);
  });

  it('answers 404 for a key not issued, 409 when the new key was used, 400 for the same key', async () => {
    const [a, b] = [await newKey(app), await newKey(app)];
    const stranger = 'B'.repeat(24);
    for (const [oldKey, newKey_] of [
      [stranger, b],
      [a, stranger],
    ] as const) {
      const res = await updateKey(oldKey, newKey_);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'message.booking_key_invalid' });
    }
    expect((await book(app, request(b, '2026-11-25T10:00:00+11:00'))).statusCode).toBe(200);
    const used = await updateKey(a, b);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ message: 'message.booking_key_used' });
    // A used old key is never moved (its answers belong to its booking).
    const usedOld = await updateKey(b, a);
    expect(usedOld.statusCode).toBe(409);
    expect(usedOld.json()).toMatchObject({ message: 'message.booking_key_used' });
    expect((await updateKey(a, a)).statusCode).toBe(400);
    expect((await updateKey('short', a)).statusCode).toBe(400);
  });
});
