// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ClinicContact, PortalConfig } from '../../src/contract/portal.js';
import type { Db } from '../db/db.js';
import { DATABASE_URL, SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  ({ db, app } = await openTestApp('config'));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

describe('GET /api/health', () => {
  it('reports ok and the database in use', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: DATABASE_URL ? 'postgres' : 'pglite' });
  });
});

describe('GET /api/config/portal', () => {
  it('R-3-01..R-3-11 answers every PortalConfig section with the seeded provider', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config/portal' });
    expect(res.statusCode).toBe(200);
    const config = res.json<PortalConfig>();
    expect(Object.keys(config).sort()).toEqual(
      [
        'app',
        'application',
        'bodyFigure',
        'bookingForm',
        'bookingRequest',
        'integration',
        'radiology',
      ].sort(),
    );
    expect(config.radiology.name).toBe('Harbour Imaging');
    expect(config.radiology.longName).toBe('Harbour Imaging Group Pty Ltd');
    expect(config.radiology.privacyPolicyUrl).toMatch(/^https:\/\//);
    expect(config.radiology.domainAdmin).toBe('https://admin.harbour-imaging.example');
    expect(config.radiology.readOnlyAccess).toBe(false);
    expect(config.radiology.bannerMessage).toContain('<strong>');
    expect(config.application.showLinkToAdminPanel).toBe(true);
    expect(config.integration.mapsTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.bookingForm.validReferralContentTypes).toEqual([
      'application/pdf',
      'image/jpeg',
      'image/png',
      'image/heic',
    ]);
  });

  it('R-9-05 R-9-02 R-9-03 carries the resend delay, kiosk idle time and keep-alive defaults', async () => {
    const config = (
      await app.inject({ method: 'GET', url: '/api/config/portal' })
    ).json<PortalConfig>();
    expect(config.application.otpResendSeconds).toBe(5);
    expect(config.app.kioskNoActivitySeconds).toBe(120);
    expect(config.app.keepAliveSeconds).toBe(600);
  });

  it('R-2.3-23 R-2.3-37 reports the deployment version, hash and environment profiles', async () => {
    const config = (
      await app.inject({ method: 'GET', url: '/api/config/portal' })
    ).json<PortalConfig>();
    expect(config.app.version).toBe('0.1.0-test');
    expect(config.app.versionHash).toBe('abc1234');
    expect(config.app.environmentProfiles).toEqual(['dev']);
  });
});

describe('GET /api/config/contact', () => {
  it('R-7-calls-06 lists the clinics with coordinates and IANA time zones', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config/contact' });
    expect(res.statusCode).toBe(200);
    const clinics = res.json<ClinicContact[]>();
    expect(clinics.length).toBeGreaterThanOrEqual(8);
    const zones = clinics.map((clinic) => clinic.timeZone);
    expect(zones.filter((zone) => zone === 'Australia/Sydney').length).toBeGreaterThanOrEqual(2);
    expect(zones.filter((zone) => zone === 'Australia/Perth').length).toBeGreaterThanOrEqual(2);
    expect(zones).toContain('Pacific/Auckland');
    for (const clinic of clinics) {
      expect(Object.keys(clinic).sort()).toEqual(
        [
          'address',
          'email',
          'id',
          'latitude',
          'longitude',
          'name',
          'phone',
          'postalCode',
          'slug',
          'state',
          'suburb',
          'timeZone',
        ].sort(),
      );
      expect(typeof clinic.latitude).toBe('number');
      expect(clinic.latitude).toBeLessThan(0); // southern hemisphere
      expect(clinic.postalCode).toMatch(/^\d{4}$/);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: clinic.timeZone })).not.toThrow();
    }
  });
});

describe('GET /api/config/terms', () => {
  it('R-7-calls-07 R-2.4-04 answers the terms as HTML text', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config/terms' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toMatch(/^<h2>Terms of use<\/h2>/);
  });
});

describe('GET /api/openapi.json', () => {
  it('R-7-calls-01 documents every /api path with its schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/health',
      '/api/config/portal',
      '/api/config/contact',
      '/api/config/terms',
      '/api/assets/translations',
      '/api/assets/application/{name}',
      '/api/authenticated',
      '/api/logout',
      '/api/dev/login',
    ]) {
      expect(paths).toContain(path);
    }
    for (const path of paths) expect(path.startsWith('/api/')).toBe(true);
    for (const operations of Object.values(doc.paths)) {
      for (const operation of Object.values(operations)) {
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['4XX', '5XX']));
      }
    }
  });
});

describe('loadServerConfig', () => {
  it('reads the mail sender and the SMS gateway from the environment, with documented defaults', async () => {
    const { loadServerConfig } = await import('../config.js');
    expect(loadServerConfig({})).toMatchObject({
      mailFrom: 'Imaging portal <no-reply@localhost>',
      smsWebhookUrl: undefined,
    });
    expect(
      loadServerConfig({
        MAIL_FROM: 'Clinic <a@b.example>',
        SMS_WEBHOOK_URL: 'https://sms.example/x',
      }),
    ).toMatchObject({ mailFrom: 'Clinic <a@b.example>', smsWebhookUrl: 'https://sms.example/x' });
  });

  it('issue 16: production refuses to start without a REMINDER_SECRET of 32 characters or more', async () => {
    const { loadCheckInConfig } = await import('../config-check-in.js');
    expect(() => loadCheckInConfig({ NODE_ENV: 'production' })).toThrow(/REMINDER_SECRET/);
    expect(() => loadCheckInConfig({ NODE_ENV: 'production', REMINDER_SECRET: 'short' })).toThrow(
      /REMINDER_SECRET/,
    );
    const secret = 'x'.repeat(32);
    expect(
      loadCheckInConfig({ NODE_ENV: 'production', REMINDER_SECRET: secret }).reminders?.secret,
    ).toBe(secret);
    // Development keeps the secret the server makes in the database.
    expect(loadCheckInConfig({}).reminders?.secret).toBeUndefined();
  });
});
