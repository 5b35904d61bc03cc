/**
 * One script must not empty a clinic's calendar (docs/security.md "Slot
 * holds"): holds are limited per key and per client address, renewals are
 * capped, and the attack run's 60-second script from one address leaves at
 * least 90% of a clinic-day's free times visible to other patients.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClinicSlots } from '../../src/contract/booking.js';
import type { Db } from '../db/db.js';
import { clinicId, MANY_BOOKINGS, NOW } from './booking-helpers.js';
import {
  BROWSER_COOKIE_NAME,
  newBrowserToken,
  SETUP_TIMEOUT,
  openTestApp,
  closeTestApp,
} from './helpers.js';

let db: Db;
let app: FastifyInstance;
let now = NOW;
let sydney: number;

const ATTACKER = '203.0.113.66';
const PATIENT_ADDRESS = '198.51.100.7';

beforeAll(async () => {
  ({ db, app } = await openTestApp(
    'holds_abuse',
    { booking: MANY_BOOKINGS },
    { clock: () => now },
  ));
  sydney = await clinicId(db, 'sydney-cbd');
}, SETUP_TIMEOUT);

beforeEach(() => {
  now = NOW;
});

afterAll(() => closeTestApp(app, db));

/** A browser that keeps no cookie: a fresh key and secret each time, as a script would. */
async function freshKey(
  address: string,
): Promise<{ key: string; cookies: Record<string, string> }> {
  const cookies = { [BROWSER_COOKIE_NAME]: newBrowserToken() };
  const res = await app.inject({
    method: 'POST',
    url: '/api/booking/booking_key',
    cookies,
    remoteAddress: address,
  });
  return { key: res.json<{ bookingKey: string }>().bookingKey, cookies };
}

async function freeTimes(day: string, examSlug = 'mri-knee'): Promise<[string, number][]> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/booking/clinic_appointments',
    payload: { examSlug, clinicIds: [sydney], start: day, end: day },
    remoteAddress: PATIENT_ADDRESS,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [clinic] = res.json<ClinicSlots[]>();
  return (clinic?.slots ?? []).map((slot) => [slot.startDateTime, slot.deviceId]);
}

function reserve(
  caller: { key: string; cookies: Record<string, string> },
  times: [string, number][],
  address: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/booking/reserve_slots',
    cookies: caller.cookies,
    remoteAddress: address,
    payload: {
      bookingKey: caller.key,
      holds: times.map(([startDateTime, deviceId]) => ({
        examSlug: 'mri-knee',
        clinicId: sydney,
        deviceId,
        startDateTime,
      })),
    },
  });
}

describe('slot holds cannot empty a calendar', () => {
  it("a 60-second script from one address leaves at least 90% of a clinic-day's free times to others", async () => {
    const day = '2026-11-24';
    const before = await freeTimes(day);
    expect(before.length).toBeGreaterThan(10);
    let held = 0;
    // The attack run: new keys as fast as it can, each holding every free time it can.
    for (let second = 0; second < 60; second += 0.5) {
      now = new Date(NOW.getTime() + second * 1000);
      const free = await freeTimes(day);
      if (free.length === 0) break;
      const res = await reserve(await freshKey(ATTACKER), free.slice(0, 5), ATTACKER);
      if (res.statusCode === 200) held += res.json<unknown[]>().length;
      else expect(res.statusCode).toBeLessThan(500);
    }
    const after = await freeTimes(day);
    console.log(
      `holds attack: ${held} slots held from one address; ${after.length} of ${before.length} free times still visible`,
    );
    expect(after.length / before.length).toBeGreaterThanOrEqual(0.9);
  });

  it('a key holds at most a handful of slots; over the limit the answer is 429 message.hold_limit_reached', async () => {
    const day = '2026-11-25';
    const free = await freeTimes(day);
    const res = await reserve(await freshKey('192.0.2.10'), free.slice(0, 10), '192.0.2.10');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ message: 'message.hold_limit_reached' });
    expect(
      (await reserve(await freshKey('192.0.2.10'), free.slice(0, 2), '192.0.2.10')).statusCode,
    ).toBe(200);
  });

  it('renewing is capped: 30 minutes after its first hold a key holds no more', async () => {
    const day = '2026-11-26';
    const free = await freeTimes(day);
    const caller = await freshKey('192.0.2.20');
    expect((await reserve(caller, free.slice(0, 1), '192.0.2.20')).statusCode).toBe(200);
    now = new Date(NOW.getTime() + 25 * 60_000);
    const renewed = await reserve(caller, free.slice(0, 1), '192.0.2.20');
    expect(renewed.statusCode).toBe(200);
    // The renewal does not reach past the cap.
    const [hold] = renewed.json<{ expiresAt: string }[]>();
    expect(new Date(hold?.expiresAt ?? '').getTime()).toBeLessThanOrEqual(
      NOW.getTime() + 30 * 60_000,
    );
    now = new Date(NOW.getTime() + 31 * 60_000);
    const late = await reserve(caller, free.slice(0, 1), '192.0.2.20');
    expect(late.statusCode).toBe(429);
    // The held time is free again for everyone.
    expect((await freeTimes(day)).map(([time]) => time)).toContain(free[0]?.[0]);
  });
});
