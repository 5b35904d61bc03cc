import type { MobileLocation, WalkInExam } from '../../src/contract/booking.js';
import type { Queryable } from './db.js';

/** walk_in_exams and mobile_locations (the visits of mobile units). */

export async function insertWalkInExam(q: Queryable, walkIn: WalkInExam): Promise<void> {
  await q.query(
    `INSERT INTO walk_in_exams (clinic_id, modality_id, name, prep_time, minutes_prior)
     VALUES ($1, $2, $3, $4, $5)`,
    [walkIn.clinicId, walkIn.modalityId, walkIn.name, walkIn.prepTime, walkIn.minutesPrior],
  );
}

export async function listWalkInExams(
  q: Queryable,
  clinicId: number | undefined,
): Promise<WalkInExam[]> {
  const { rows } = await q.query<WalkInExam>(
    `SELECT name, prep_time AS "prepTime", minutes_prior AS "minutesPrior",
       modality_id AS "modalityId", clinic_id AS "clinicId"
     FROM walk_in_exams WHERE ($1::int IS NULL OR clinic_id = $1) ORDER BY clinic_id, name`,
    [clinicId ?? null],
  );
  return rows;
}

export interface NewMobileLocation extends Omit<MobileLocation, 'id'> {
  deviceId: number;
  demoCycleDays: number | null;
}

export async function insertMobileLocation(q: Queryable, visit: NewMobileLocation): Promise<void> {
  await q.query(
    `INSERT INTO mobile_locations (clinic_id, device_id, name, address, latitude, longitude,
       start_date, end_date, demo_cycle_days)
     VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8::date, $9)`,
    [
      visit.clinicId,
      visit.deviceId,
      visit.name,
      visit.address,
      visit.latitude,
      visit.longitude,
      visit.startDate,
      visit.endDate,
      visit.demoCycleDays,
    ],
  );
}

/** A visit with the mobile unit (device) that makes it. */
export interface MobileLocationRow extends MobileLocation {
  deviceId: number;
  modalityId: number;
}

const COLUMNS = `l.id, l.clinic_id AS "clinicId", l.name, l.address, l.latitude, l.longitude,
  l.start_date AS "startDate", l.end_date AS "endDate", l.device_id AS "deviceId",
  d.modality_id AS "modalityId"`;

/** Visits whose days overlap from..to (both optional, inclusive), earliest first. */
export async function listMobileLocations(
  q: Queryable,
  filter: { clinicId?: number | undefined; from?: string | undefined; to?: string | undefined },
): Promise<MobileLocationRow[]> {
  const { rows } = await q.query<MobileLocationRow>(
    `SELECT ${COLUMNS} FROM mobile_locations l JOIN devices d ON d.id = l.device_id
     WHERE ($1::int IS NULL OR l.clinic_id = $1)
       AND ($2::date IS NULL OR l.end_date >= $2::date)
       AND ($3::date IS NULL OR l.start_date <= $3::date)
     ORDER BY l.start_date, l.id`,
    [filter.clinicId ?? null, filter.from ?? null, filter.to ?? null],
  );
  return rows;
}

export async function findMobileLocation(
  q: Queryable,
  id: number,
): Promise<MobileLocationRow | undefined> {
  const { rows } = await q.query<MobileLocationRow>(
    `SELECT ${COLUMNS} FROM mobile_locations l JOIN devices d ON d.id = l.device_id
     WHERE l.id = $1`,
    [id],
  );
  return rows[0];
}

/** Whether the mobile unit is out on a visit on that (clinic-local) day. */
export async function isVisitDay(q: Queryable, deviceId: number, date: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM mobile_locations
     WHERE device_id = $1 AND $2::date BETWEEN start_date AND end_date`,
    [deviceId, date],
  );
  return rows.length > 0;
}

/**
 * Moves each demonstration visit that has ended before its clinic's local
 * day at `now` forward by whole cycles. Visits of one unit lie within one
 * cycle, so they stay apart. Returns how many moved.
 */
export async function rollDemoVisits(q: Queryable, now: Date): Promise<number> {
  // Most restarts have nothing to move: a read then, not an UPDATE, whose statement trigger
  // (038_catalogue_version.sql) would load PL/pgSQL into a restart that needs none.
  const { rows: due } = await q.query(
    `SELECT 1 FROM mobile_locations l JOIN clinics c ON c.id = l.clinic_id
     WHERE l.demo_cycle_days IS NOT NULL
       AND ($1::timestamptz AT TIME ZONE c.time_zone)::date > l.end_date LIMIT 1`,
    [now.toISOString()],
  );
  if (due.length === 0) return 0;
  const { rows } = await q.query(
    `WITH due AS (
       SELECT l.id, l.demo_cycle_days AS cycle,
         ($1::timestamptz AT TIME ZONE c.time_zone)::date - l.end_date AS late
       FROM mobile_locations l JOIN clinics c ON c.id = l.clinic_id
       WHERE l.demo_cycle_days IS NOT NULL
     )
     UPDATE mobile_locations l
     SET start_date = l.start_date + ((due.late + due.cycle - 1) / due.cycle) * due.cycle,
         end_date = l.end_date + ((due.late + due.cycle - 1) / due.cycle) * due.cycle
     FROM due WHERE due.id = l.id AND due.late > 0
     RETURNING l.id`,
    [now.toISOString()],
  );
  return rows.length;
}

/** A demonstration visit with what names it in the seed (seed-mobile.ts). */
export interface DemoVisitRow {
  id: number;
  clinicSlug: string;
  timeZone: string;
  unitName: string;
  name: string;
  startDate: string;
}

export async function listDemoVisits(q: Queryable): Promise<DemoVisitRow[]> {
  const { rows } = await q.query<DemoVisitRow>(
    `SELECT l.id, c.slug AS "clinicSlug", c.time_zone AS "timeZone", d.name AS "unitName",
       l.name, l.start_date AS "startDate"
     FROM mobile_locations l JOIN clinics c ON c.id = l.clinic_id JOIN devices d ON d.id = l.device_id
     WHERE l.demo_cycle_days IS NOT NULL
     ORDER BY l.id`,
  );
  return rows;
}

export async function setVisitDates(
  q: Queryable,
  id: number,
  dates: { start: string; end: string },
): Promise<void> {
  await q.query(
    'UPDATE mobile_locations SET start_date = $2::date, end_date = $3::date WHERE id = $1',
    [id, dates.start, dates.end],
  );
}
