// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { MobileLocation } from '../../src/contract/booking.js';
import type { Db, Queryable } from '../db/db.js';
import { rollDemoVisits } from '../db/mobile-locations.repo.js';
import { visitDates } from '../db/seed-mobile.js';
import { addDays, isoWeekday, zonedDate } from '../../src/domain/time/zoned-time.js';
import { clinicId, clock } from './booking-helpers.js';
import { SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  ({ db, app } = await openTestApp('booking_visits', {}, { clock }));
}, SETUP_TIMEOUT);

afterAll(() => closeTestApp(app, db));

const get = (url: string) => app.inject({ method: 'GET', url });

/** Runs fn in a transaction that is always rolled back. */
async function rolledBack<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let result: T | undefined;
  const marker = new Error('rollback');
  await db
    .transaction(async (tx) => {
      result = await fn(tx);
      throw marker;
    })
    .catch((error: unknown) => {
      if (error !== marker) throw error;
    });
  return result as T;
}

describe('GET /api/booking/mobile_locations', () => {
  const today = zonedDate(Date.now(), 'Australia/Sydney');

  it('R-3-40 R-7-calls-38 lists visits of the mobile units overlapping from..to', async () => {
    const all = (await get('/api/booking/mobile_locations?from=2000-01-01')).json<
      MobileLocation[]
    >();
    expect(all.length).toBeGreaterThanOrEqual(4);
    const northSydney = await clinicId(db, 'north-sydney');
    const mine = (
      await get(`/api/booking/mobile_locations?clinicId=${northSydney}&from=2000-01-01`)
    ).json<MobileLocation[]>();
    expect(mine.map((l) => l.name).sort()).toEqual([
      'Mobile mammography: Gosford',
      'Mobile mammography: Katoomba',
      'Mobile mammography: Wollongong',
    ]);
    const first = mine[0] as MobileLocation;
    expect(first).toMatchObject({ clinicId: northSydney, id: expect.any(Number) });
    expect(first.address).toMatch(/NSW 2\d{3}$/);
    // Only the visits overlapping one day of the first one.
    const day = (
      await get(`/api/booking/mobile_locations?from=${first.endDate}&to=${first.endDate}`)
    ).json<MobileLocation[]>();
    expect(day.map((l) => l.id)).toContain(first.id);
    expect(day.every((l) => l.startDate <= first.endDate && l.endDate >= first.endDate)).toBe(true);
    expect(
      (await get('/api/booking/mobile_locations?from=2026-02-01&to=2026-01-01')).statusCode,
    ).toBe(400);
    expect((await get('/api/booking/mobile_locations?from=2026-13-01')).statusCode).toBe(400);
  });

  it('seeds Monday-to-Friday visits in the coming weeks, kept in the future at every start', async () => {
    const { rows } = await db.query<{ start: string; end: string }>(
      'SELECT start_date AS start, end_date AS "end" FROM mobile_locations',
    );
    for (const row of rows) {
      expect(isoWeekday(row.start)).toBe(1);
      expect(row.end).toBe(addDays(row.start, 4));
      expect(row.end >= addDays(today, -1)).toBe(true);
      expect(row.start <= addDays(today, 8 * 7 + 7)).toBe(true);
    }
    expect(visitDates('2026-11-22', { offsetDays: 0 } as never)).toEqual({
      start: '2026-11-23',
      end: '2026-11-27',
    });
    expect(visitDates('2026-11-23', { offsetDays: 14 } as never).start).toBe('2026-12-14');
  });

  it('moves passed demonstration visits forward by whole 8-week cycles', async () => {
    const later = new Date(Date.now() + 100 * 86_400_000);
    const after = await rolledBack(async (tx) => {
      const moved = await rollDemoVisits(tx, later);
      expect(moved).toBeGreaterThan(0);
      const { rows } = await tx.query<{ start: string; end: string }>(
        'SELECT start_date AS start, end_date AS "end" FROM mobile_locations ORDER BY start_date',
      );
      return rows;
    });
    const laterDay = zonedDate(later.getTime(), 'Australia/Sydney');
    for (const row of after) {
      expect(row.end >= addDays(laterDay, -1)).toBe(true);
      expect(isoWeekday(row.start)).toBe(1);
    }
  });

  it('migration 004 gives databases seeded before it the walk-ins and mobile visits', async () => {
    const dir = new URL('../db/migrations/', import.meta.url);
    const sql = await Promise.all(
      ['001_initial', '002_booking', '003_booking_key_groups', '004_booking_part2'].map((name) =>
        readFile(new URL(`${name}.sql`, dir), 'utf8'),
      ),
    );
    const counts = await rolledBack(async (tx) => {
      await tx.exec('CREATE SCHEMA legacy_004; SET LOCAL search_path = legacy_004, public');
      for (const step of sql.slice(0, 3)) await tx.exec(step);
      await tx.exec(`
        INSERT INTO regions (slug, name, latitude, longitude) VALUES ('sydney', 'Sydney', -33.87, 151.21);
        INSERT INTO modalities (slug, name) VALUES ('x-ray', 'X-Ray'), ('mammography', 'Mammography');
        INSERT INTO clinics (slug, name, address, suburb, state, postal_code, country, phone, email,
          time_zone, latitude, longitude, region_id)
        SELECT s, s, 'a', 'b', 'NSW', '2000', 'AU', 'p', 'e', 'Australia/Sydney', -33.8, 151.2, 1
        FROM unnest(ARRAY['sydney-cbd', 'north-sydney']) AS s;`);
      await tx.exec(sql[3] as string);
      const walkIns = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM walk_in_exams');
      const visits = await tx.query<{ n: number; monday: boolean }>(
        `SELECT count(*)::int AS n, bool_and(extract(isodow FROM start_date) = 1
           AND start_date > current_date AND end_date = start_date + 4) AS monday
         FROM mobile_locations`,
      );
      const units = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM devices WHERE mobile',
      );
      return { walkIns: walkIns.rows[0], visits: visits.rows[0], units: units.rows[0] };
    });
    expect(counts.walkIns?.n).toBe(2);
    expect(counts.visits).toEqual({ n: 3, monday: true });
    expect(counts.units?.n).toBe(1);
  });
});
