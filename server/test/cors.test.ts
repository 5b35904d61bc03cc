// @vitest-environment node
/**
 * A clinic page on an allowed origin loads the element scripts and calls the
 * API with the patient's cookies; any other origin gets no CORS permission
 * (R-1-24: the product runs inside other sites; docs/embedding.md).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { closeTestApp, openTestApp, SETUP_TIMEOUT } from './helpers.js';

const CLINIC = 'https://clinic.example.org';
const PARTNER = 'https://bondi.partner.example';
const STRANGER = 'https://attacker.example';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  const distDir = mkdtempSync(join(tmpdir(), 'cors-dist-'));
  mkdirSync(join(distDir, 'elements'));
  writeFileSync(join(distDir, 'elements', 'booking.js'), 'export {};\n');
  ({ db, app } = await openTestApp('cors', {
    distDir,
    allowedOrigins: [CLINIC, 'https://*.partner.example'],
  }));
}, SETUP_TIMEOUT);
afterAll(() => closeTestApp(app, db));

describe('CORS for clinic sites', () => {
  it('grants an allowed origin the element scripts, without credentials', async () => {
    const res = await app.inject({ url: '/elements/booking.js', headers: { origin: CLINIC } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(CLINIC);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/Origin/);
  });

  it('grants an allowed origin (and a wildcard subdomain) the API, with credentials', async () => {
    for (const origin of [CLINIC, PARTNER]) {
      const res = await app.inject({ url: '/api/config/portal', headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(res.headers['access-control-expose-headers']).toMatch(/content-disposition/);
    }
  });

  it('gives any other origin, a null origin and a look-alike nothing', async () => {
    for (const origin of [STRANGER, 'null', 'https://partner.example.evil.org', `${CLINIC}.evil`]) {
      const res = await app.inject({ url: '/api/config/portal', headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const script = await app.inject({ url: '/elements/booking.js', headers: { origin } });
      expect(script.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('answers an allowed preflight with 204 and the methods and headers asked for', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/booking/appointments',
      headers: {
        origin: CLINIC,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, idempotency-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(CLINIC);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(res.headers['access-control-allow-headers']).toBe(
      'content-type, idempotency-key, accept-language',
    );
  });

  it('refuses a preflight for a method or header the elements never send', async () => {
    for (const headers of [
      { 'access-control-request-method': 'TRACE' },
      { 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-evil' },
      {
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    ]) {
      const res = await app.inject({
        method: 'OPTIONS',
        url: '/api/booking/appointments',
        headers: { origin: CLINIC, ...headers },
      });
      expect(res.statusCode).toBe(403);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('refuses a foreign preflight with 403 and a message key', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/booking/appointments',
      headers: { origin: STRANGER, 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'message.forbidden_origin' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('grants nothing outside /api and /elements (the portal pages are same-origin)', async () => {
    const res = await app.inject({ url: '/', headers: { origin: CLINIC, accept: 'text/html' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
