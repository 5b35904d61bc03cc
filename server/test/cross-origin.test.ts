// @vitest-environment node
/**
 * Cross-site requests are refused. The session cookie is SameSite=None (the
 * portal works in clinics' iframes), so a foreign page could otherwise confirm
 * an appointment, unsubscribe, upload or log a patient out with the patient's
 * own cookie (docs/security.md §7). The table is every state-changing operation of
 * the OpenAPI document, so a route added later is covered without editing
 * this file.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { bookOne, clock, MANY_BOOKINGS } from './booking-helpers.js';
import {
  patientCookies,
  SESSION_COOKIE_NAME,
  SETUP_TIMEOUT,
  setCookie,
  testApp,
  testConfig,
  openTestApp,
  closeTestApp,
} from './helpers.js';

const STATE_CHANGING = ['post', 'put', 'patch', 'delete'];
/** testConfig's PUBLIC_URL and ALLOWED_ORIGINS. */
const PORTAL = new URL(testConfig().publicUrl).origin;
const CLINIC = 'https://clinic.example.org';

let db: Db;
let app: FastifyInstance;
const operations: { method: string; url: string }[] = [];
const sessions: Record<'patient' | 'staff', Record<string, string>> = { patient: {}, staff: {} };

/** A value of the right shape for each path parameter; the check answers before validation anyway. */
function fill(path: string, slug: string, bookingKey: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'bookingKey' ? bookingKey : name === 'id' ? slug : '1',
  );
}

beforeAll(async () => {
  ({ db, app } = await openTestApp(
    'cross_origin',
    { booking: MANY_BOOKINGS, rateLimit: { max: 100_000, windowSeconds: 60 } },
    { clock },
  ));
  const booked = await bookOne(app, db);
  sessions.patient = await patientCookies(app, booked.bookingKey);
  const staff = await app.inject({
    method: 'POST',
    url: '/api/dev/login',
    payload: { username: 'staff' },
  });
  const token = /^[^=]+=([^;]+)/.exec(setCookie(staff.headers, SESSION_COOKIE_NAME) ?? '')?.[1];
  sessions.staff = { [SESSION_COOKIE_NAME]: token ?? '' };
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods).filter((m) => STATE_CHANGING.includes(m))) {
      operations.push({
        method: method.toUpperCase(),
        url: fill(path, booked.slug, booked.bookingKey),
      });
    }
  }
  // Logging out last keeps the session for the other operations.
  operations.sort((a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

function send(
  operation: { method: string; url: string },
  cookies: Record<string, string>,
  headers: Record<string, string>,
) {
  return app.inject({
    method: operation.method as InjectOptions['method'],
    url: operation.url,
    cookies,
    headers,
    payload: {},
  });
}

/** What a foreign page's request carries: its own Origin, or only the fetch metadata. */
const FOREIGN: Record<string, Record<string, string>> = {
  'a foreign Origin': { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  'an opaque Origin (sandboxed frame)': { origin: 'null', 'sec-fetch-site': 'cross-site' },
  'another port of the same host': {
    origin: 'http://127.0.0.1:8081',
    'sec-fetch-site': 'same-site',
  },
  'Sec-Fetch-Site cross-site without Origin': { 'sec-fetch-site': 'cross-site' },
  'Sec-Fetch-Site same-site without Origin': { 'sec-fetch-site': 'same-site' },
};

/** The portal's own pages, a configured clinic that embeds it, and callers that are no browser. */
const ALLOWED: Record<string, Record<string, string>> = {
  "the portal's PUBLIC_URL": { origin: PORTAL, 'sec-fetch-site': 'same-origin' },
  'the scheme and Host the request came to': { origin: 'http://localhost' },
  'an embedding origin of ALLOWED_ORIGINS': { origin: CLINIC, 'sec-fetch-site': 'cross-site' },
  'Sec-Fetch-Site same-origin without Origin': { 'sec-fetch-site': 'same-origin' },
  'no browser (neither header)': {},
};

describe('state-changing requests from other sites', () => {
  it('the table covers the operations the attack used', () => {
    const urls = operations.map((o) => `${o.method} ${o.url}`);
    expect(operations.length).toBeGreaterThan(30);
    expect(urls.some((u) => /^POST \/api\/secured\/appointments\/[^/]+\/confirm$/.test(u))).toBe(
      true,
    );
    expect(urls.some((u) => /\/unsubscribe$/.test(u))).toBe(true);
    expect(urls.some((u) => /\/attachments\/imported$/.test(u))).toBe(true);
    expect(urls.some((u) => /^POST .*\/attachments$/.test(u))).toBe(true);
    expect(urls).toContain('POST /api/logout');
  });

  for (const who of ['patient', 'staff'] as const) {
    it(`are refused with 403 message.forbidden_origin for every operation with a ${who} session`, async () => {
      const passed: string[] = [];
      for (const operation of operations) {
        for (const [name, headers] of Object.entries(FOREIGN)) {
          const res = await send(operation, sessions[who], headers);
          if (res.statusCode !== 403 || res.json().message !== 'message.forbidden_origin')
            passed.push(`${operation.method} ${operation.url} with ${name}: ${res.statusCode}`);
        }
      }
      expect(passed).toEqual([]);
    });
  }

  it('a refused request changed nothing: the session still works', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/authenticated',
      cookies: sessions.patient,
    });
    expect(res.json()).toMatchObject({ authenticated: true });
  });
});

describe('state-changing requests from the portal and its embedding clinics', () => {
  for (const who of ['patient', 'staff'] as const) {
    it(`are not refused by the origin check with a ${who} session`, async () => {
      const refused: string[] = [];
      for (const operation of operations) {
        for (const [name, headers] of Object.entries(ALLOWED)) {
          const res = await send(operation, sessions[who], headers);
          if (res.body.includes('message.forbidden_origin'))
            refused.push(`${operation.method} ${operation.url} from ${name}`);
        }
      }
      expect(refused).toEqual([]);
    });
  }

  it('the patient confirms from the portal and marks attachments from an embedding clinic', async () => {
    const booked = await bookOne(app, db, { dayOffset: 1 });
    const cookies = await patientCookies(app, booked.bookingKey);
    const base = `/api/secured/appointments/${booked.slug}`;
    const confirm = await send({ method: 'POST', url: `${base}/confirm` }, cookies, {
      origin: PORTAL,
      'sec-fetch-site': 'same-origin',
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ slug: booked.slug, status: 'CONFIRMED' });
    const imported = await send({ method: 'POST', url: `${base}/attachments/imported` }, cookies, {
      origin: CLINIC,
      'sec-fetch-site': 'cross-site',
    });
    expect(imported.statusCode).toBe(200);
  });

  it('an ALLOWED_ORIGINS wildcard covers subdomains only, on its scheme', async () => {
    const wide = await testApp(db, { allowedOrigins: ['https://*.partner.example'] });
    try {
      const logout = (origin: string) =>
        wide.inject({ method: 'POST', url: '/api/logout', headers: { origin } });
      expect((await logout('https://a.partner.example')).statusCode).not.toBe(403);
      expect((await logout('https://b.a.partner.example')).statusCode).not.toBe(403);
      for (const origin of [
        'https://partner.example',
        'https://evilpartner.example',
        'http://a.partner.example',
        'https://a.partner.example:8443',
        'https://a.partner.example.evil.example',
      ]) {
        expect((await logout(origin)).statusCode, origin).toBe(403);
      }
    } finally {
      await wide.close();
    }
  });

  it('reading is never refused: GET from a foreign origin is answered', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/config/portal',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});
