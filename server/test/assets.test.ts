// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { APPLICATION_ASSETS } from '../../src/contract/portal.js';
import type { Db } from '../db/db.js';
import { SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  ({ db, app } = await openTestApp('assets'));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

async function bundle(lang?: string) {
  const url =
    lang === undefined ? '/api/assets/translations' : `/api/assets/translations?lang=${lang}`;
  return app.inject({ method: 'GET', url });
}

describe('GET /api/assets/translations', () => {
  it('R-7-calls-02 answers the provider overrides of the requested locale', async () => {
    for (const lang of ['en-AU', 'en-NZ', 'en-CA', 'en', 'mk']) {
      const res = await bundle(lang);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-language']).toBe(lang);
      const body = res.json<Record<string, string>>();
      expect(typeof body['radiology.welcome']).toBe('string');
      for (const value of Object.values(body)) expect(typeof value).toBe('string');
    }
    expect((await bundle('mk')).json<Record<string, string>>()['radiology.welcome']).toMatch(
      /Добредојдовте/,
    );
    expect((await bundle('en-NZ')).json<Record<string, string>>()['radiology.welcome']).toMatch(
      /Kia ora/,
    );
  });

  it('R-8-36 answers the en-AU bundle for an unsupported or missing locale', async () => {
    const enAu = (await bundle('en-AU')).json();
    for (const lang of ['fr-FR', 'de', undefined]) {
      const res = await bundle(lang);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-language']).toBe('en-AU');
      expect(res.json()).toEqual(enAu);
    }
  });

  it('matches the locale case-insensitively and with an underscore', async () => {
    expect((await bundle('en_nz')).headers['content-language']).toBe('en-NZ');
    expect((await bundle('MK')).headers['content-language']).toBe('mk');
  });

  it('answers 400 message.bad_request for a malformed locale, never 500', async () => {
    const res = await bundle(encodeURIComponent('<script>'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'message.bad_request',
      error: 'Bad Request',
    });
  });
});

describe('GET /api/assets/application/:name', () => {
  it('R-7-calls-04 R-2.3-39 serves every application asset as an image with caching and nosniff', async () => {
    for (const name of APPLICATION_ASSETS) {
      const res = await app.inject({ method: 'GET', url: `/api/assets/application/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/(svg\+xml|png)$/);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      if (res.headers['content-type'] === 'image/png') {
        expect(res.rawPayload.subarray(0, 8)).toEqual(
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        );
      } else {
        expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
        expect(res.body).not.toMatch(/<script/i);
      }
    }
  });

  it('R-2.3-32 header banners are decorative SVG (no text to shrink on a phone); the favicon is SVG and the background PNG', async () => {
    const header = await app.inject({ method: 'GET', url: '/api/assets/application/header' });
    expect(header.headers['content-type']).toBe('image/svg+xml');
    expect(header.body).toContain('aria-hidden="true"');
    expect(header.body).not.toContain('<text');
    const favicon = await app.inject({ method: 'GET', url: '/api/assets/application/favicon' });
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
    const background = await app.inject({
      method: 'GET',
      url: '/api/assets/application/patient_portal_background',
    });
    expect(background.headers['content-type']).toBe('image/png');
  });

  it('sends SVG with a sandboxing Content-Security-Policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/assets/application/favicon' });
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
  });

  it('answers 404 message.not_found for an unknown asset name', async () => {
    for (const name of ['logo', 'HEADER', '..%2Fpackage.json']) {
      const res = await app.inject({ method: 'GET', url: `/api/assets/application/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        message: 'message.not_found',
        error: 'Not Found',
      });
    }
  });
});
