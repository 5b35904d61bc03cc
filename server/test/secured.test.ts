import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { requireAppointment, requireBookingRequest, securedSession } from '../http/secured.js';
import { patientCookies, SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';
import { bookOne, clock, MANY_BOOKINGS } from './booking-helpers.js';
import { keyRef } from '../db/secrets.js';

describe('the secured area (spec 6)', () => {
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ db, app } = await openTestApp('secured', { booking: MANY_BOOKINGS }, { clock }));
  }, SETUP_TIMEOUT);
  afterAll(() => closeTestApp(app, db));

  it('answers 401 with a message key and no-store when there is no session', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/secured/appointments/x/attachments/response',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('message.unauthorized');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('grants a patient session its own booking only', async () => {
    const mine = await bookOne(app, db);
    const theirs = await bookOne(app, db, { dayOffset: 1 });
    const cookies = await patientCookies(app, mine.bookingKey);
    const session = await (
      await import('../services/session.service.js')
    )
      .createSessionService(db, { ttlSeconds: 900, absoluteSeconds: 43200 })
      .read(Object.values(cookies)[0]);
    // The session holds the key's stored form, never the key (db/secrets.ts).
    expect(session?.bookingKey).toBe(keyRef(mine.bookingKey));
    const request = { securedSession: session } as Parameters<typeof securedSession>[0];
    await expect(
      requireAppointment(db, request, { bookingKey: mine.bookingKey }),
    ).resolves.toMatchObject({
      bookingKey: keyRef(mine.bookingKey),
    });
    await expect(
      requireAppointment(db, request, { bookingKey: theirs.bookingKey }),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(requireAppointment(db, request, { slug: 'no-such-slug' })).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(
      requireBookingRequest(db, request, { bookingKey: mine.bookingKey }),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('sets a __Host- session cookie that is HttpOnly, Secure, SameSite=None and Partitioned', async () => {
    const booked = await bookOne(app, db, { dayOffset: 2 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/dev/patient-login',
      payload: { bookingKey: booked.bookingKey },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-imaging_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=None/);
    expect(cookie).toMatch(/Partitioned/);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});
