// @vitest-environment node
/**
 * What a deployment on a public address must not show (docs/security.md §13):
 * plain-HTTP downgrades, the development mailbox, and booking slugs in logs.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Db } from '../db/db.js';
import { redactUrl } from '../http/log-redaction.js';
import { STRICT_TRANSPORT_SECURITY } from '../http/security-headers.js';
import { devMailboxEnabled, isLoopbackUrl } from '../routes/dev-mailbox.js';
import { bookOne, clock, MANY_BOOKINGS } from './booking-helpers.js';
import {
  asOneBrowser,
  openTestDb,
  patientCookies,
  SETUP_TIMEOUT,
  testApp,
  testConfig,
} from './helpers.js';

let db: Db;

beforeAll(async () => {
  db = await openTestDb('deployment_safety');
}, SETUP_TIMEOUT);

afterAll(async () => {
  await db?.close();
});

async function withApp<T>(
  overrides: Parameters<typeof testApp>[1],
  fn: (app: FastifyInstance) => Promise<T>,
): Promise<T> {
  const app = await testApp(db, overrides, { clock });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

describe('Strict-Transport-Security', () => {
  it('is sent on every answer when the public URL is https', async () => {
    await withApp({ publicUrl: 'https://portal.example.org' }, async (app) => {
      for (const [method, url] of [
        ['GET', '/api/config/portal'],
        ['GET', '/api/nothing'],
        ['POST', '/api/logout'],
        ['GET', '/api/booking/%E0%A4%A'], // a framework error before routing
      ] as const) {
        const res = await app.inject({ method, url });
        expect(res.headers['strict-transport-security'], url).toBe(STRICT_TRANSPORT_SECURITY);
      }
    });
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent when the public URL is plain http (a local start)', async () => {
    await withApp({ publicUrl: 'http://127.0.0.1:8080' }, async (app) => {
      const res = await app.inject({ method: 'GET', url: '/api/config/portal' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });
});

describe('the development mailbox on a public address', () => {
  const local = {
    devLogin: false,
    smtpUrl: undefined,
    host: '127.0.0.1',
    publicUrl: 'http://127.0.0.1:8080',
  };

  it('is off whenever PUBLIC_URL is not loopback, whatever DEV_MAILBOX and DEV_LOGIN say', () => {
    for (const publicUrl of [
      'https://portal.example.org',
      'http://10.0.0.5:8080',
      'http://0.0.0.0:8080',
      'http://[2001:db8::1]:8080',
      'http://localhost.example.org',
      'http://127.0.0.1.nip.io',
    ]) {
      const config = { ...local, publicUrl };
      expect(devMailboxEnabled(config, {}), publicUrl).toBe(false);
      expect(devMailboxEnabled(config, { DEV_MAILBOX: '1' }), publicUrl).toBe(false);
      expect(devMailboxEnabled({ ...config, devLogin: true }, {}), publicUrl).toBe(false);
    }
  });

  it('stays available on 127.0.0.0/8, ::1 and localhost', () => {
    for (const publicUrl of [
      'http://127.0.0.1:8080',
      'http://127.1.2.3',
      'http://[::1]:8080',
      'http://localhost:5173',
    ]) {
      expect(isLoopbackUrl(publicUrl), publicUrl).toBe(true);
      expect(devMailboxEnabled({ ...local, publicUrl }, { DEV_MAILBOX: '1' }), publicUrl).toBe(
        true,
      );
    }
  });

  it('is not registered by an app whose PUBLIC_URL is public, even with DEV_LOGIN', async () => {
    await withApp({ publicUrl: 'https://portal.example.org', devLogin: true }, async (app) => {
      for (const url of ['/api/dev/mailbox', '/dev/mailbox']) {
        const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('Development mailbox');
      }
    });
  });
});

describe('booking-request and appointment slugs never reach the logs', () => {
  const slug = 'AbC123xyz_-9'; // newSlug(): 9 random bytes, 12 base64url characters

  it('masks the slug in every route that takes one', () => {
    for (const [url, masked] of [
      [
        `/api/secured/booking_requests/${slug}/cancel`,
        '/api/secured/booking_requests/[redacted]/cancel',
      ],
      [
        `/api/secured/booking_requests/${slug}/attachments/3`,
        '/api/secured/booking_requests/[redacted]/attachments/3',
      ],
      [
        `/api/secured/booking_requests/${slug}/download?x=1`,
        '/api/secured/booking_requests/[redacted]/download?x=1',
      ],
      [`/api/secured/appointments/${slug}/confirm`, '/api/secured/appointments/[redacted]/confirm'],
      [
        `/api/secured/appointments/${slug}/can_change_status?action=CANCEL`,
        '/api/secured/appointments/[redacted]/can_change_status?action=CANCEL',
      ],
      [`/booking-requests/${slug}`, '/booking-requests/[redacted]'],
      [`/iframe/br/${slug}`, '/iframe/br/[redacted]'],
    ]) {
      expect(redactUrl(url!)).toBe(masked);
    }
  });

  it('keeps the fixed words of the paths readable', () => {
    for (const url of [
      '/api/secured/booking_requests/summary',
      '/api/secured/appointments/summary',
      '/api/booking/booking_requests',
      '/api/secured/booking_requests',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it('no captured log line holds the slug of a booking request or an appointment', async () => {
    const lines: string[] = [];
    const logged = asOneBrowser(
      await buildApp({
        db,
        config: testConfig({ booking: MANY_BOOKINGS }),
        clock,
        logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
      }),
    );
    try {
      const booked = await bookOne(logged, db, { dayOffset: 2 });
      const cookies = await patientCookies(logged, booked.bookingKey);
      await logged.inject({
        method: 'POST',
        url: `/api/secured/appointments/${booked.slug}/confirm`,
        cookies,
      });
      await logged.inject({
        method: 'POST',
        url: `/api/secured/booking_requests/${booked.slug}/cancel`,
        cookies,
      });
      const all = lines.join('\n');
      expect(all).toContain('/api/secured/booking_requests/[redacted]/cancel');
      expect(all).not.toContain(booked.slug);
      expect(all).not.toContain(booked.bookingKey);
    } finally {
      await logged.close();
    }
  });
});
