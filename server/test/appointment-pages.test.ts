// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AppointmentSummary,
  CanChangeStatusResponse,
  CancelResult,
} from '../../src/contract/appointments.js';
import type { BookingRequestSummary } from '../../src/contract/booking-requests.js';
import { listOutbox } from '../db/booking.repo.js';
import type { Db } from '../db/db.js';
import { writeSetting } from '../db/settings.repo.js';
import {
  bookOne,
  clinicId,
  clock,
  deviceIds,
  MANY_BOOKINGS,
  newKey,
  PATIENT,
} from './booking-helpers.js';
import {
  patientCookies,
  SESSION_COOKIE_NAME,
  setCookie,
  SETUP_TIMEOUT,
  testApp,
  openTestApp,
  closeTestApp,
} from './helpers.js';
import { keyRef } from '../db/secrets.js';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  ({ db, app } = await openTestApp('appointment_pages', { booking: MANY_BOOKINGS }, { clock }));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

async function sendRequest(): Promise<{ bookingKey: string; slug: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/booking/booking_requests',
    payload: {
      bookingKey: await newKey(app),
      examSlugs: ['mri-breast'],
      clinicId: await clinicId(db, 'sydney-cbd'),
      patient: PATIENT,
    },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json<{ bookingKey: string; slug: string }>();
}

async function summary(bookingKey: string, cookies: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/secured/appointments/summary',
    payload: { bookingKey },
    cookies,
  });
}

const REASON = { label: 'I am feeling better' };

interface RouteCase {
  name: string;
  kind: 'appointment' | 'booking_request';
  method: 'GET' | 'POST' | 'PUT';
  url: (ref: { slug: string }) => string;
  payload?: (ref: { bookingKey: string }) => object;
  ok: number;
}

/** Every secured route of the appointment and booking-request pages. */
const ROUTES: RouteCase[] = [
  {
    name: 'appointment summary',
    kind: 'appointment',
    method: 'POST',
    url: () => '/api/secured/appointments/summary',
    payload: (r) => ({ bookingKey: r.bookingKey }),
    ok: 200,
  },
  {
    name: 'can change status',
    kind: 'appointment',
    method: 'GET',
    url: (r) => `/api/secured/appointments/${r.slug}/can_change_status?action=CANCEL`,
    ok: 200,
  },
  {
    name: 'calendar file',
    kind: 'appointment',
    method: 'GET',
    url: (r) => `/api/secured/appointments/${r.slug}/calendar.ics`,
    ok: 200,
  },
  {
    name: 'confirm',
    kind: 'appointment',
    method: 'POST',
    url: (r) => `/api/secured/appointments/${r.slug}/confirm`,
    ok: 200,
  },
  {
    name: 'unsubscribe',
    kind: 'appointment',
    method: 'POST',
    url: (r) => `/api/secured/appointments/${r.slug}/unsubscribe`,
    ok: 204,
  },
  {
    name: 'call-centre e-mail',
    kind: 'appointment',
    method: 'POST',
    url: (r) => `/api/secured/appointments/${r.slug}/call_centre_email`,
    payload: () => ({ message: 'Is parking available?' }),
    ok: 204,
  },
  {
    name: 'callback request',
    kind: 'appointment',
    method: 'POST',
    url: (r) => `/api/secured/appointments/${r.slug}/callback_request`,
    payload: () => ({ contactNumber: '0412 345 678' }),
    ok: 204,
  },
  {
    name: 'cancel',
    kind: 'appointment',
    method: 'POST',
    url: (r) => `/api/secured/appointments/${r.slug}/cancel`,
    payload: () => ({ reason: REASON, note: '' }),
    ok: 200,
  },
  {
    name: 'booking request summary',
    kind: 'booking_request',
    method: 'POST',
    url: () => '/api/secured/booking_requests/summary',
    payload: (r) => ({ bookingKey: r.bookingKey }),
    ok: 200,
  },
  {
    name: 'booking request status',
    kind: 'booking_request',
    method: 'PUT',
    url: (r) => `/api/secured/booking_requests/${r.slug}/status`,
    payload: () => ({ status: 'CANCELED' }),
    ok: 200,
  },
  {
    name: 'booking request cancel',
    kind: 'booking_request',
    method: 'POST',
    url: (r) => `/api/secured/booking_requests/${r.slug}/cancel`,
    ok: 200,
  },
];

