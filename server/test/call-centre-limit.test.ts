/**
 * R-7-calls-47 messages to the clinic are limited per client address: a
 * booking gives its browser a session at once, and without a limit one
 * anonymous script queued hundreds of e-mails a minute to the clinic (issue
 * 13 attack run), ahead of real patients' one-time codes in the outbox.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { CALL_CENTRE_RATE_LIMIT } from '../routes/appointments.js';
import { bookOne, clock, MANY_BOOKINGS } from './booking-helpers.js';
import { closeTestApp, openTestApp, patientCookies, SETUP_TIMEOUT } from './helpers.js';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  ({ db, app } = await openTestApp('call_centre_limit', { booking: MANY_BOOKINGS }, { clock }));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

/** The limit counts in windows aligned to the epoch: start early in one. */
async function startEarlyInWindow(marginSeconds = 10): Promise<void> {
  const left =
    CALL_CENTRE_RATE_LIMIT.windowSeconds -
    ((Date.now() / 1000) % CALL_CENTRE_RATE_LIMIT.windowSeconds);
  if (left < marginSeconds) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
}

async function clinicMessages(): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox
     WHERE subject LIKE 'Message from a patient:%' OR subject LIKE 'Callback request:%'`,
  );
  return rows[0]?.n ?? 0;
}

describe('R-7-calls-47 call-centre messages and callback requests', () => {
  it('refuses the eleventh message of one address in the window with 429 and a message key', async () => {
    const first = await bookOne(app, db, { dayOffset: 1, hour: 10 });
    const second = await bookOne(app, db, { dayOffset: 1, hour: 11 });
    const cookies = await patientCookies(app, first.bookingKey);
    // Without a session: 401 from the secured area, and the budget is not spent.
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${first.slug}/call_centre_email`,
      payload: { message: 'Hello' },
    });
    expect(anonymous.statusCode).toBe(401);
    await startEarlyInWindow();
    const send = (slug: string, session: Record<string, string>, n: number) =>
      app.inject({
        method: 'POST',
        url: `/api/secured/appointments/${slug}/${n % 2 ? 'callback_request' : 'call_centre_email'}`,
        cookies: session,
        payload: n % 2 ? { contactNumber: '0298765432' } : { message: `Message ${n}` },
      });
    const answers = await Promise.all(
      Array.from({ length: CALL_CENTRE_RATE_LIMIT.max }, (_, n) => send(first.slug, cookies, n)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(
      Array.from({ length: CALL_CENTRE_RATE_LIMIT.max }, () => 204),
    );
    const over = await send(first.slug, cookies, 0);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('message.too_many_requests');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another booking's session from the same address shares the budget.
    const other = await send(second.slug, await patientCookies(app, second.bookingKey), 1);
    expect(other.statusCode).toBe(429);
    expect(await clinicMessages()).toBe(CALL_CENTRE_RATE_LIMIT.max);
  });
});
