// @vitest-environment node
/**
 * The appointment's check-in calls (R-7-calls-41/42, R-3-45, R-3-49,
 * R-4-checkin-10/11/13/15/17/18/19, R-2.4-31): state and window, the
 * prepared form with a message key per field, readiness, check-in through
 * the outbox to the RIS (built-in receiver here), polling, the appointment
 * view's flags, and authorisation (only the session of the booking key).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInAppointment, CheckInState } from '../../src/contract/check-in.js';
import type { Db } from '../db/db.js';
import { writeSetting } from '../db/settings.repo.js';
import { startRisSender } from '../services/ris-sender.js';
import { insertAppointment, MEDICARE, type TestAppointment } from './check-in-helpers.js';
import { closeTestApp, openTestApp, patientCookies, SETUP_TIMEOUT } from './helpers.js';

let db: Db;
let app: FastifyInstance;
/** The app's clock: 26 November 2026, 10:00 in Sydney (AEDT, +11). */
const nowMs = Date.parse('2026-11-26T10:00:00+11:00');

beforeAll(async () => {
  ({ db, app } = await openTestApp('check_in', {}, { clock: () => new Date(nowMs) }));
}, SETUP_TIMEOUT);
afterAll(() => closeTestApp(app, db));

async function call(
  method: 'GET' | 'POST',
  appointment: TestAppointment,
  path = '',
  payload?: object,
  cookies?: Record<string, string>,
) {
  return app.inject({
    method,
    url: `/api/secured/appointments/${appointment.slug}/check_in${path}`,
    cookies: cookies ?? (await patientCookies(app, appointment.bookingKey)),
    ...(payload ? { payload } : {}),
  });
}

function form(appointment: TestAppointment, overrides: object = {}) {
  return {
    appointmentSlug: appointment.slug,
    referrer: 'doc-0001',
    dateOfReferral: '2026-11-20',
    medicareNumber: MEDICARE,
    referenceNumber: '1',
    ...overrides,
  };
}

describe('check-in state and window (R-7-calls-41, R-4-checkin-17)', () => {
  it('answers the window with priorMinutes and TOO_EARLY before it opens', async () => {
    const a = await insertAppointment(db, { startIso: '2026-11-26T11:30:00+11:00' });
    const res = await call('GET', a);
    expect(res.statusCode).toBe(200);
    expect(res.json<CheckInState>()).toMatchObject({
      slug: a.slug,
      enabled: true,
      canCheckIn: false,
      disabledReason: 'TOO_EARLY',
      opensAt: '2026-11-26T10:30:00+11:00',
      closesAt: '2026-11-26T12:00:00+11:00',
      priorMinutes: 60,
      timeZone: 'Australia/Sydney',
      checkInPrepared: false,
      checkInSent: false,
      mode: 'SIMPLE',
      form: null,
    });
    const refused = await call('POST', a);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'message.check_in_not_allowed',
      priorMinutes: 60,
      disabledReason: 'TOO_EARLY',
    });
  });

  it('uses the clinic overrides of migration 031 (sydney-cbd 90 minutes, liverpool off)', async () => {
    const cbd = await insertAppointment(db, {
      startIso: '2026-11-26T11:30:00+11:00',
      clinicSlug: 'sydney-cbd',
    });
    expect((await call('GET', cbd)).json()).toMatchObject({ canCheckIn: true, priorMinutes: 90 });
    const off = await insertAppointment(db, {
      startIso: '2026-11-26T10:15:00+11:00',
      clinicSlug: 'liverpool',
    });
    expect((await call('GET', off)).json()).toMatchObject({
      enabled: false,
      disabledReason: 'CHECK_IN_DISABLED',
    });
  });

  it('an exam row of check_in_windows wins over the clinic row and the provider default', async () => {
    const a = await insertAppointment(db, { startIso: '2026-11-26T10:20:00+11:00' });
    const { rows } = await db.query<{ exam: string }>(
      `SELECT e.slug AS exam FROM appointments a JOIN exams e ON e.id = a.exam_id WHERE a.id = $1`,
      [a.id],
    );
    await db.query(
      `INSERT INTO check_in_windows (clinic_slug, exam_slug, opens_minutes_before, closes_minutes_after)
       VALUES ('north-sydney', $1, 15, 5)`,
      [rows[0]!.exam],
    );
    try {
      expect((await call('GET', a)).json()).toMatchObject({
        canCheckIn: false,
        disabledReason: 'TOO_EARLY',
        priorMinutes: 15,
        opensAt: '2026-11-26T10:05:00+11:00',
        closesAt: '2026-11-26T10:25:00+11:00',
      });
    } finally {
      await db.query(`DELETE FROM check_in_windows WHERE clinic_slug = 'north-sydney'`);
    }
  });

  it('says CANCELLED and NOT_TODAY', async () => {
    const cancelled = await insertAppointment(db, {
      startIso: '2026-11-26T10:15:00+11:00',
      status: 'CANCELED',
    });
    expect((await call('GET', cancelled)).json()).toMatchObject({ disabledReason: 'CANCELLED' });
    const tomorrow = await insertAppointment(db, { startIso: '2026-11-27T10:15:00+11:00' });
    expect((await call('GET', tomorrow)).json()).toMatchObject({ disabledReason: 'NOT_TODAY' });
  });
});

