/**
 * Booking keys at rest (docs/security.md §10 "Secrets at rest"): after a whole booking's life — key, answers, hold, upload, booking,
 * booking request, an idempotent retry, date of birth and code, its pages —
 * no column of any table holds a key in clear. Until an e-mail is delivered
 * its body carries the link (that is the e-mail); delivery empties it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { markSent } from '../db/outbox.repo.js';
import { keyRef } from '../db/secrets.js';
import { pdfBytes, uploadBody } from './attachments-helpers.js';
import { clinicId, clock, deviceIds, MANY_BOOKINGS, newKey, PATIENT } from './booking-helpers.js';
import { openTestDb, SETUP_TIMEOUT, testApp } from './helpers.js';

const MRI_SAFE = {
  pacemaker: 'no',
  implants: 'no',
  pregnant: 'no',
  claustrophobic: 'no',
  medicareRebate: 'no',
};

let db: Db;
let app: FastifyInstance;
let dataDir: string;
let sydney: number;
let mri: number[];

beforeAll(async () => {
  db = await openTestDb('keys_at_rest');
  dataDir = await mkdtemp(join(tmpdir(), 'imaging-keys-at-rest-'));
  app = await testApp(db, { booking: MANY_BOOKINGS, dataDir }, { clock });
  sydney = await clinicId(db, 'sydney-cbd');
  mri = await deviceIds(db, 'sydney-cbd', 'mri');
}, SETUP_TIMEOUT);

afterAll(async () => {
  await app?.close();
  await db?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function ok(options: InjectOptions, status = 200) {
  const res = await app.inject(options);
  expect(res.statusCode, `${options.method} ${options.url}: ${res.body}`).toBe(status);
  return res;
}

/** Every text-like column of every table of the schema, and whether `needle` is in it. */
async function columnsHolding(needle: string): Promise<string[]> {
  const { rows: columns } = await db.query<{ table: string; column: string }>(
    `SELECT c.table_name AS table, c.column_name AS column
     FROM information_schema.columns c
     JOIN information_schema.tables t
       ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
       AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`,
  );
  expect(columns.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { table, column } of columns) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}" WHERE strpos("${column}"::text, $1) > 0`,
      [needle],
    );
    if ((rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** A whole booking's life on one key; returns the key. */
async function bookWithEverything(): Promise<string> {
  const { rows } = await db.query<{ id: number }>(
    "SELECT id FROM questionnaires WHERE code = 'mri-safety'",
  );
  const listed = await ok({ method: 'GET', url: '/api/questionnaires?examSlugs=mri-knee' });
  const key = listed.json<{ bookingKey: string }>().bookingKey;
  await ok({
    method: 'POST',
    url: '/api/questionnaires/temporary_answers',
    payload: {
      bookingKey: key,
      questionnaireId: rows[0]?.id,
      questionnaireResult: MRI_SAFE,
      examSlug: 'mri-knee',
    },
  });
  const slot = {
    examSlug: 'mri-knee',
    clinicId: sydney,
    deviceId: mri[0] as number,
    startDateTime: '2026-11-24T09:00:00+11:00',
  };
  await ok({
    method: 'POST',
    url: '/api/booking/reserve_slots',
    payload: { bookingKey: key, holds: [slot] },
  });
  const { rows: types } = await db.query<{ id: number }>(
    "SELECT id FROM document_types WHERE code = 'referral'",
  );
  await ok(
    {
      method: 'POST',
      url: `/api/booking/documents?bookingKey=${key}`,
      ...uploadBody(
        { bytes: pdfBytes(), fileName: 'referral.pdf' },
        { documentTypeId: types[0]?.id ?? 0, examSlug: 'mri-knee' },
      ),
    },
    201,
  );
  const booked = await ok({
    method: 'POST',
    url: '/api/booking/appointments',
    headers: { 'idempotency-key': 'keys-at-rest-0001' },
    payload: { ...slot, bookingKey: key, patient: PATIENT },
  });
  expect(booked.json()).toMatchObject({ bookingKey: key });
  // The retry after a lost answer gets the same answer, key and all.
  const again = await ok({
    method: 'POST',
    url: '/api/booking/appointments',
    headers: { 'idempotency-key': 'keys-at-rest-0001' },
    payload: { ...slot, bookingKey: key, patient: PATIENT },
  });
  expect(again.json()).toEqual(booked.json());
  return key;
}

describe('booking keys are stored only as hashes (docs/security.md §10)', () => {
  it('after a whole booking life no table holds the key; the e-mail link works until delivery', async () => {
    const key = await bookWithEverything();

    const request = await ok({
      method: 'POST',
      url: '/api/booking/booking_requests',
      payload: {
        bookingKey: await newKey(app),
        examSlugs: ['mri-breast'],
        clinicId: sydney,
        patient: PATIENT,
      },
    });
    const requestKey = request.json<{ bookingKey: string }>().bookingKey;

    // The way back in: date of birth, then the code from the e-mail.
    const browser: Record<string, string> = {};
    const remember = (res: { cookies: { name: string; value: string }[] }) => {
      for (const cookie of res.cookies) browser[cookie.name] = cookie.value;
    };
    remember(
      await ok({
        method: 'POST',
        url: '/api/authentication/patient',
        payload: {
          bookingKey: key,
          dateOfBirth: PATIENT.dateOfBirth,
          contactNumber: '',
          isBookingRequest: false,
        },
      }),
    );
    const { rows: mails } = await db.query<{ body: string }>(
      'SELECT body FROM outbox ORDER BY id DESC LIMIT 1',
    );
    const code = /\b(\d{6})\b/.exec(mails[0]?.body ?? '')?.[1] ?? '';
    remember(
      await ok({
        method: 'POST',
        url: '/api/authentication/otp/validate',
        payload: { bookingKey: key, code },
        cookies: browser,
      }),
    );
    const summary = await ok({
      method: 'POST',
      url: '/api/secured/appointments/summary',
      payload: { bookingKey: key },
      cookies: browser,
    });
    // Answers echo the key the request carried.
    expect(summary.json()).toMatchObject({ bookingKey: key });
    expect(summary.json<{ appointments: { bookingKey: string }[] }>().appointments).toEqual([
      expect.objectContaining({ bookingKey: key }),
    ]);

    // The confirmation e-mails carry the links (they are the e-mails) ...
    for (const k of [key, requestKey]) {
      expect(await columnsHolding(k)).toEqual(['outbox.body']);
    }
    // ... and once delivered, nothing anywhere holds a key.
    const { rows: queued } = await db.query<{ id: number }>('SELECT id FROM outbox');
    for (const { id } of queued) await markSent(db, id);
    for (const k of [key, requestKey]) expect(await columnsHolding(k)).toEqual([]);

    // What is stored is the hash: the booking is found by it.
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM appointments WHERE booking_key = $1',
      [keyRef(key)],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('a hash read from the database opens nothing: it is not a key', async () => {
    const key = await newKey(app);
    const hash = keyRef(key);
    const res = await app.inject({
      method: 'POST',
      url: '/api/booking/appointments',
      payload: {
        bookingKey: hash,
        examSlug: 'mri-knee',
        clinicId: sydney,
        deviceId: mri[1] as number,
        startDateTime: '2026-11-25T09:00:00+11:00',
        patient: PATIENT,
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'message.booking_key_invalid' });
  });
});