describe('R-6-08 every secured appointment and booking-request route checks the session', () => {
  let hour = 8;
  for (const route of ROUTES) {
    it(`${route.name}: no session 401, another booking's session 403 without data, own 2xx`, async () => {
      hour += 1;
      const mine =
        route.kind === 'appointment'
          ? await bookOne(app, db, { dayOffset: 3, hour })
          : await sendRequest();
      const other =
        route.kind === 'appointment'
          ? await bookOne(app, db, { dayOffset: 4, hour })
          : await sendRequest();
      const request = (cookies?: Record<string, string>) =>
        app.inject({
          method: route.method,
          url: route.url(mine),
          ...(route.payload ? { payload: route.payload(mine) } : {}),
          ...(cookies ? { cookies } : {}),
        });
      const anonymous = await request();
      expect(anonymous.statusCode).toBe(401);
      const foreign = await request(await patientCookies(app, other.bookingKey));
      expect(foreign.statusCode).toBe(403);
      expect(foreign.body).not.toContain(mine.bookingKey);
      expect(foreign.body).not.toContain('Nguyen');
      const own = await request(await patientCookies(app, mine.bookingKey));
      expect(own.statusCode, own.body).toBe(route.ok);
      expect(own.headers['cache-control']).toBe('no-store');
    });
  }
});

describe('R-7-calls-40 the appointment summary', () => {
  it('R-3-31 R-3-43 lists the exam, clinic with address and coordinates, times with offset and preparation', async () => {
    const mine = await bookOne(app, db, { dayOffset: 0, hour: 10 });
    const res = await summary(mine.bookingKey, await patientCookies(app, mine.bookingKey));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AppointmentSummary>();
    expect(body.cancelPriorMinutes).toBe(1440);
    expect(body.cancelReasons.length).toBeGreaterThan(1);
    const [appointment] = body.appointments;
    expect(appointment).toMatchObject({
      slug: mine.slug,
      bookingKey: mine.bookingKey,
      examSlug: 'mri-knee',
      examDetails: { slug: 'mri-knee' },
      status: 'BOOKED',
      expired: false,
      walkIn: false,
      date: '2026-11-23T10:00:00+11:00',
      timeZone: 'Australia/Sydney',
      patientDetails: { firstName: 'Mia', lastName: 'Nguyen', dateOfBirth: '1984-02-29' },
    });
    expect(appointment?.clinic.latitude).toBeCloseTo(-33.87, 1);
    expect(appointment?.clinicAddress).toMatch(/NSW/);
    expect(appointment?.documentsNeeded.length).toBeGreaterThan(0);
  });

  it('R-4-status-01 marks an appointment whose time has passed as expired', async () => {
    const mine = await bookOne(app, db, { dayOffset: 1, hour: 10 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/dev/appointments/expire',
      payload: { bookingKey: mine.bookingKey },
    });
    expect(res.statusCode).toBe(204);
    const body = (
      await summary(mine.bookingKey, await patientCookies(app, mine.bookingKey))
    ).json<AppointmentSummary>();
    expect(body.appointments[0]?.expired).toBe(true);
  });
});

