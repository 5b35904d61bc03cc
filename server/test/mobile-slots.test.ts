// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type {
  ClinicAppointmentRequest,
  ClinicSlots,
  MobileLocation,
} from '../../src/contract/booking.js';
import type { Db } from '../db/db.js';
import { addDays } from '../../src/domain/time/zoned-time.js';
import { book, clinicId, MANY_BOOKINGS, newKey, PATIENT } from './booking-helpers.js';
import { openTestDb, SETUP_TIMEOUT, testApp, closeTestApp } from './helpers.js';

let db: Db;
let app: FastifyInstance;
let northSydney: number;
let fixedMammo: number;
let unit: number;
let visit: MobileLocation;
let mandurah: MobileLocation;

/**
 * The seed dates visits from the day it runs, so "now" comes from the stored
 * range: the Friday before the Katoomba visit, 10:00 in Sydney.
 */
let now: Date;

beforeAll(async () => {
  db = await openTestDb('booking_mobile');
  const { rows } = await db.query<MobileLocation & { deviceId: number }>(
    `SELECT l.id, l.clinic_id AS "clinicId", l.name, l.address, l.latitude, l.longitude,
       l.start_date AS "startDate", l.end_date AS "endDate", l.device_id AS "deviceId"
     FROM mobile_locations l WHERE l.name LIKE '%Katoomba' OR l.name LIKE '%Mandurah'
     ORDER BY l.name`,
  );
  const [katoomba, wa] = rows as [MobileLocation & { deviceId: number }, MobileLocation];
  ({ deviceId: unit, ...visit } = katoomba);
  mandurah = wa;
  now = new Date(`${addDays(visit.startDate, -3)}T00:00:00Z`);
  app = await testApp(db, { booking: MANY_BOOKINGS }, { clock: () => now });
  northSydney = await clinicId(db, 'north-sydney');
  const devices = await db.query<{ id: number }>(
    `SELECT d.id FROM devices d JOIN modalities m ON m.id = d.modality_id
     WHERE d.clinic_id = $1 AND m.slug = 'mammography' AND NOT d.mobile`,
    [northSydney],
  );
  fixedMammo = devices.rows[0]?.id as number;
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

function slots(request: Partial<ClinicAppointmentRequest>) {
  return app.inject({
    method: 'POST',
    url: '/api/booking/clinic_appointments',
    payload: {
      examSlug: 'mammogram-screening',
      clinicIds: [northSydney],
      start: addDays(visit.startDate, -2),
      end: addDays(visit.endDate, 2),
      ...request,
    },
  });
}

async function slotsOf(request: Partial<ClinicAppointmentRequest>): Promise<ClinicSlots[]> {
  const res = await slots(request);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClinicSlots[]>();
}

describe('mobile locations in clinic_appointments', () => {
  it('R-3-35 R-3-40 mobileLocationToken gives the unit only on the visit days', async () => {
    const [clinic] = await slotsOf({ mobileLocationToken: String(visit.id) });
    const days = new Set(clinic?.slots.map((s) => s.startDateTime.slice(0, 10)));
    // Monday to Friday of the visit, in North Sydney's hours (08:00 to 17:30).
    expect([...days].sort()).toEqual([0, 1, 2, 3, 4].map((n) => addDays(visit.startDate, n)));
    expect(clinic?.slots.every((s) => s.deviceId === unit)).toBe(true);
    expect(clinic?.slots[0]?.startDateTime).toMatch(/T08:00:00\+1[01]:00$/);
    expect(clinic?.timeZone).toBe('Australia/Sydney');
  });

  it('never offers the unit at the clinic itself', async () => {
    const [clinic] = await slotsOf({});
    expect(clinic?.slots.length).toBeGreaterThan(0);
    expect(clinic?.slots.every((s) => s.deviceId === fixedMammo)).toBe(true);
    const next = await app.inject({
      method: 'GET',
      url: `/api/booking/find_next_available?examSlug=mammogram-screening&clinicIds=${northSydney}`,
    });
    expect(next.json()).toMatchObject({ deviceId: fixedMammo });
  });

  it('leaves the other requested clinics as they are; other modalities have no unit', async () => {
    const sydney = await clinicId(db, 'sydney-cbd');
    const answer = await slotsOf({
      clinicIds: [northSydney, sydney],
      mobileLocationToken: String(visit.id),
    });
    expect(answer.map((c) => c.clinicId)).toEqual([northSydney, sydney]);
    expect(answer[1]?.slots.length).toBeGreaterThan(0);
    const [ultrasound] = await slotsOf({
      examSlug: 'us-breast',
      mobileLocationToken: String(visit.id),
    });
    expect(ultrasound?.slots).toEqual([]);
  });

  it('answers 404 for an unknown visit, 400 for a malformed token or another clinic', async () => {
    const unknown = await slots({ mobileLocationToken: '999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'message.mobile_location_not_found' });
    expect((await slots({ mobileLocationToken: 'abc' })).statusCode).toBe(400);
    expect((await slots({ mobileLocationToken: String(mandurah.id) })).statusCode).toBe(400);
    const fremantle = await slotsOf({
      clinicIds: [await clinicId(db, 'fremantle')],
      mobileLocationToken: String(mandurah.id),
      start: mandurah.startDate,
      end: mandurah.endDate,
    });
    expect(fremantle[0]?.slots[0]?.startDateTime).toMatch(/\+08:00$/);
  });

  it('R-7-calls-32 books the unit on a visit day only', async () => {
    const request = async (startDateTime: string) =>
      book(app, {
        bookingKey: await newKey(app),
        examSlug: 'mammogram-screening',
        clinicId: northSydney,
        deviceId: unit,
        startDateTime,
        patient: PATIENT,
      });
    const [first] = await slotsOf({ mobileLocationToken: String(visit.id) });
    const slot = first?.slots[3];
    const booked = await request(slot?.startDateTime as string);
    expect(booked.statusCode, booked.body).toBe(200);
    const [after] = await slotsOf({ mobileLocationToken: String(visit.id) });
    expect(after?.slots.map((s) => s.startDateTime)).not.toContain(slot?.startDateTime);
    // The Monday after the visit: a slot of the clinic's grid, but the unit is back.
    const monday = addDays(visit.endDate, 3);
    const [clinic] = await slotsOf({ start: monday, end: monday });
    const gridTime = clinic?.slots[0]?.startDateTime as string;
    expect(gridTime.slice(0, 10)).toBe(monday);
    const refused = await request(gridTime);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'message.slot_conflict' });
  });
});