describe('prepare, check in, delivery and polling (R-4-checkin-10/11/13)', () => {
  it('refuses a bad form with a message key per field and stores nothing (R-3-45)', async () => {
    const a = await insertAppointment(db, { startIso: '2026-11-26T10:15:00+11:00' });
    const res = await call(
      'POST',
      a,
      '/prepare',
      form(a, {
        referrer: ' ',
        dateOfReferral: '2026-11-27',
        medicareNumber: '2123456711',
        referenceNumber: '0',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'message.validation_error',
      fields: {
        referrer: 'form.required',
        dateOfReferral: 'form.date_of_referral_future',
        medicareNumber: 'form.please_enter_valid',
        referenceNumber: 'form.please_enter_valid',
      },
    });
    expect((await call('GET', a)).json()).toMatchObject({ checkInPrepared: false, form: null });
    const other = await call('POST', a, '/prepare', form(a, { appointmentSlug: 'another' }));
    expect(other.statusCode).toBe(400);
    const malformed = await call('POST', a, '/prepare', { referrer: 5 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'message.bad_request' });
  });

  it('stores the form, delivers it and the check-in to the RIS, and the flags follow', async () => {
    const a = await insertAppointment(db, { startIso: '2026-11-26T10:15:00+11:00' });
    const cookies = await patientCookies(app, a.bookingKey);
    const prepared = await call('POST', a, '/prepare', form(a), cookies);
    expect(prepared.statusCode).toBe(200);
    expect(prepared.json<CheckInState>()).toMatchObject({
      checkInPrepared: true,
      checkInPreparedSent: false,
      form: { referrer: 'doc-0001', referrerName: 'doc-0001', referenceNumber: '1' },
    });
    const checkedIn = await call('POST', a, '', undefined, cookies);
    expect(checkedIn.statusCode).toBe(200);
    expect(checkedIn.json()).toMatchObject({ checkInSent: true, checkInSuccess: false });
    expect((await call('GET', a, '/sent', undefined, cookies)).json()).toEqual({
      checkInPreparedSent: false,
      checkInSent: true,
      checkInSuccess: false,
    });
    // The built-in receiver (no RIS_WEBHOOK_URL) acknowledges after its delay.
    const sender = startRisSender(db, { ackDelayMs: 0 }, false);
    expect(await sender.runOnce()).toBeGreaterThanOrEqual(2);
    expect((await call('GET', a, '/preparation_sent', undefined, cookies)).json()).toEqual({
      checkInPreparedSent: true,
      checkInSent: true,
      checkInSuccess: true,
    });
    const state = (await call('GET', a, '', undefined, cookies)).json<CheckInState>();
    expect(state).toMatchObject({ canCheckIn: false, disabledReason: 'ALREADY_CHECKED_IN' });
    // A second check-in changes nothing and queues nothing.
    expect((await call('POST', a, '', undefined, cookies)).json()).toMatchObject({
      checkInSuccess: true,
    });
    const { rows } = await db.query(
      `SELECT subject FROM outbox WHERE channel = 'ris' AND reference = $1 ORDER BY id`,
      [String(a.id)],
    );
    expect(rows).toEqual([{ subject: 'prepared' }, { subject: 'check_in' }]);
    // The appointment page's flags come from the same data (R-2.4-31).
    const summary = await app.inject({
      method: 'POST',
      url: '/api/secured/appointments/summary',
      payload: { bookingKey: a.bookingKey },
      cookies,
    });
    expect(summary.json().appointments[0]).toMatchObject({
      checkInPrepared: true,
      checkInPreparedSent: true,
      checkInSent: true,
      checkInSuccess: true,
      status: 'CHECKED_IN',
    });
  });

  it('readiness: PREPARE_FIRST needs the form, a required referral names its type (R-3-49, R-4-checkin-15/19)', async () => {
    await writeSetting(db, 'checkIn', {
      mode: 'PREPARE_FIRST',
      requireReferralBeforeCheckIn: true,
      showGenderSelection: true,
    });
    try {
      const a = await insertAppointment(db, { startIso: '2026-11-26T10:15:00+11:00' });
      const cookies = await patientCookies(app, a.bookingKey);
      expect((await call('GET', a, '/readiness', undefined, cookies)).json()).toEqual({
        ready: false,
        requiredReferralUploaded: false,
        documentTypeId: expect.any(Number),
        message: 'message.check_in_form_required',
      });
      const noGender = await call('POST', a, '/prepare', form(a), cookies);
      expect(noGender.json()).toMatchObject({ fields: { gender: 'form.required' } });
      const prepared = await call('POST', a, '/prepare', form(a, { gender: 'Female' }), cookies);
      expect(prepared.json()).toMatchObject({
        showGenderSelection: true,
        form: { gender: 'Female' },
      });
      expect((await call('GET', a, '/readiness', undefined, cookies)).json()).toMatchObject({
        ready: false,
        message: 'message.check_in_referral_required',
      });
      const refused = await call('POST', a, '', undefined, cookies);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: 'message.check_in_not_ready' });
    } finally {
      await db.query(`DELETE FROM provider_settings WHERE section = 'checkIn'`);
    }
  });

  it("lists today's appointments of the session's key (R-7-calls-42)", async () => {
    const a = await insertAppointment(db, { startIso: '2026-11-26T10:15:00+11:00' });
    await insertAppointment(db, {
      startIso: '2026-11-27T10:15:00+11:00',
      bookingKey: a.bookingKey,
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/secured/check_in/appointments',
      cookies: await patientCookies(app, a.bookingKey),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json<CheckInAppointment[]>();
    expect(list.map((item) => item.slug)).toEqual([a.slug]);
    expect(list[0]).toMatchObject({ bookingKey: '', checkIn: { canCheckIn: true } });
  });
});

describe('the referrer of the form (R-3-45)', () => {
  it("shows the doctor's name from the doctors table when it holds the id", async () => {
    // Migration 032 (doctor search) brings the directory; a minimal fixture until then.
    await db.query('CREATE TABLE IF NOT EXISTS doctors (id text PRIMARY KEY, name text NOT NULL)');
    const { rows } = await db.query<{ id: string; name: string }>(
      'SELECT id, name FROM doctors ORDER BY id LIMIT 1',
    );
    let doctor = rows[0];
    if (!doctor) {
      await db.query(`INSERT INTO doctors (id, name) VALUES ('doc-fixture', 'Dr Jane Citizen')`);
      doctor = { id: 'doc-fixture', name: 'Dr Jane Citizen' };
    }
    const a = await insertAppointment(db, { startIso: '2026-11-26T10:15:00+11:00' });
    const res = await call('POST', a, '/prepare', form(a, { referrer: doctor.id }));
    expect(res.json()).toMatchObject({
      form: { referrer: doctor.id, referrerName: doctor.name },
    });
  });
});

describe('authorisation (R-7-calls-41)', () => {
  it('answers 401 without a session and 403 for another booking on every check-in route', async () => {
    const mine = await insertAppointment(db, { startIso: '2026-11-26T10:15:00+11:00' });
    const theirs = await insertAppointment(db, { startIso: '2026-11-26T10:15:00+11:00' });
    const foreign = await patientCookies(app, theirs.bookingKey);
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', ''],
      ['POST', ''],
      ['GET', '/readiness'],
      ['POST', '/prepare', form(mine)],
      ['GET', '/sent'],
      ['GET', '/preparation_sent'],
    ];
    for (const [method, path, payload] of routes) {
      expect((await call(method, mine, path, payload, {})).statusCode, `${method} ${path}`).toBe(
        401,
      );
      const res = await call(method, mine, path, payload, foreign);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json()).toMatchObject({ message: 'message.forbidden' });
    }
    expect((await call('GET', mine)).json()).toMatchObject({
      checkInPrepared: false,
      checkInSent: false,
    });
  });
});
