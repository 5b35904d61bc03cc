// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type {
  ClinicSlots,
  ReserveSlotsRequest,
  Slot,
  SlotHold,
} from '../../src/contract/booking.js';
import type { Db } from '../db/db.js';
import { providerConfig } from '../db/seed-data.js';
import { writeSetting } from '../db/settings.repo.js';
import {
  book,
  clinicId,
  deviceIds,
  MANY_BOOKINGS,
  newKey,
  NOW,
  PATIENT,
} from './booking-helpers.js';
import { SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';
import { keyRef } from '../db/secrets.js';

let db: Db;
let app: FastifyInstance;
let now = NOW;
let sydney: number;
let mri: number[];

beforeAll(async () => {
  ({ db, app } = await openTestApp(
    'booking_holds',
    { booking: MANY_BOOKINGS },
    { clock: () => now },
  ));
  sydney = await clinicId(db, 'sydney-cbd');
  mri = await deviceIds(db, 'sydney-cbd', 'mri');
}, SETUP_TIMEOUT);

beforeEach(() => {
  now = NOW;
});

afterAll(() => closeTestApp(app, db));

const MINUTE = 60_000;

function hold(deviceId: number, startDateTime: string, examSlug = 'mri-knee') {
  return { examSlug, clinicId: sydney, deviceId, startDateTime };
}

function reserve(payload: ReserveSlotsRequest) {
  return app.inject({ method: 'POST', url: '/api/booking/reserve_slots', payload });
}

function release(bookingKey: string) {
  return app.inject({ method: 'DELETE', url: `/api/booking/reserve_slots/${bookingKey}` });
}

async function starts(day: string, examBookingKey?: string): Promise<Map<string, number>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/booking/clinic_appointments',
    payload: { examSlug: 'mri-knee', clinicIds: [sydney], start: day, end: day, examBookingKey },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [clinic] = res.json<ClinicSlots[]>();
  return new Map(clinic?.slots.map((s) => [s.startDateTime, s.deviceId]));
}

function appointment(bookingKey: string, deviceId: number, startDateTime: string) {
  return book(app, {
    bookingKey,
    examSlug: 'mri-knee',
    clinicId: sydney,
    deviceId,
    startDateTime,
    patient: PATIENT,
  });
}

async function holdsOf(bookingKey: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM slot_holds WHERE booking_key = $1',
    [keyRef(bookingKey)],
  );
  return rows[0]?.n ?? -1;
}

