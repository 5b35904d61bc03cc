// @vitest-environment node
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import type { ServerConfig } from '../config.js';
import { openTestDb, SETUP_TIMEOUT, startEarlyInMinute, testApp, closeTestApp } from './helpers.js';
import { memoryWindowsOf } from '../http/rate-limit.js';

let db: Db;
let app: FastifyInstance;
const allowedOrigins = ['https://clinic.example.org', 'https://*.partner.example'];
const appWith = (overrides: Partial<ServerConfig>) => testApp(db, { allowedOrigins, ...overrides });

beforeAll(async () => {
  db = await openTestDb('security');
  app = await appWith({});
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("img-src 'self' data: blob: https:");
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain(
    "frame-ancestors 'self' https://clinic.example.org https://*.partner.example",
  );
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin');
  expect(headers['permissions-policy']).toBe('geolocation=(self)');
}

/** What the limiter holds for `buckets` in the current one-minute window. */
async function heldHits(buckets: string[]): Promise<number[]> {
  const memory = memoryWindowsOf(db);
  if (memory) return buckets.map((bucket) => memory.hitsOf(60, bucket));
  const { rows } = await db.query<{ bucket: string; hits: number }>(
    'SELECT bucket, hits FROM rate_limits WHERE bucket = ANY($1::text[])',
    [buckets],
  );
  return buckets.map((bucket) => rows.find((row) => row.bucket === bucket)?.hits ?? 0);
}

describe('security headers', () => {
  it('are on successful answers, errors and 404s alike (frame-ancestors from ALLOWED_ORIGINS)', async () => {
    for (const [method, url] of [
      ['GET', '/api/config/portal'],
      ['GET', '/api/authenticated'],
      ['GET', '/api/nothing/here'],
      ['GET', '/api/assets/translations?lang=%3C'],
      ['POST', '/api/logout'],
    ] as const) {
      const res = await app.inject({ method, url });
      expectSecurityHeaders(res.headers);
    }
  });
});

describe('error answers', () => {
  const body = (statusCode: number, message: string, error: string) => ({
    statusCode,
    message,
    error,
  });

  it('R-6-06 unknown /api paths answer 404 JSON message.not_found', async () => {
    for (const url of ['/api/nothing', '/api/booking/nothing', '/api']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual(body(404, 'message.not_found', 'Not Found'));
    }
  });

  it('a wrong method answers 404 JSON, not 500', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/config/portal' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'message.not_found' });
  });

  it('malformed JSON answers 400 message.bad_request', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/dev/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body(400, 'message.bad_request', 'Bad Request'));
  });

  it('an unsupported content type answers 415 message.unsupported_media_type', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/dev/login',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(
      body(415, 'message.unsupported_media_type', 'Unsupported Media Type'),
    );
  });

  it('a body over the limit answers 413 message.payload_too_large', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { username: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(body(413, 'message.payload_too_large', 'Payload Too Large'));
  });

  it('a badly encoded URL answers 400 message.bad_request', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/assets/application/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body(400, 'message.bad_request', 'Bad Request'));
    expectSecurityHeaders(res.headers);
  });

  it('an unexpected fault answers 500 message.server_error without details', async () => {
    const failing: Db = {
      ...db,
      query: (sql, params) =>
        sql.includes('provider_settings')
          ? Promise.reject(new Error('disk on fire'))
          : db.query(sql, params),
    };
    const broken = await testApp(failing, { allowedOrigins });
    try {
      const res = await broken.inject({ method: 'GET', url: '/api/config/portal' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(body(500, 'message.server_error', 'Internal Server Error'));
      expect(res.body).not.toContain('disk on fire');
      expectSecurityHeaders(res.headers);
    } finally {
      await broken.close();
    }
  });

  it('non-API paths without a built front end answer 404 JSON', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/booking',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'message.not_found' });
  });
});