describe('R-2.4-29 confirm, cancel and can-change-status', () => {
  it('confirming sets CONFIRMED', async () => {
    const mine = await bookOne(app, db, { dayOffset: 2, hour: 10 });
    const res = await app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${mine.slug}/confirm`,
      cookies: await patientCookies(app, mine.bookingKey),
    });
    expect(res.json()).toMatchObject({ status: 'CONFIRMED' });
  });

  it('R-4-cancel-04 R-4-status-03 R-3-51 cancelling with a reason sets CANCELED and frees the slot', async () => {
    const mine = await bookOne(app, db, { dayOffset: 2, hour: 11 });
    const cookies = await patientCookies(app, mine.bookingKey);
    const res = await app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${mine.slug}/cancel`,
      cookies,
      payload: { reason: REASON, note: ' Feeling fine ' },
    });
    expect(res.json<CancelResult>()).toEqual({
      slug: mine.slug,
      status: 'CANCELED',
      reason: REASON,
      note: 'Feeling fine',
    });
    const again = await app.inject({
      method: 'GET',
      url: `/api/secured/appointments/${mine.slug}/can_change_status?action=CANCEL`,
      cookies,
    });
    expect(again.json<CanChangeStatusResponse>()).toEqual({
      canChange: false,
      reason: 'APPOINTMENT_CANCELLED',
      priorMinutes: 1440,
    });
    // The patient is told in writing (spec 4 "Cancel"), once.
    const outbox = await listOutbox(db, keyRef(mine.bookingKey));
    const cancelled = outbox.filter((m) => m.subject.endsWith('is cancelled'));
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.body).toContain('Your appointment is cancelled, as you asked.');
    expect(cancelled[0]?.body).toContain('To book a new time:');
    // Second try-out (issue 13): "call the clinic" names it and its number.
    expect(cancelled[0]?.body).toMatch(
      /If you did not cancel this appointment, please call Harbour Imaging .+ on [\d ()+]+\./,
    );
    // The time is free again: someone else books it.
    await expect(bookOne(app, db, { dayOffset: 2, hour: 11 })).resolves.toBeTruthy();
  });

  it('refuses an unknown cancel reason with 400', async () => {
    const mine = await bookOne(app, db, { dayOffset: 2, hour: 12 });
    const res = await app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${mine.slug}/cancel`,
      cookies: await patientCookies(app, mine.bookingKey),
      payload: { reason: { label: 'Made up' }, note: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('message.cancel_reason_unknown');
  });

  it('R-8-29 R-9-42 answers PRIOR_MINUTES within the provider limit and refuses the cancel', async () => {
    const mine = await bookOne(app, db, { dayOffset: 2, hour: 13 });
    const late = await testApp(
      db,
      { booking: MANY_BOOKINGS },
      { clock: () => new Date('2026-11-24T12:00:00Z') },
    );
    try {
      const cookies = await patientCookies(late, mine.bookingKey);
      const res = await late.inject({
        method: 'GET',
        url: `/api/secured/appointments/${mine.slug}/can_change_status?action=CANCEL`,
        cookies,
      });
      expect(res.json<CanChangeStatusResponse>()).toEqual({
        canChange: false,
        reason: 'PRIOR_MINUTES',
        priorMinutes: 1440,
      });
      const cancel = await late.inject({
        method: 'POST',
        url: `/api/secured/appointments/${mine.slug}/cancel`,
        cookies,
        payload: { reason: REASON, note: '' },
      });
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json().message).toBe('message.cancel_not_allowed');
    } finally {
      await late.close();
    }
  });

  it('R-9-42 takes the limits and reasons from the provider settings', async () => {
    await writeSetting(db, 'appointment', {
      reschedulePriorMinutes: 90,
      cancelReasons: ['Moving away'],
    });
    try {
      const mine = await bookOne(app, db, { dayOffset: 2, hour: 14 });
      const cookies = await patientCookies(app, mine.bookingKey);
      const body = (await summary(mine.bookingKey, cookies)).json<AppointmentSummary>();
      expect(body.reschedulePriorMinutes).toBe(90);
      expect(body.cancelReasons).toEqual([{ label: 'Moving away' }]);
    } finally {
      await db.query(`DELETE FROM provider_settings WHERE section = 'appointment'`);
    }
  });
});

describe('R-7-calls-47 call centre and unsubscribe', () => {
  it('queues the call-centre e-mail and the callback request in the outbox', async () => {
    const mine = await bookOne(app, db, { dayOffset: 0, hour: 14 });
    const cookies = await patientCookies(app, mine.bookingKey);
    await app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${mine.slug}/call_centre_email`,
      cookies,
      payload: { message: 'Can I bring my child?' },
    });
    await app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${mine.slug}/callback_request`,
      cookies,
      payload: { contactNumber: '0298765432' },
    });
    const outbox = await listOutbox(db, keyRef(mine.bookingKey));
    expect(outbox.map((m) => m.subject)).toEqual([
      expect.stringMatching(/confirmed|appointment/i),
      'Message from a patient: Mia Nguyen',
      'Callback request: Mia Nguyen',
    ]);
    expect(outbox[1]?.body).toContain('Can I bring my child?');
    expect(outbox[2]?.body).toContain('0298765432');
  });

  it('unsubscribing marks the booking', async () => {
    const mine = await bookOne(app, db, { dayOffset: 0, hour: 15 });
    const cookies = await patientCookies(app, mine.bookingKey);
    await app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${mine.slug}/unsubscribe`,
      cookies,
    });
    expect(
      (await summary(mine.bookingKey, cookies)).json<AppointmentSummary>().appointments[0]
        ?.emailsUnsubscribed,
    ).toBe(true);
  });

  it('the secured calendar file has the clinic address and time zone', async () => {
    const mine = await bookOne(app, db, { dayOffset: 0, hour: 16 });
    const res = await app.inject({
      method: 'GET',
      url: `/api/secured/appointments/${mine.slug}/calendar.ics`,
      cookies: await patientCookies(app, mine.bookingKey),
    });
    expect(res.headers['content-type']).toMatch(/text\/calendar/);
    expect(res.body).toContain('TZID=Australia/Sydney');
    expect(res.body).toMatch(/LOCATION:.*NSW/);
  });
});

