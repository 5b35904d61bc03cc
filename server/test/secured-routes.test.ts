// @vitest-environment node
/**
 * Issue 6 part 6: every /api/secured route refuses a request without a
 * session (401) and another booking's session (never a 2xx, never the
 * victim's data). The table is every secured path of the OpenAPI document, so
 * a route added later is covered without editing this file.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { bookOne, clinicId, clock, MANY_BOOKINGS, newKey, PATIENT } from './booking-helpers.js';
import { patientCookies, SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';

let db: Db;
let app: FastifyInstance;
const routes: { method: string; path: string }[] = [];
let victim: { appointmentSlug: string; requestSlug: string; email: string };
let attacker: { appointment: Record<string, string>; request: Record<string, string> };

async function bookingRequest(email: string): Promise<{ bookingKey: string; slug: string }> {
  const bookingKey = await newKey(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/booking/booking_requests',
    payload: {
      bookingKey,
      examSlugs: ['mri-breast'],
      clinicId: await clinicId(db, 'sydney-cbd'),
      patient: { ...PATIENT, email },
      note: '',
    },
  });
  if (res.statusCode !== 200) throw new Error(`booking request ${res.statusCode}: ${res.body}`);
  return { bookingKey, slug: res.json<{ slug: string }>().slug };
}

beforeAll(async () => {
  ({ db, app } = await openTestApp('secured_routes', { booking: MANY_BOOKINGS }, { clock }));
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/secured/')) continue;
    for (const method of Object.keys(methods)) routes.push({ method: method.toUpperCase(), path });
  }
  const email = 'victim.patient@example.com';
  const mine = await bookOne(app, db, { patient: { email } });
  const theirs = await bookOne(app, db, { dayOffset: 1, patient: { email: 'other@example.com' } });
  const myRequest = await bookingRequest(email);
  const theirRequest = await bookingRequest('other@example.com');
  victim = { appointmentSlug: mine.slug, requestSlug: myRequest.slug, email };
  attacker = {
    appointment: await patientCookies(app, theirs.bookingKey),
    request: await patientCookies(app, theirRequest.bookingKey),
  };
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

/** The victim's booking in every path parameter; other ids are small numbers. */
function concrete(path: string): string {
  const id = path.startsWith('/api/secured/booking_requests')
    ? victim.requestSlug
    : victim.appointmentSlug;
  return path
    .replace(/\{(id|slug)\}/g, id)
    .replace(/\{bookingKey\}/g, 'x')
    .replace(/\{[A-Za-z]+\}/g, '1');
}

/** Secured routes without a booking in their path or body: they read the session's own booking. */
const OWN_SESSION_ROUTES = new Set(['GET /api/secured/check_in/appointments']);

describe('R-6-05 every secured route', () => {
  it('exists in the OpenAPI document (the table is not empty)', () => {
    expect(routes.length).toBeGreaterThan(10);
  });

  it('answers 401 with a message key, no-store and no-referrer without a session', async () => {
    for (const route of routes) {
      const res = await app.inject({ method: route.method as 'GET', url: concrete(route.path) });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(401);
      expect(res.json().message).toBe('message.unauthorized');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it("never answers 2xx or the victim's data to another booking's session", async () => {
    const statuses: Record<number, number> = {};
    for (const route of routes) {
      for (const cookies of [attacker.appointment, attacker.request]) {
        const res = await app.inject({
          method: route.method as 'GET',
          url: concrete(route.path),
          cookies,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const label = `${route.method} ${route.path}`;
        // Routes that name no booking answer the session's own (issue 16: today's check-ins).
        if (OWN_SESSION_ROUTES.has(label)) {
          expect(res.statusCode, label).toBeLessThan(500);
          expect(res.body, label).not.toContain(victim.appointmentSlug);
          continue;
        }
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, label).toBeLessThan(500);
        expect(res.body, label).not.toContain(victim.email);
        expect(res.body, label).not.toContain('Nguyen');
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      }
    }
    // Most refusals are the ownership check itself, not a body validation error.
    console.info('secured routes', routes.length, 'refusals by status', statuses);
    expect(statuses[403] ?? 0).toBeGreaterThan(routes.length);
  });
});
