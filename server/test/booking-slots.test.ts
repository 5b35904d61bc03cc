// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ClinicAppointmentRequest, ClinicSlots, Slot } from '../../src/contract/booking.js';
import { insertAppointment } from '../db/appointments.repo.js';
import type { Db } from '../db/db.js';
import { clinicId, clock, deviceIds } from './booking-helpers.js';
import { SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';
import { keyRef } from '../db/secrets.js';

let db: Db;
let app: FastifyInstance;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ db, app } = await openTestApp('booking_slots', {}, { clock }));
  for (const slug of ['sydney-cbd', 'perth-cbd', 'auckland-cbd', 'liverpool', 'bondi-junction'])
    ids[slug] = await clinicId(db, slug);
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

function slots(request: Partial<ClinicAppointmentRequest>) {
  return app.inject({
    method: 'POST',
    url: '/api/booking/clinic_appointments',
    payload: { examSlug: 'mri-knee', clinicIds: [ids['sydney-cbd']], ...request },
  });
}

async function startsOf(request: Partial<ClinicAppointmentRequest>): Promise<string[]> {
  const res = await slots(request);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClinicSlots[]>().flatMap((clinic) => clinic.slots.map((s) => s.startDateTime));
}

describe('POST /api/booking/clinic_appointments', () => {
  it('R-3-33 R-3-34 R-7-calls-33 answers slots per clinic with the clinic offset', async () => {
    const res = await slots({ start: '2026-11-23', end: '2026-11-23' });
    expect(res.headers['cache-control']).toBe('no-store');
    const [clinic] = res.json<ClinicSlots[]>();
    expect(clinic).toMatchObject({
      clinicId: ids['sydney-cbd'],
      clinicSlug: 'sydney-cbd',
      timeZone: 'Australia/Sydney',
    });
    // 07:30 to 19:00 in 30-minute steps.
    expect(clinic?.slots).toHaveLength(23);
    expect(clinic?.slots[0]).toEqual({
      clinicId: ids['sydney-cbd'],
      clinicSlug: 'sydney-cbd',
      clinicName: 'Harbour Imaging Sydney CBD',
      startDateTime: '2026-11-23T07:30:00+11:00',
      endDateTime: '2026-11-23T08:00:00+11:00',
      deviceId: expect.any(Number),
      timeZone: 'Australia/Sydney',
    });
    expect(clinic?.slots.at(-1)?.endDateTime).toBe('2026-11-23T19:00:00+11:00');
  });

  it('follows Sydney daylight saving: first Sunday of October and of April', async () => {
    const october = await startsOf({ start: '2026-10-02', end: '2026-10-05' });
    expect(october[0]).toBe('2026-10-02T07:30:00+10:00');
    expect(october.filter((s) => s.startsWith('2026-10-03'))[0]).toBe('2026-10-03T08:00:00+10:00');
    expect(october.some((s) => s.startsWith('2026-10-04'))).toBe(false); // closed on Sunday
    expect(october.filter((s) => s.startsWith('2026-10-05'))[0]).toBe('2026-10-05T07:30:00+11:00');
    const april = await startsOf({ start: '2027-04-02', end: '2027-04-05' });
    expect(april[0]).toBe('2027-04-02T07:30:00+11:00');
    expect(april.filter((s) => s.startsWith('2027-04-05'))[0]).toBe('2027-04-05T07:30:00+10:00');
  });

  it('keeps Perth at +08:00 across those dates, and Auckland on NZ time', async () => {
    const perth = await startsOf({
      clinicIds: [ids['perth-cbd'] as number],
      start: '2026-10-02',
      end: '2026-10-05',
    });
    expect(perth[0]).toBe('2026-10-02T07:30:00+08:00');
    expect(perth.filter((s) => s.startsWith('2026-10-05'))[0]).toBe('2026-10-05T07:30:00+08:00');
    const auckland = await startsOf({
      clinicIds: [ids['auckland-cbd'] as number],
      start: '2026-11-23',
      end: '2026-11-23',
    });
    expect(auckland[0]).toBe('2026-11-23T07:30:00+13:00');
  });

  it('leaves out slots in the past and within the 60-minute lead time', async () => {
    // Now is 10:00 in Sydney.
    const today = await startsOf({ start: '2026-09-28', end: '2026-09-28' });
    expect(today[0]).toBe('2026-09-28T11:00:00+10:00');
    expect(await startsOf({ start: '2026-09-01', end: '2026-09-27' })).toEqual([]);
  });

  it('leaves out times every device is busy at, and offers a free device otherwise', async () => {
    const [first, second] = (await deviceIds(db, 'sydney-cbd', 'mri')) as [number, number];
    const at = (time: string) => new Date(`2026-10-06T${time}:00+11:00`);
    let n = 0;
    const busy = (device: number, from: string, to: string) =>
      insertAppointment(db, {
        bookingKey: keyRef(`busy-${++n}`),
        deviceId: device,
        examId: null,
        start: at(from),
        end: at(to),
      });
    await busy(first, '09:00', '09:30');
    await busy(first, '10:00', '10:45');
    await busy(second, '10:00', '11:00');
    await insertAppointment(db, {
      bookingKey: keyRef('busy-canceled'),
      deviceId: second,
      examId: null,
      start: at('12:00'),
      end: at('12:30'),
      status: 'CANCELED',
    });
    const res = await slots({ start: '2026-10-06', end: '2026-10-06' });
    const day = res.json<ClinicSlots[]>()[0]?.slots ?? [];
    const byTime = new Map(day.map((s) => [s.startDateTime.slice(11, 16), s.deviceId]));
    expect(byTime.get('09:00')).toBe(second);
    expect(byTime.get('09:30')).toBe(first);
    expect(byTime.has('10:00')).toBe(false);
    expect(byTime.has('10:30')).toBe(false);
    expect(byTime.get('11:00')).toBe(first);
    expect(byTime.get('12:00')).toBe(first);
  });

  it('answers several clinics in request order, empty for one without the exam', async () => {
    const res = await slots({
      examSlug: 'mammogram-screening',
      clinicIds: [ids.liverpool as number, ids['bondi-junction'] as number, 99_999],
      start: '2026-11-23',
      end: '2026-11-24',
    });
    const body = res.json<ClinicSlots[]>();
    expect(body.map((c) => [c.clinicSlug, c.slots.length > 0])).toEqual([
      ['liverpool', false],
      ['bondi-junction', true],
    ]);
  });

  it('R-4-slots-10 allows a month view, refuses more than 62 days or a reversed range', async () => {
    expect((await slots({ start: '2026-11-01', end: '2027-01-01' })).statusCode).toBe(200);
    const long = await slots({ start: '2026-11-01', end: '2027-01-02' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'message.date_range_too_long' });
    expect((await slots({ start: '2026-11-02', end: '2026-11-01' })).statusCode).toBe(400);
    expect((await slots({ start: '2026-02-30', end: '2026-03-01' })).statusCode).toBe(400);
    expect((await slots({ start: '23/11/2026', end: '2026-11-24' })).statusCode).toBe(400);
    expect(
      (await slots({ clinicIds: [], start: '2026-11-01', end: '2026-11-01' })).statusCode,
    ).toBe(400);
  });

  it('refuses an enquiry-only exam unless it is for a booking request', async () => {
    const range = { examSlug: 'mri-breast', start: '2026-11-23', end: '2026-11-23' };
    const refused = await slots(range);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'message.exam_enquiry_only' });
    const allowed = await slots({ ...range, isBookingRequest: true });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json<ClinicSlots[]>()[0]?.slots[0]?.endDateTime).toBe(
      '2026-11-23T08:15:00+11:00',
    );
    expect(
      (await slots({ examSlug: 'mri-toe', start: '2026-11-23', end: '2026-11-23' })).statusCode,
    ).toBe(404);
  });

  it('R-3-35 accepts the rest of the spec 3 request fields', async () => {
    const res = await slots({
      start: '2026-11-23',
      end: '2026-11-23',
      location: { latitude: -33.86, longitude: 151.2 },
      clinicAppointmentsView: 'WEEK',
      extraQueryParams: { source: 'test' },
      appointmentSlug: 'x',
      customDuration: 15,
      examBookingKey: 'k',
      bookingRequestBookingKey: 'k',
      // Empty means none; a visit's id restricts the slots (mobile-slots.test.ts).
      mobileLocationToken: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ClinicSlots[]>()[0]?.slots).toHaveLength(23);
  });
});

