// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAppointment, setAppointmentStatus, SLOT_TAKEN } from '../db/appointments.repo.js';
import { listDeviceIds } from '../db/clinics.repo.js';
import { openDb, sqlState, type Db } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../db/seed.js';
import { DATABASE_URL, openTestDb, SETUP_TIMEOUT } from './helpers.js';
import { keyRef } from '../db/secrets.js';

let db: Db;
let device: number;
let otherDevice: number;

beforeAll(async () => {
  db = await openTestDb('db');
  [device, otherDevice] = (await listDeviceIds(db, 'sydney-cbd', 'mri')) as [number, number];
}, SETUP_TIMEOUT);

afterAll(async () => {
  await db?.close();
});

const at = (time: string) => new Date(`2030-03-04T${time}:00+11:00`);
let keys = 0;
const book = (deviceId: number, start: string, end: string, status?: 'CANCELED' | 'PENDING') =>
  insertAppointment(db, {
    bookingKey: keyRef(`T${++keys}`),
    deviceId,
    examId: null,
    start: at(start),
    end: at(end),
    status,
  });

async function rejection(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return sqlState(error) ?? String(error);
  }
}

describe('appointments exclusion constraint', () => {
  it('R-8-22 rejects a second live appointment overlapping on the same device', async () => {
    await book(device, '09:00', '09:30');
    expect(await rejection(book(device, '09:15', '09:45'))).toBe(SLOT_TAKEN);
    expect(await rejection(book(device, '08:45', '09:01'))).toBe(SLOT_TAKEN);
    expect(await rejection(book(device, '09:00', '09:30', 'PENDING'))).toBe(SLOT_TAKEN);
  });

  it('accepts adjacent appointments and the same time on another device', async () => {
    await book(device, '10:00', '10:30');
    expect(await rejection(book(device, '10:30', '11:00'))).toBeUndefined();
    expect(await rejection(book(device, '09:30', '10:00'))).toBeUndefined();
    expect(await rejection(book(otherDevice, '10:00', '10:30'))).toBeUndefined();
  });

  it('ignores CANCELED appointments, and cancelling frees the slot', async () => {
    await book(device, '12:00', '12:30', 'CANCELED');
    expect(await rejection(book(device, '12:00', '12:30'))).toBeUndefined();
    expect(await rejection(book(device, '12:15', '12:45'))).toBe(SLOT_TAKEN);
    expect(await setAppointmentStatus(db, keyRef(`T${keys - 1}`), 'CANCELED')).toBe(true);
    expect(await rejection(book(device, '12:15', '12:45'))).toBeUndefined();
  });

  it('does not let a canceled appointment come back over a live one', async () => {
    await book(device, '14:00', '14:30', 'CANCELED');
    const canceledKey = `T${keys}`;
    await book(device, '14:00', '14:30');
    expect(await rejection(setAppointmentStatus(db, keyRef(canceledKey), 'BOOKED'))).toBe(
      SLOT_TAKEN,
    );
  });

  it('rejects empty and inverted ranges', async () => {
    expect(await rejection(book(device, '15:00', '15:00'))).toBe('23514');
    expect(await rejection(book(device, '16:00', '15:00'))).toBe('22000');
  });
});

describe('migrations and seed', () => {
  it('run again as no-ops', async () => {
    expect(await migrate(db)).toEqual({ applied: [] });
    expect(await seed(db)).toEqual({ seeded: false });
    const { rows } = await db.query<{ n: number }>('SELECT count(*) AS n FROM clinics');
    expect(rows[0]?.n).toBeGreaterThanOrEqual(8);
  });

  it.runIf(Boolean(DATABASE_URL))(
    'migrate a new schema in full though a migrated one follows it on search_path',
    async () => {
      const schema = 'test_db_migrate_under';
      await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
      const under = await openDb({
        databaseUrl: DATABASE_URL,
        // The test's migrated schema comes second, as public does for a deployment's own schema.
        searchPath: `${schema},test_db,public`,
      });
      try {
        const { applied } = await migrate(under);
        expect(applied[0]).toBe('001_initial');
        expect(await migrate(under)).toEqual({ applied: [] });
      } finally {
        await under.close();
        await db.exec(`DROP SCHEMA ${schema} CASCADE`);
      }
    },
  );

  it('seed a catalogue with every modality, devices, hours and enquiry-only exams', async () => {
    const one = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0]?.n ?? 0;
    expect(await one('SELECT count(DISTINCT modality_id) AS n FROM devices')).toBe(6);
    expect(await one('SELECT count(*) AS n FROM exams')).toBeGreaterThanOrEqual(25);
    expect(
      await one('SELECT count(*) AS n FROM exams WHERE NOT bookable_online'),
    ).toBeGreaterThanOrEqual(3);
    expect(
      await one(
        'SELECT count(*) AS n FROM clinics c WHERE NOT EXISTS (SELECT 1 FROM opening_hours h WHERE h.clinic_id = c.id)',
      ),
    ).toBe(0);
    expect(
      await one(
        'SELECT count(*) AS n FROM clinics c WHERE NOT EXISTS (SELECT 1 FROM clinic_exams e WHERE e.clinic_id = c.id)',
      ),
    ).toBe(0);
    expect(
      await one("SELECT count(*) AS n FROM regions WHERE slug IN ('sydney', 'perth', 'auckland')"),
    ).toBe(3);
  });
});

describe.skipIf(!DATABASE_URL)('the PostgreSQL pool (issue 15 part 2)', () => {
  const backend = async () =>
    (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid', [])).rows[0]!.pid;

  it('keeps a connection after a statement PostgreSQL refused: a lost race costs no new connection', async () => {
    const before = await backend();
    const refused = await rejection(db.query('SELECT 1 / $1::int', [0]));
    expect(refused).toBe('22012');
    // One call at a time: the pool's one idle connection serves them all.
    expect(await backend()).toBe(before);
  });

  it('keeps a connection whose statement was cancelled (57014), not one that was shut down', async () => {
    const before = await backend();
    const cancelled = await rejection(
      db.transaction(async (tx) => {
        await tx.query("SELECT set_config('statement_timeout', '10', true)", []);
        await tx.query('SELECT pg_sleep($1)', [1]);
      }),
    );
    expect(cancelled).toBe('57014');
    expect(await backend()).toBe(before);
  });

  it('drops a connection that broke, and the next call works on a new one', async () => {
    const before = await backend();
    const ended = await rejection(db.query('SELECT pg_terminate_backend(pg_backend_pid())', []));
    expect(ended).toBe('57P01');
    const after = await backend();
    expect(after).not.toBe(before);
  });

  it('runs a repeated statement as a prepared one with the same answers', async () => {
    const sql = 'SELECT $1::int + 1 AS n';
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await db.query<{ n: number }>(sql, [i])).rows[0]!.n);
    expect(answers).toEqual([1, 2, 3, 4]);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1`,
      [sql],
    );
    expect(rows[0]!.n).toBe(1);
  });
});
