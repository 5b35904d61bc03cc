import type { ExamRow } from './booking-catalogue.repo.js';
import type { Queryable } from './db.js';

/** What slot generation reads: clinics, devices, opening hours and busy times. */

export interface SlotClinicRow {
  id: number;
  slug: string;
  name: string;
  timeZone: string;
  /** The clinic lists the exam and has a device of its modality. */
  offersExam: boolean;
}

export async function listSlotClinics(
  q: Queryable,
  clinicIds: number[],
  examId: number,
): Promise<SlotClinicRow[]> {
  const { rows } = await q.query<SlotClinicRow>(
    `SELECT c.id, c.slug, c.name, c.time_zone AS "timeZone",
       EXISTS (SELECT 1 FROM clinic_exams ce WHERE ce.clinic_id = c.id AND ce.exam_id = $2)
         AS "offersExam"
     FROM clinics c WHERE c.id = ANY($1::int[])`,
    [clinicIds, examId],
  );
  return rows;
}

export interface DeviceRow {
  id: number;
  clinicId: number;
  modalityId: number;
  /** A mobile unit: bookable only during its visits (mobile_locations). */
  mobile: boolean;
}

const DEVICE_COLUMNS = 'id, clinic_id AS "clinicId", modality_id AS "modalityId", mobile';

/** The clinics' fixed (not mobile) devices of a modality. */
export async function listDevices(
  q: Queryable,
  clinicIds: number[],
  modalityId: number,
): Promise<DeviceRow[]> {
  const { rows } = await q.query<DeviceRow>(
    `SELECT ${DEVICE_COLUMNS} FROM devices
     WHERE clinic_id = ANY($1::int[]) AND modality_id = $2 AND NOT mobile ORDER BY id`,
    [clinicIds, modalityId],
  );
  return rows;
}

export async function findDevice(q: Queryable, id: number): Promise<DeviceRow | undefined> {
  const { rows } = await q.query<DeviceRow>(`SELECT ${DEVICE_COLUMNS} FROM devices WHERE id = $1`, [
    id,
  ]);
  return rows[0];
}

export interface OpeningHoursRow {
  clinicId: number;
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  /** Local 'HH:MM'. */
  opens: string;
  closes: string;
}

export async function listOpeningHours(
  q: Queryable,
  clinicIds: number[],
): Promise<OpeningHoursRow[]> {
  const { rows } = await q.query<OpeningHoursRow>(
    `SELECT clinic_id AS "clinicId", weekday, to_char(opens, 'HH24:MI') AS opens,
       to_char(closes, 'HH24:MI') AS closes
     FROM opening_hours WHERE clinic_id = ANY($1::int[]) ORDER BY clinic_id, weekday, opens`,
    [clinicIds],
  );
  return rows;
}

export interface BusyRow {
  deviceId: number;
  startMs: number;
  endMs: number;
}

/** Live (not cancelled) appointments of the devices that overlap [fromMs, toMs). */
export async function listBusy(
  q: Queryable,
  deviceIds: number[],
  fromMs: number,
  toMs: number,
): Promise<BusyRow[]> {
  if (deviceIds.length === 0) return [];
  const { rows } = await q.query<{ device_id: number; starts: Date; ends: Date }>(
    `SELECT device_id, lower(during) AS starts, upper(during) AS ends FROM appointments
     WHERE device_id = ANY($1::int[]) AND status <> 'CANCELED'
       AND during && tstzrange($2::timestamptz, $3::timestamptz, '[)')
     ORDER BY device_id, lower(during)`,
    [deviceIds, new Date(fromMs).toISOString(), new Date(toMs).toISOString()],
  );
  return rows.map((row) => ({
    deviceId: row.device_id,
    startMs: new Date(row.starts).getTime(),
    endMs: new Date(row.ends).getTime(),
  }));
}

/**
 * Each clinic's availability fingerprint: its own version and its devices'
 * (020_availability_versions.sql). Equal fingerprints mean no booking, hold,
 * opening-hours or catalogue change touched the clinic in between.
 */
export async function listAvailabilityVersions(
  q: Queryable,
  clinicIds: number[],
): Promise<Map<number, string>> {
  const { rows } = await q.query<{ versions: string[] }>(`SELECT ${VERSIONS} AS versions`, [
    clinicIds,
  ]);
  return fingerprintsOf(rows[0]?.versions ?? []);
}

/** 'clinic:version' of every availability_versions row of the clinics in $N. */
const versionsOf = (param: string) =>
  `ARRAY(SELECT clinic_id || ':' || version FROM availability_versions
         WHERE clinic_id = ANY(${param}::int[]))`;
const VERSIONS = versionsOf('$1');

/**
 * A clinic's fingerprint is the sum of its versions: every bump replaces a
 * version with a larger one from the sequence and rows are never deleted
 * while their clinic exists, so the sum grows with every committed change
 * (a maximum would not: a bump that drew a smaller number can commit later).
 */
function fingerprintsOf(versions: readonly string[]): Map<number, string> {
  const sums = new Map<number, number>();
  for (const pair of versions) {
    const at = pair.indexOf(':');
    const clinic = Number(pair.slice(0, at));
    sums.set(clinic, (sums.get(clinic) ?? 0) + Number(pair.slice(at + 1)));
  }
  return new Map([...sums].map(([clinic, sum]) => [clinic, String(sum)]));
}

/** What free time needs of an exam. */
export type SlotExam = Pick<
  ExamRow,
  'id' | 'slug' | 'modalityId' | 'durationMinutes' | 'enquiryOnly'
>;

/**
 * The exam and the clinics' fingerprints in one round trip (the hot path of
 * clinic_appointments; one table each, as planning a join costs more than
 * the rest of the request on PGlite): undefined when there is no such exam.
 */
export async function findExamWithVersions(
  q: Queryable,
  slug: string,
  clinicIds: number[],
): Promise<{ exam: SlotExam; fingerprints: Map<number, string> } | undefined> {
  const { rows } = await q.query<SlotExam & { versions: string[] }>(
    `SELECT e.id, e.slug, e.modality_id AS "modalityId", e.duration_minutes AS "durationMinutes",
       NOT e.bookable_online AS "enquiryOnly", ${versionsOf('$2')} AS versions
     FROM exams e WHERE e.slug = $1`,
    [slug, clinicIds],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { versions, ...exam } = row;
  return { exam, fingerprints: fingerprintsOf(versions) };
}
