import type { FastifyInstance } from 'fastify';
import type { CreateAppointmentRequest, PatientDetails } from '../../src/contract/booking.js';
import type { Db } from '../db/db.js';
import { keyRef } from '../db/secrets.js';
import type { ServerConfig } from '../config.js';
import { openTestApp } from './helpers.js';

/** The tests' "now": Monday 28 September 2026, 10:00 in Sydney (AEST, +10:00). */
export const NOW = new Date('2026-09-28T00:00:00Z');
export const clock = (): Date => NOW;

/** Booking creation is limited to 20 a minute per address; tests that book a lot lift it. */
export const MANY_BOOKINGS = {
  leadMinutes: 60,
  createRateLimit: { max: 10_000, windowSeconds: 60 },
};

export const PATIENT: PatientDetails = {
  firstName: 'Mia',
  lastName: 'Nguyen',
  dateOfBirth: '1984-02-29',
  email: '  Mia.Nguyen@Example.com ',
  contactNumber: '0412 345 678',
  sex: 'FEMALE',
  postalCode: '2000',
};

export async function clinicId(db: Db, slug: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM clinics WHERE slug = $1', [slug]);
  if (!rows[0]) throw new Error(`no clinic ${slug}`);
  return rows[0].id;
}

export async function deviceIds(
  db: Db,
  clinicSlug: string,
  modalitySlug: string,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT d.id FROM devices d JOIN clinics c ON c.id = d.clinic_id
     JOIN modalities m ON m.id = d.modality_id WHERE c.slug = $1 AND m.slug = $2 ORDER BY d.id`,
    [clinicSlug, modalitySlug],
  );
  return rows.map((row) => row.id);
}

export async function newKey(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/booking/booking_key' });
  if (res.statusCode !== 200) throw new Error(`booking_key answered ${res.statusCode}`);
  return res.json<{ bookingKey: string }>().bookingKey;
}

export function book(app: FastifyInstance, payload: CreateAppointmentRequest) {
  return app.inject({ method: 'POST', url: '/api/booking/appointments', payload });
}

/**
 * Books one MRI knee at Sydney CBD on Monday 23 November 2026 at 9:00 (plus
 * `dayOffset` days; keep it 0–4 for a weekday) through the real API, for
 * tests of what comes after booking. The app must run on `clock`.
 */
export async function bookOne(
  app: FastifyInstance,
  db: Db,
  options: { dayOffset?: number; hour?: number; patient?: Partial<PatientDetails> } = {},
): Promise<{ bookingKey: string; slug: string }> {
  const day = 23 + (options.dayOffset ?? 0);
  const hour = String(options.hour ?? 9).padStart(2, '0');
  const res = await book(app, {
    bookingKey: await newKey(app),
    examSlug: 'mri-knee',
    clinicId: await clinicId(db, 'sydney-cbd'),
    deviceId: (await deviceIds(db, 'sydney-cbd', 'mri'))[0] as number,
    startDateTime: `2026-11-${day}T${hour}:00:00+11:00`,
    patient: { ...PATIENT, ...options.patient },
  });
  if (res.statusCode !== 200) throw new Error(`booking answered ${res.statusCode}: ${res.body}`);
  const body = res.json<{ bookingKey: string; appointments?: { slug: string }[]; slug?: string }>();
  const { rows } = await db.query<{ slug: string }>(
    'SELECT coalesce(slug, booking_key) AS slug FROM appointments WHERE booking_key = $1 LIMIT 1',
    [keyRef(body.bookingKey)],
  );
  return { bookingKey: body.bookingKey, slug: rows[0]?.slug ?? '' };
}

/**
 * The booking suites' app: many bookings allowed, the fixed clock, and the
 * Sydney CBD clinic with its MRI devices (the tests' usual place to book).
 */
export async function openBookingApp(
  name: string,
  overrides: Partial<ServerConfig> = {},
): Promise<{ db: Db; app: FastifyInstance; sydney: number; mri: number[] }> {
  const { booking, ...rest } = overrides;
  const { db, app } = await openTestApp(
    name,
    { ...rest, booking: { ...MANY_BOOKINGS, ...booking } },
    { clock },
  );
  return {
    db,
    app,
    sydney: await clinicId(db, 'sydney-cbd'),
    mri: await deviceIds(db, 'sydney-cbd', 'mri'),
  };
}

/** Ids by code of a seeded table with `code` (document types, questionnaires). */
export async function idsByCode(
  db: Db,
  table: 'document_types' | 'questionnaires',
): Promise<Record<string, number>> {
  const { rows } = await db.query<{ id: number; code: string }>(`SELECT id, code FROM ${table}`);
  return Object.fromEntries(rows.map((row) => [row.code, row.id]));
}

/** The answers to the MRI safety screening that let a booking go ahead. */
export const MRI_SAFE = {
  pacemaker: 'no',
  implants: 'no',
  pregnant: 'no',
  claustrophobic: 'no',
  medicareRebate: 'no',
};
