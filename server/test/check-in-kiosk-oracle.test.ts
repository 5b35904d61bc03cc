// @vitest-environment node
/**
 * The kiosk's code step tells a caller nothing about whether a person exists
 * (R-3-48, R-4-checkin-03, R-7-calls-42; issue 16 part 5 "answers that do
 * not tell an attacker whether a person exists"): a patient with no e-mail
 * and no phone, and a person's running out of codes, are answered exactly as
 * a stranger is.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInIdentityResponse } from '../../src/contract/check-in.js';
import type { Db } from '../db/db.js';
import { insertAppointment } from './check-in-helpers.js';
import { closeTestApp, openTestApp, SETUP_TIMEOUT } from './helpers.js';

let db: Db;
let app: FastifyInstance;
const nowMs = Date.parse('2026-11-26T10:00:00+11:00');
let address = 0;
const nextAddress = () => `10.34.0.${++address}`;
const DECOY_SENT_TO =
  /^[a-z]•••@(gmail\.com|outlook\.com|bigpond\.com|yahoo\.com\.au|icloud\.com)$/;

beforeAll(async () => {
  ({ db, app } = await openTestApp(
    'check_in_oracle',
    { checkInRateLimit: { max: 50, windowSeconds: 86_400 } },
    { clock: () => new Date(nowMs) },
  ));
}, SETUP_TIMEOUT);
afterAll(() => closeTestApp(app, db));

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });

async function handleFor(lastName: string, dateOfBirth: string): Promise<string> {
  const res = await post('/api/check_in/identity', { lastName, dateOfBirth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CheckInIdentityResponse>().appointmentBookingKeys[0]!;
}

async function outboxCount(): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox WHERE channel IN ('email', 'sms')`,
  );
  return rows[0]!.n;
}

const today = (lastName: string, dateOfBirth: string, contact: { email?: string | null }) =>
  insertAppointment(db, {
    startIso: '2026-11-26T10:30:00+11:00',
    lastName,
    dateOfBirth,
    phone: null,
    ...contact,
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe('a patient with no e-mail and no phone (issue 16)', () => {
  it('gets no 409 at code sending: the same status, body shape and headers as a stranger, nothing sent, no code that verifies', async () => {
    await today('Mute', '1941-01-02', { email: null });
    const before = await outboxCount();
    const real = await post('/api/check_in/otp/send', {
      handle: await handleFor('Mute', '1941-01-02'),
    });
    const decoy = await post('/api/check_in/otp/send', {
      handle: await handleFor('Stranger', '1941-01-02'),
    });
    for (const res of [real, decoy]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        channel: 'email',
        sentTo: expect.stringMatching(DECOY_SENT_TO),
        resendSeconds: expect.any(Number),
      });
    }
    const names = (res: typeof real) => Object.keys(res.headers).sort();
    expect(names(real)).toEqual(names(decoy));
    expect(await outboxCount()).toBe(before);
  });

  it('cannot verify any code, and wrong codes are answered as a stranger’s are', async () => {
    await today('Silent', '1942-02-03', { email: null });
    const real = await handleFor('Silent', '1942-02-03');
    const decoy = await handleFor('Nobody', '1942-02-03');
    for (const handle of [real, decoy]) await post('/api/check_in/otp/send', { handle });
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM otp_challenges');
    expect(rows[0]!.n).toBeGreaterThan(0);
    for (const code of ['000000', '123456']) {
      const a = await post('/api/check_in/otp/validate', { handle: real, code });
      const b = await post('/api/check_in/otp/validate', { handle: decoy, code });
      expect(a.statusCode).toBe(400);
      expect(a.json()).toEqual(b.json());
      expect(a.headers['set-cookie']).toBeUndefined();
    }
  });

  it('takes the same order of time as a stranger (median of 5)', async () => {
    const took = { real: [] as number[], decoy: [] as number[] };
    for (let i = 0; i < 5; i += 1) {
      await today(`Quiet${'abcde'[i]}`, '1943-03-04', { email: null });
      for (const [kind, name] of [
        ['real', `Quiet${'abcde'[i]}`],
        ['decoy', `Absent${'abcde'[i]}`],
      ] as const) {
        const handle = await handleFor(name, '1943-03-04');
        const start = performance.now();
        const res = await post('/api/check_in/otp/send', { handle });
        took[kind].push(performance.now() - start);
        expect(res.statusCode).toBe(200);
      }
    }
    const [real, decoy] = [median(took.real), median(took.decoy)];
    expect(real).toBeLessThan(decoy * 5 + 5);
    expect(decoy).toBeLessThan(real * 5 + 5);
  });
});

describe('running out of codes (5 an hour per identity asked)', () => {
  it('a person and a stranger both get their sixth code in an hour refused, whatever handles were asked for', async () => {
    await today('Plenty', '1944-04-05', { email: 'plenty@example.com' });
    const statuses = async (lastName: string) => {
      const seen: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const handle = await handleFor(lastName, '1944-04-05');
        seen.push((await post('/api/check_in/otp/send', { handle })).statusCode);
      }
      return seen;
    };
    const before = await outboxCount();
    expect(await statuses('Plenty')).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await outboxCount()).toBe(before + 5);
    expect(await statuses('Nonesuch')).toEqual([200, 200, 200, 200, 200, 429]);
    // Spelled differently, still the same identity.
    expect(await statuses(' PLENTY ')).toEqual([429, 429, 429, 429, 429, 429]);
  });
});