describe('POST /api/booking/reserve_slots', () => {
  it('R-7-calls-35 holds slots for bookingForm.slotHoldMinutes (10 in the seed)', async () => {
    const key = await newKey(app);
    const res = await reserve({
      bookingKey: key,
      holds: [hold(mri[0] as number, '2026-11-23T01:00:00Z')],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json<SlotHold[]>()).toEqual([
      {
        examSlug: 'mri-knee',
        deviceId: mri[0],
        startDateTime: '2026-11-23T12:00:00+11:00',
        expiresAt: new Date(NOW.getTime() + 10 * MINUTE).toISOString(),
      },
    ]);
  });

  it('takes the hold time from the provider config', async () => {
    await writeSetting(db, 'bookingForm', { ...providerConfig.bookingForm, slotHoldMinutes: 25 });
    try {
      const res = await reserve({
        bookingKey: await newKey(app),
        holds: [hold(mri[0] as number, '2026-11-23T12:30:00+11:00')],
      });
      expect(res.json<SlotHold[]>()[0]?.expiresAt).toBe(
        new Date(NOW.getTime() + 25 * MINUTE).toISOString(),
      );
    } finally {
      await writeSetting(db, 'bookingForm', providerConfig.bookingForm);
    }
  });

  it('R-3-34 held time is busy for other keys, free for the holding key (examBookingKey)', async () => {
    const day = '2026-11-24';
    const at = `${day}T09:00:00+11:00`;
    const [a, b] = [await newKey(app), await newKey(app)];
    expect((await reserve({ bookingKey: a, holds: [hold(mri[0] as number, at)] })).statusCode).toBe(
      200,
    );
    // The other MRI is offered instead.
    expect((await starts(day)).get(at)).toBe(mri[1]);
    expect((await reserve({ bookingKey: b, holds: [hold(mri[1] as number, at)] })).statusCode).toBe(
      200,
    );
    expect((await starts(day)).has(at)).toBe(false);
    expect((await starts(day, a)).get(at)).toBe(mri[0]);
    expect((await starts(day, b)).get(at)).toBe(mri[1]);
    // find_next_available and an extra bookingKey query parameter.
    const next = async (key?: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/booking/find_next_available?examSlug=mri-knee&clinicIds=${sydney}&from=${day}${key ? `&bookingKey=${key}` : ''}`,
        })
      ).json<Slot>();
    const first = `${day}T07:30:00+11:00`;
    const c = await newKey(app);
    const d = await newKey(app);
    await reserve({ bookingKey: c, holds: [hold(mri[0] as number, first)] });
    await reserve({ bookingKey: d, holds: [hold(mri[1] as number, first)] });
    expect((await next()).startDateTime).toBe(`${day}T08:00:00+11:00`);
    expect((await next(c)).startDateTime).toBe(first);
  });

  it('R-8-22 refuses another key a held slot; the holding key books it and consumes the hold', async () => {
    const at = '2026-11-25T10:00:00+11:00';
    const holder = await newKey(app);
    await reserve({ bookingKey: holder, holds: [hold(mri[0] as number, at)] });
    expect(await holdsOf(holder)).toBe(1);
    const other = await reserve({
      bookingKey: await newKey(app),
      holds: [hold(mri[0] as number, at)],
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ message: 'message.slot_conflict' });
    const stolen = await appointment(await newKey(app), mri[0] as number, at);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toMatchObject({ message: 'message.slot_conflict' });
    const mine = await appointment(holder, mri[0] as number, at);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(await holdsOf(holder)).toBe(0);
    // Booked now: nobody can hold it.
    const late = await reserve({
      bookingKey: await newKey(app),
      holds: [hold(mri[0] as number, at)],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: 'message.slot_conflict' });
  });

  it('a hold lapses after its minutes: then others may hold or book the slot', async () => {
    const at = '2026-11-25T11:00:00+11:00';
    await reserve({ bookingKey: await newKey(app), holds: [hold(mri[0] as number, at)] });
    now = new Date(NOW.getTime() + 9 * MINUTE);
    expect((await appointment(await newKey(app), mri[0] as number, at)).statusCode).toBe(409);
    now = new Date(NOW.getTime() + 10 * MINUTE);
    expect((await starts('2026-11-25')).get(at)).toBe(mri[0]);
    const taker = await newKey(app);
    expect(
      (await reserve({ bookingKey: taker, holds: [hold(mri[0] as number, at)] })).statusCode,
    ).toBe(200);
    expect((await appointment(taker, mri[0] as number, at)).statusCode).toBe(200);
  });

  it("replaces the key's earlier holds; DELETE releases them", async () => {
    const key = await newKey(app);
    const [nine, ten] = ['2026-11-26T09:00:00+11:00', '2026-11-26T10:00:00+11:00'];
    await reserve({ bookingKey: key, holds: [hold(mri[0] as number, nine)] });
    const res = await reserve({
      bookingKey: key,
      holds: [hold(mri[0] as number, ten), hold(mri[1] as number, ten)],
    });
    expect(res.json<SlotHold[]>().map((h) => h.deviceId)).toEqual([mri[0], mri[1]]);
    expect(await holdsOf(key)).toBe(2);
    expect((await starts('2026-11-26')).get(nine)).toBe(mri[0]);
    expect((await starts('2026-11-26')).has(ten)).toBe(false);
    const released = await release(key);
    expect(released.statusCode).toBe(204);
    expect(await holdsOf(key)).toBe(0);
    expect((await starts('2026-11-26')).has(ten)).toBe(true);
    expect((await release(key)).statusCode).toBe(204);
    // An empty list only releases.
    await reserve({ bookingKey: key, holds: [hold(mri[0] as number, ten)] });
    expect((await reserve({ bookingKey: key, holds: [] })).json()).toEqual([]);
    expect(await holdsOf(key)).toBe(0);
  });

  it('keeps the earlier holds when the new ones are refused', async () => {
    const key = await newKey(app);
    const at = '2026-11-26T11:00:00+11:00';
    await reserve({ bookingKey: key, holds: [hold(mri[0] as number, at)] });
    const other = await newKey(app);
    await reserve({ bookingKey: other, holds: [hold(mri[1] as number, at)] });
    const res = await reserve({ bookingKey: key, holds: [hold(mri[1] as number, at)] });
    expect(res.statusCode).toBe(409);
    expect(await holdsOf(key)).toBe(1);
  });
});
