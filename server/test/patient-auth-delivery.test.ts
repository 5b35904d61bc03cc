// @vitest-environment node
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Db } from '../db/db.js';
import { readSetting, writeSetting } from '../db/settings.repo.js';
import { redactUrl } from '../http/log-redaction.js';
import { devMailboxEnabled, MAILBOX_PATH } from '../routes/dev-mailbox.js';
import {
  consoleSmsSender,
  smtpSender,
  startOutboxSender,
  webhookSmsSender,
} from '../services/outbox-sender.js';
import { bookOne, clock, MANY_BOOKINGS, PATIENT } from './booking-helpers.js';
import {
  asOneBrowser,
  openTestDb,
  SETUP_TIMEOUT,
  testApp,
  testConfig,
  closeTestApp,
} from './helpers.js';

let db: Db;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  db = await openTestDb('patient_auth_delivery');
  app = asOneBrowser(
    await buildApp({
      db,
      config: testConfig({ booking: MANY_BOOKINGS }),
      clock,
      logger: { level: 'debug', stream: { write: (line: string) => logLines.push(line) } },
    }),
  );
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

async function login(bookingKey: string): Promise<{ code: string; jar: Record<string, string> }> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/authentication/patient?bookingKey=${bookingKey}&dateOfBirth=${PATIENT.dateOfBirth}`,
    payload: {
      bookingKey,
      dateOfBirth: PATIENT.dateOfBirth,
      contactNumber: '',
      isBookingRequest: false,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const jar = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  const { rows } = await db.query<{ body: string }>(
    'SELECT body FROM outbox ORDER BY id DESC LIMIT 1',
  );
  const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1] ?? '';
  return { code, jar };
}

describe('the outbox sender ', () => {
  it('sends a one-time code as a real e-mail through SMTP (nodemailer to smtp-server) and marks it sent', async () => {
    const received: { to: string; text: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const email = smtpSender(`smtp://127.0.0.1:${port}`, 'Portal <no-reply@example.org>');
    await db.query('UPDATE outbox SET sent_at = now() WHERE sent_at IS NULL');
    try {
      const { bookingKey } = await bookOne(app, db, { hour: 10 });
      const { code } = await login(bookingKey);
      const sender = startOutboxSender(db, { email, intervalMs: 60_000 });
      await sender.stop();
      await sender.runOnce();
      const mail = received.find((m) => m.text.includes(code));
      expect(mail?.to.toLowerCase()).toBe('mia.nguyen@example.com');
      expect(mail?.text).toMatch(/Subject: Your verification code/);
      // Nothing due is left (the booking's confirmation waits a few seconds for its other exams).
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL AND (next_attempt_at IS NULL OR next_attempt_at <= now())',
      );
      expect(rows[0]?.n).toBe(0);
      // Once delivered, neither the code nor the booking link is kept (secrets at rest).
      const kept = await db.query<{ body: string }>(
        'SELECT body FROM outbox WHERE sent_at IS NOT NULL',
      );
      for (const row of kept.rows) {
        expect(row.body).not.toContain(code);
        expect(row.body).not.toContain(bookingKey);
      }
    } finally {
      email.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('sends a one-time code before a backlog of older messages (a patient waits for it at the screen)', async () => {
    await db.query('UPDATE outbox SET sent_at = now() WHERE sent_at IS NULL');
    for (let i = 0; i < 45; i++) {
      await db.query(
        `INSERT INTO outbox (channel, recipient, subject, body) VALUES ('email', $1, 'Backlog', 'old')`,
        [`backlog.${i}@example.org`],
      );
    }
    const { bookingKey } = await bookOne(app, db, { hour: 14 });
    const { code } = await login(bookingKey);
    const sent: string[] = [];
    const email = {
      send: async (message: { to: string; subject: string; text: string }) => {
        sent.push(message.text);
      },
    };
    const sender = startOutboxSender(db, { email, intervalMs: 60_000, batchSize: 20 });
    await sender.stop();
    await sender.runOnce();
    // Batches of 20 out of 46 waiting messages: the code is in the first.
    expect(sent.slice(0, 20).some((text) => text.includes(code))).toBe(true);
    await db.query('UPDATE outbox SET sent_at = now() WHERE sent_at IS NULL');
  });

  it('empties the bodies of messages older than the retention period, sent or not (development mailbox)', async () => {
    await db.query(
      `INSERT INTO outbox (channel, recipient, subject, body, created_at) VALUES
         ('email', 'old@example.com', 'Your verification code', 'code 123456', now() - interval '25 hours'),
         ('email', 'new@example.com', 'Your verification code', 'code 654321', now())`,
    );
    const sender = startOutboxSender(db, { intervalMs: 60_000 });
    await sender.stop();
    const { rows } = await db.query<{ recipient: string; body: string }>(
      "SELECT recipient, body FROM outbox WHERE recipient IN ('old@example.com', 'new@example.com')",
    );
    expect(Object.fromEntries(rows.map((row) => [row.recipient, row.body]))).toEqual({
      'old@example.com': '',
      'new@example.com': 'code 654321',
    });
  });

  it('keeps a failed message for a later attempt with its error', async () => {
    await db.query('UPDATE outbox SET sent_at = now() WHERE sent_at IS NULL');
    await db.query(
      "INSERT INTO outbox (channel, recipient, subject, body) VALUES ('sms', '0412345678', '', 'hello')",
    );
    const failing = webhookSmsSender('http://127.0.0.1:9/sms', () =>
      Promise.resolve(new Response('no', { status: 502 })),
    );
    const sender = startOutboxSender(db, { sms: failing, intervalMs: 60_000 });
    await sender.stop();
    expect(await sender.runOnce()).toBe(0);
    const { rows } = await db.query<{
      attempts: number;
      last_error: string;
      sent_at: Date | null;
      later: boolean;
    }>(
      `SELECT attempts, last_error, sent_at, next_attempt_at > now() AS later FROM outbox
       WHERE channel = 'sms' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({
      last_error: 'SMS webhook answered 502',
      sent_at: null,
      later: true,
    });
    expect(rows[0]?.attempts).toBeGreaterThanOrEqual(1);
    // Not due yet: the next run leaves it alone.
    expect(await sender.runOnce()).toBe(0);
  });

  it('the console SMS sender never prints the text (codes stay out of logs)', async () => {
    const lines: string[] = [];
    await consoleSmsSender((line) => lines.push(line)).send({
      to: '0412 345 678',
      text: 'code 123456',
    });
    expect(lines.join('\n')).not.toContain('123456');
    expect(lines.join('\n')).toContain('678');
  });
});

describe('the development mailbox', () => {
  it('lists the latest outbox messages as JSON and as a plain page', async () => {
    const { bookingKey } = await bookOne(app, db, { hour: 11 });
    const { code } = await login(bookingKey);
    const json = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(json.statusCode).toBe(200);
    expect(json.json().messages[0].body).toContain(code);
    const page = await app.inject({ method: 'GET', url: MAILBOX_PATH });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(code);
    expect(page.body).toContain('<h1>Development mailbox</h1>');
  });

  it('is on with DEV_LOGIN or DEV_MAILBOX=1 or a local npm start without SMTP, never in production', () => {
    const local = {
      devLogin: false,
      smtpUrl: undefined,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:8080',
    };
    expect(devMailboxEnabled(local, {})).toBe(true);
    expect(devMailboxEnabled({ ...local, smtpUrl: 'smtp://x' }, {})).toBe(false);
    expect(devMailboxEnabled({ ...local, host: '0.0.0.0' }, {})).toBe(false);
    expect(devMailboxEnabled({ ...local, host: '0.0.0.0' }, { DEV_MAILBOX: '1' })).toBe(true);
    expect(devMailboxEnabled({ ...local, devLogin: true, smtpUrl: 'smtp://x' }, {})).toBe(true);
    expect(
      devMailboxEnabled({ ...local, devLogin: true }, { NODE_ENV: 'production', DEV_MAILBOX: '1' }),
    ).toBe(false);
    expect(devMailboxEnabled(local, { DEV_MAILBOX: '0' })).toBe(false);
  });

  it('is not registered when disabled', async () => {
    const off = await testApp(db, { devLogin: false, smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      expect((await off.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('booking keys and codes never reach the logs', () => {
  it('masks booking keys in paths and secret query values', () => {
    const key = 'Abc123_-Abc123_-Abc123_-';
    expect(redactUrl(`/appointments/${key}?x=1`)).toBe('/appointments/[redacted]?x=1');
    expect(redactUrl(`/iframe/a/some-key`)).toBe('/iframe/a/[redacted]');
    expect(redactUrl(`/appointments/pending/${key}`)).toBe('/appointments/pending/[redacted]');
    expect(redactUrl(`/booking-requests/${key}/x`)).toBe('/booking-requests/[redacted]/x');
    expect(redactUrl(`/api/x/${key}`)).toBe('/api/x/[redacted]');
    expect(
      redactUrl(
        `/authentication?returnUrl=%2Fappointments%2F${key}&bookingKey=${key}&type=APPOINTMENT&code=123456&imsec=s&dateOfBirth=1984-02-29`,
      ),
    ).toBe(
      '/authentication?returnUrl=[redacted]&bookingKey=[redacted]&type=APPOINTMENT&code=[redacted]&imsec=[redacted]&dateOfBirth=[redacted]',
    );
    expect(redactUrl('/api/booking/regions?lat=1')).toBe('/api/booking/regions?lat=1');
  });

  it('no captured log line holds a booking key, a code or a date of birth', async () => {
    const { bookingKey } = await bookOne(app, db, { hour: 12 });
    const { code, jar } = await login(bookingKey);
    await app.inject({ method: 'GET', url: `/appointments/${bookingKey}` });
    await app.inject({
      method: 'GET',
      url: `/authentication?bookingKey=${bookingKey}&returnUrl=/appointments/${bookingKey}&type=APPOINTMENT`,
    });
    await app.inject({
      method: 'POST',
      url: `/api/authentication/otp/validate?code=${code}`,
      cookies: jar,
      payload: { bookingKey, code },
    });
    await app.inject({ method: 'GET', url: `/api/nothing/${bookingKey}` });
    const all = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(4);
    expect(all).toContain('[redacted]');
    expect(all).not.toContain(bookingKey);
    expect(all).not.toContain(code);
    expect(all).not.toContain(PATIENT.dateOfBirth);
  });
});

describe('the optional proof-of-work CAPTCHA', () => {
  function solve(challenge: { challenge: string; salt: string; maxnumber: number }): number {
    for (let n = 0; n <= challenge.maxnumber; n += 1) {
      if (
        createHash('sha256')
          .update(challenge.salt + String(n))
          .digest('hex') === challenge.challenge
      )
        return n;
    }
    throw new Error('unsolvable');
  }

  it('is off by default', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/authentication/captcha_challenge' });
    expect(res.json().enabled).toBe(false);
  });

  it('R-7-calls-28 when the provider turns it on, authentication needs a verified token (response {result}), each challenge once', async () => {
    const application = (await readSetting(db, 'application')) as Record<string, unknown>;
    await writeSetting(db, 'application', { ...application, captchaEnabled: true });
    try {
      const { bookingKey } = await bookOne(app, db, { hour: 13 });
      const payload = {
        bookingKey,
        dateOfBirth: PATIENT.dateOfBirth,
        contactNumber: '',
        isBookingRequest: false,
      };
      const refused = await app.inject({
        method: 'POST',
        url: '/api/authentication/patient',
        payload,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('message.captcha_required');
      const challenge = (
        await app.inject({ method: 'GET', url: '/api/authentication/captcha_challenge' })
      ).json();
      expect(challenge).toMatchObject({ enabled: true, algorithm: 'SHA-256' });
      const number = solve(challenge);
      const token = Buffer.from(
        JSON.stringify({
          algorithm: 'SHA-256',
          challenge: challenge.challenge,
          salt: challenge.salt,
          number,
        }),
      ).toString('base64');
      const bad = await app.inject({
        method: 'POST',
        url: '/api/authentication/verify_captcha',
        payload: {
          token: Buffer.from(
            JSON.stringify({
              algorithm: 'SHA-256',
              challenge: challenge.challenge,
              salt: challenge.salt,
              number: number + 1,
            }),
          ).toString('base64'),
        },
      });
      expect(bad.json()).toEqual({ result: false });
      const verified = await app.inject({
        method: 'POST',
        url: '/api/authentication/verify_captcha',
        payload: { token },
      });
      expect(verified.json()).toEqual({ result: true });
      const jar = Object.fromEntries(verified.cookies.map((c) => [c.name, c.value]));
      const again = await app.inject({
        method: 'POST',
        url: '/api/authentication/verify_captcha',
        payload: { token },
      });
      expect(again.json()).toEqual({ result: false });
      const allowed = await app.inject({
        method: 'POST',
        url: '/api/authentication/patient',
        payload,
        cookies: jar,
      });
      expect(allowed.statusCode, allowed.body).toBe(200);
    } finally {
      await writeSetting(db, 'application', application);
    }
  });
});
