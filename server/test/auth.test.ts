// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AuthenticationStatus } from '../../src/contract/portal.js';
import type { Db } from '../db/db.js';
import { setCookie, SETUP_TIMEOUT, testApp, openTestApp, closeTestApp } from './helpers.js';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  ({ db, app } = await openTestApp('auth'));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

const ANONYMOUS = { authenticated: false, user: null, roleTranslations: null };

async function login(username = 'anna.admin'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/dev/login', payload: { username } });
  expect(res.statusCode).toBe(200);
  const cookie = setCookie(res.headers, '__Host-imaging_session');
  expect(cookie).toBeDefined();
  return /^__Host-imaging_session=([^;]+)/.exec(cookie ?? '')?.[1] ?? '';
}

function status(token?: string) {
  return app.inject({
    method: 'GET',
    url: '/api/authenticated',
    ...(token === undefined ? {} : { cookies: { '__Host-imaging_session': token } }),
  });
}

describe('GET /api/authenticated', () => {
  it('R-7-calls-05 R-6-09 answers 200 and not authenticated without a session', async () => {
    const res = await status();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(ANONYMOUS);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('treats an unknown or malformed session cookie as no session', async () => {
    for (const token of ['x'.repeat(43), 'not a token', '']) {
      const res = await status(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(ANONYMOUS);
    }
  });

  it('R-1-08 R-3-12 R-3-13 R-6-03 answers the staff user and role translations after dev login', async () => {
    const token = await login();
    const res = await status(token);
    expect(res.statusCode).toBe(200);
    const body = res.json<AuthenticationStatus>();
    expect(body).toEqual({
      authenticated: true,
      user: {
        username: 'anna.admin',
        userId: 'dev-anna.admin',
        organization: null,
        currentDoctor: { firstName: 'Anna', lastName: 'Nguyen' },
      },
      roleTranslations: '{"menu.logout":"Sign out"}',
    });
    expect(JSON.parse(body.roleTranslations ?? '')).toEqual({ 'menu.logout': 'Sign out' });
  });
});

describe('session cookie', () => {
  it('is HttpOnly, Secure, SameSite=None, Partitioned, path / and holds 32 random bytes', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { username: 'sam' },
    });
    const cookie = setCookie(res.headers, '__Host-imaging_session') ?? '';
    expect(cookie).toMatch(/^__Host-imaging_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=None');
    expect(cookie).toContain('Partitioned');
  });

  it('is stored only as a hash in the database', async () => {
    const token = await login('hash.check');
    const { rows } = await db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
  });
});

describe('POST /api/logout', () => {
  it('R-7-calls-28 ends the session (204) and clears the cookie', async () => {
    const token = await login();
    const res = await app.inject({
      method: 'POST',
      url: '/api/logout',
      cookies: { '__Host-imaging_session': token },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = setCookie(res.headers, '__Host-imaging_session') ?? '';
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect(cleared).toContain('Partitioned');
    expect((await status(token)).json()).toEqual(ANONYMOUS);
  });

  it('answers 204 without a session too', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(204);
  });
});

describe('POST /api/dev/login', () => {
  it('rejects a missing or invalid username with 400 message.bad_request', async () => {
    for (const payload of [
      {},
      { username: '' },
      { username: 'a b' },
      { username: { name: 'x' } },
      { username: 'x'.repeat(101) },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/dev/login', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message: 'message.bad_request' });
    }
  });

  it('does not exist unless devLogin is configured', async () => {
    const prod = await testApp(db, { devLogin: false });
    try {
      const res = await prod.inject({
        method: 'POST',
        url: '/api/dev/login',
        payload: { username: 'x' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'message.not_found' });
    } finally {
      await prod.close();
    }
  });
});