describe('GET /api/booking/find_next_available', () => {
  const next = (query: string) =>
    app.inject({ method: 'GET', url: `/api/booking/find_next_available?${query}` });

  it('R-7-calls-33 answers the earliest free slot after now plus the lead time', async () => {
    const res = await next(`examSlug=mri-knee&clinicIds=${ids['sydney-cbd']}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Slot>()).toMatchObject({
      clinicSlug: 'sydney-cbd',
      startDateTime: '2026-09-28T11:00:00+10:00',
      timeZone: 'Australia/Sydney',
    });
  });

  it('searches from a date, across clinics in different zones', async () => {
    const saturday = await next(`examSlug=mri-knee&clinicIds=${ids['sydney-cbd']}&from=2026-10-10`);
    expect(saturday.json<Slot>().startDateTime).toBe('2026-10-10T08:00:00+11:00');
    // Monday: 07:30 in Sydney (+11) is 20:30 UTC, in Perth (+8) 23:30 UTC the day before.
    const both = await next(
      `examSlug=mri-knee&clinicIds=${ids['perth-cbd']},${ids['sydney-cbd']}&from=2026-10-12`,
    );
    expect(both.json<Slot>()).toMatchObject({
      clinicSlug: 'sydney-cbd',
      startDateTime: '2026-10-12T07:30:00+11:00',
    });
    const perthOnly = await next(`examSlug=mri-knee&clinicIds=${ids['perth-cbd']}&from=2026-10-12`);
    expect(perthOnly.json<Slot>().startDateTime).toBe('2026-10-12T07:30:00+08:00');
  });

  it('answers 404 message.no_slots_available when nothing is free within 90 days', async () => {
    const res = await next(`examSlug=mammogram-screening&clinicIds=${ids.liverpool}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'message.no_slots_available' });
  });

  it('refuses malformed queries and enquiry-only exams', async () => {
    expect((await next('examSlug=mri-knee&clinicIds=a,b')).statusCode).toBe(400);
    expect((await next('examSlug=mri-knee')).statusCode).toBe(400);
    expect((await next(`examSlug=mri-knee&clinicIds=1&from=2026-13-01`)).statusCode).toBe(400);
    const enquiry = await next(`examSlug=nm-bone-scan&clinicIds=${ids['sydney-cbd']}`);
    expect(enquiry.json()).toMatchObject({ statusCode: 400, message: 'message.exam_enquiry_only' });
  });
});