describe('rate limit', () => {
  it('answers 429 message.too_many_requests past the limit, one budget per client across route groups', async () => {
    const limited = await appWith({ rateLimit: { max: 3, windowSeconds: 60 } });
    await startEarlyInMinute();
    try {
      const get = (url: string, remoteAddress = '203.0.113.7') =>
        limited.inject({ method: 'GET', url, remoteAddress });
      for (let i = 0; i < 3; i++) expect((await get('/api/config/portal')).statusCode).toBe(200);
      const refused = await get('/api/config/contact');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        statusCode: 429,
        message: 'message.too_many_requests',
        error: 'Too Many Requests',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expectSecurityHeaders(refused.headers);
      // Another route group shares the budget; another client still passes; health is never limited.
      expect((await get('/api/authenticated')).statusCode).toBe(429);
      expect((await get('/api/config/portal', '203.0.113.8')).statusCode).toBe(200);
      expect((await get('/api/health')).statusCode).toBe(200);
      expect((await get('/api/health')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('counts 50 concurrent requests from two addresses exactly: each address gets its limit, no more', async () => {
    const limited = await appWith({ rateLimit: { max: 10, windowSeconds: 60 } });
    await startEarlyInMinute();
    try {
      const addresses = ['192.0.2.31', '192.0.2.32'];
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          limited.inject({ url: '/api/config/portal', remoteAddress: addresses[i % 2] }),
        ),
      );
      for (const address of addresses) {
        const mine = answers.filter((_, i) => addresses[i % 2] === address);
        expect(mine.filter((a) => a.statusCode === 200)).toHaveLength(10);
        expect(mine.filter((a) => a.statusCode === 429)).toHaveLength(15);
        // Each counted request saw its own count: remaining 9 down to 0, once each.
        const remaining = mine
          .filter((a) => a.statusCode === 200)
          .map((a) => Number(a.headers['ratelimit-remaining']))
          .sort((a, b) => a - b);
        expect(remaining).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      }
      expect(await heldHits(addresses.map((a) => `${a}|api`))).toEqual([25, 25]);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('keeps its counters where every app on the database counts: rate_limits on PostgreSQL, the one process on PGlite', async () => {
    const first = await appWith({ rateLimit: { max: 2, windowSeconds: 60 } });
    const second = await appWith({ rateLimit: { max: 2, windowSeconds: 60 } });
    await startEarlyInMinute();
    try {
      const remoteAddress = '198.51.100.20';
      expect(
        (await first.inject({ url: '/api/assets/translations', remoteAddress })).statusCode,
      ).toBe(200);
      expect(
        (await second.inject({ url: '/api/assets/translations', remoteAddress })).statusCode,
      ).toBe(200);
      expect(
        (await first.inject({ url: '/api/assets/translations', remoteAddress })).statusCode,
      ).toBe(429);
      expect(await heldHits([`${remoteAddress}|api`])).toEqual([3]);
      // PGlite: nothing is written per request (issue 15); PostgreSQL: the rows are the counters.
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM rate_limits WHERE bucket = $1',
        [`${remoteAddress}|api`],
      );
      expect(rows[0]?.n).toBe(db.kind === 'pglite' ? 0 : 1);
    } finally {
      await first.close();
      await second.close();
    }
  }, 60_000);
});

describe('static front end', () => {
  it('serves dist files and the SPA host page for HTML navigations without a file', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
    await mkdir(join(dist, 'demo/portal'), { recursive: true });
    await writeFile(join(dist, 'demo/portal/index.html'), '<!doctype html><title>Portal</title>');
    await writeFile(join(dist, 'app.js'), 'export {};');
    const site = await appWith({ distDir: dist });
    try {
      const js = await site.inject({ method: 'GET', url: '/app.js' });
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expectSecurityHeaders(js.headers);
      for (const url of ['/', '/appointments/ABC123', '/kiosk?kioskMode=true']) {
        const page = await site.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html,*/*' },
        });
        expect(page.statusCode, url).toBe(200);
        // The host page, with the provider's title written in (server/test/page-head.test.ts).
        expect(page.body).toMatch(/^<!doctype html><title>Harbour Imaging/);
        expect(page.headers['cache-control']).toBe('no-cache');
        expectSecurityHeaders(page.headers);
      }
      const missingAsset = await site.inject({
        method: 'GET',
        url: '/missing.js',
        headers: { accept: '*/*' },
      });
      expect(missingAsset.statusCode).toBe(404);
      const api = await site.inject({
        method: 'GET',
        url: '/api/missing',
        headers: { accept: 'text/html' },
      });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ message: 'message.not_found' });
    } finally {
      await site.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