describe('a new booking holds its session; reschedule replaces the old appointment', () => {
  async function bookAt(hour: number, extra: object = {}, cookies?: Record<string, string>) {
    return app.inject({
      method: 'POST',
      url: '/api/booking/appointments',
      ...(cookies ? { cookies } : {}),
      payload: {
        bookingKey: await newKey(app),
        examSlug: 'mri-knee',
        clinicId: await clinicId(db, 'sydney-cbd'),
        deviceId: (await deviceIds(db, 'sydney-cbd', 'mri'))[0],
        startDateTime: `2026-11-30T${String(hour).padStart(2, '0')}:00:00+11:00`,
        patient: PATIENT,
        ...extra,
      },
    });
  }
  const cookieOf = (headers: Record<string, unknown>) => {
    const value = /^[^=]+=([^;]+)/.exec(setCookie(headers, SESSION_COOKIE_NAME) ?? '')?.[1] ?? '';
    return { [SESSION_COOKIE_NAME]: value };
  };

  it('POST /api/booking/appointments sets a session for the new booking key', async () => {
    const res = await bookAt(9);
    expect(res.statusCode, res.body).toBe(200);
    const { bookingKey } = res.json<{ bookingKey: string }>();
    expect((await summary(bookingKey, cookieOf(res.headers))).statusCode).toBe(200);
  });

  it('POST /api/booking/booking_requests sets a session for the new request', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/booking/booking_requests',
      payload: {
        bookingKey: await newKey(app),
        examSlugs: ['mri-breast'],
        clinicId: null,
        patient: PATIENT,
      },
    });
    const { bookingKey } = res.json<{ bookingKey: string }>();
    const view = await app.inject({
      method: 'POST',
      url: '/api/secured/booking_requests/summary',
      payload: { bookingKey },
      cookies: cookieOf(res.headers),
    });
    expect(view.statusCode).toBe(200);
    expect(view.json<BookingRequestSummary>()).toMatchObject({
      status: 'PENDING',
      exams: [{ slug: 'mri-breast' }],
      clinic: null,
      patientDetails: { firstName: 'Mia' },
    });
  });

  it('R-4-cancel-07 a booking with appointmentSlug cancels the old appointment in the same transaction', async () => {
    const old = await bookAt(11);
    const oldBody = old.json<{ bookingKey: string; slug: string }>();
    const res = await bookAt(
      12,
      { appointmentSlug: oldBody.slug, status: 'RESCHEDULED' },
      cookieOf(old.headers),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await db.query<{ status: string; replaced_by: string }>(
      'SELECT status, replaced_by FROM appointments WHERE slug = $1',
      [oldBody.slug],
    );
    expect(rows[0]).toEqual({ status: 'CANCELED', replaced_by: res.json<{ slug: string }>().slug });
    // R-4-status-04: the e-mail says "rescheduled from X to Y", not "booked".
    const fresh = res.json<{ bookingKey: string }>();
    const mails = await listOutbox(db, keyRef(fresh.bookingKey));
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your .* appointment is rescheduled to /),
    ]);
    expect(mails[0]?.body).toMatch(/Your appointment is rescheduled from .* to /);
    expect(mails[0]?.body).toMatch(/Was: .*, now free for someone else/);
    // Each page says where the appointment went, or where it came from.
    const summaryOf = async (bookingKey: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/secured/appointments/summary',
          cookies: await patientCookies(app, bookingKey),
          payload: { bookingKey },
        })
      ).json<AppointmentSummary>();
    const before = (await summaryOf(oldBody.bookingKey)).appointments[0]!;
    expect(before.status).toBe('CANCELED');
    expect(before.movedTo).toMatchObject({
      clinicName: expect.any(String),
      examName: expect.any(String),
    });
    expect(before.movedFrom).toBeNull();
    const after = (await summaryOf(fresh.bookingKey)).appointments[0]!;
    expect(after.movedTo).toBeNull();
    expect(after.movedFrom?.date).toBe(before.date);
    // The old slot is free again.
    expect((await bookAt(11)).statusCode).toBe(200);
  });

  it('refuses to replace an appointment the session does not hold (403) and books nothing', async () => {
    const old = await bookAt(14);
    const oldBody = old.json<{ slug: string }>();
    const stranger = await bookAt(15);
    const res = await bookAt(
      16,
      { appointmentSlug: oldBody.slug, status: 'RESCHEDULED' },
      cookieOf(stranger.headers),
    );
    expect(res.statusCode).toBe(403);
    const { rows } = await db.query<{ status: string }>(
      'SELECT status FROM appointments WHERE slug = $1',
      [oldBody.slug],
    );
    expect(rows[0]?.status).toBe('BOOKED');
    expect((await bookAt(16)).statusCode).toBe(200);
  });

  it('rescheduling into the same device time as the old appointment works (old time freed first)', async () => {
    const old = await bookAt(17);
    const res = await bookAt(
      17,
      { appointmentSlug: old.json<{ slug: string }>().slug, status: 'CHANGED' },
      cookieOf(old.headers),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it("R-4-status-04 the old key's summary leads to the new appointment (sealed under the old key); another key seals nothing", async () => {
    const old = await bookAt(10);
    const { slug, bookingKey: oldKey } = old.json<{ slug: string; bookingKey: string }>();
    const moved = await bookAt(
      13,
      { appointmentSlug: slug, status: 'RESCHEDULED', previousBookingKey: oldKey },
      cookieOf(old.headers),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const newKey = moved.json<{ bookingKey: string }>().bookingKey;
    const oldPage = await summary(oldKey, await patientCookies(app, oldKey));
    expect(oldPage.json<AppointmentSummary>().appointments[0]?.movedTo).toMatchObject({
      bookingKey: newKey,
    });
    const { rows } = await db.query<{ moved_to_sealed: string }>(
      'SELECT moved_to_sealed FROM appointments WHERE slug = $1',
      [slug],
    );
    expect(rows[0]?.moved_to_sealed).toBeTruthy();
    expect(rows[0]?.moved_to_sealed).not.toContain(newKey);

    const other = await bookAt(8);
    const otherBody = other.json<{ slug: string; bookingKey: string }>();
    const wrong = await bookAt(
      10,
      { appointmentSlug: otherBody.slug, status: 'RESCHEDULED', previousBookingKey: oldKey },
      cookieOf(other.headers),
    );
    expect(wrong.statusCode, wrong.body).toBe(200);
    const otherPage = await summary(
      otherBody.bookingKey,
      await patientCookies(app, otherBody.bookingKey),
    );
    expect(otherPage.json<AppointmentSummary>().appointments[0]?.movedTo?.bookingKey).toBeNull();
  });
});

describe('R-2.4-37 booking-request pages', () => {
  it('R-4-status-05 cancelling sets CANCELED', async () => {
    const mine = await sendRequest();
    const cookies = await patientCookies(app, mine.bookingKey);
    const res = await app.inject({
      method: 'POST',
      url: `/api/secured/booking_requests/${mine.slug}/cancel`,
      cookies,
    });
    expect(res.json<BookingRequestSummary>().status).toBe('CANCELED');
  });

  it('R-2.3-18 the summary lists the referrals uploaded with the request, not its other documents', async () => {
    const mine = await sendRequest();
    await db.query(
      `INSERT INTO temporary_documents (booking_key, file_name, content_type, document_type_id)
       SELECT $1, t.file_name, 'application/pdf', d.id
       FROM (VALUES ('referral', 'referral.pdf'), ('medicare_card', 'card.png')) AS t (code, file_name)
       JOIN document_types d ON d.code = t.code`,
      [keyRef(mine.bookingKey)],
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/secured/booking_requests/summary',
      payload: { bookingKey: mine.bookingKey },
      cookies: await patientCookies(app, mine.bookingKey),
    });
    expect(res.json<BookingRequestSummary>().referrals).toEqual([
      { id: expect.any(Number), fileName: 'referral.pdf' },
    ]);
  });

  it('a patient may set no other status than CANCELED', async () => {
    const mine = await sendRequest();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/secured/booking_requests/${mine.slug}/status`,
      cookies: await patientCookies(app, mine.bookingKey),
      payload: { status: 'BOOKED' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('an appointment session cannot read a booking request (403)', async () => {
    const mine = await sendRequest();
    const appointment = await bookOne(app, db, { dayOffset: 1, hour: 15 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/secured/booking_requests/summary',
      payload: { bookingKey: mine.bookingKey },
      cookies: await patientCookies(app, appointment.bookingKey),
    });
    expect(res.statusCode).toBe(403);
  });
});
