import type {
  BodyPart,
  BookingClinic,
  Exam,
  Modality,
  PostCodeLocation,
  Region,
} from '../../src/contract/booking.js';
import type { Queryable } from './db.js';

/** Reads of the booking catalogue: modalities, body parts, exams, regions, post codes, clinics. */

export async function listModalities(q: Queryable): Promise<Modality[]> {
  const { rows } = await q.query<Modality>('SELECT id, slug, name FROM modalities ORDER BY id');
  return rows;
}

export async function listBodyParts(q: Queryable): Promise<BodyPart[]> {
  const { rows } = await q.query<BodyPart>(
    'SELECT slug, name, figure_view AS view FROM body_parts ORDER BY id',
  );
  return rows;
}

/** An exam with what booking needs besides the contract's fields. */
export interface ExamRow extends Exam {
  id: number;
}

export const EXAM_COLUMNS = `e.id, e.slug, e.name, e.modality_id AS "modalityId", m.name AS "modalityName",
  e.priority, e.exam_code AS "examCode", e.exam_notes AS "examNotes", e.notes,
  e.show_booking_request_info_modal AS "showBookingRequestInfoModal",
  coalesce(b.slug, '') AS "bodyPart", e.duration_minutes AS "durationMinutes",
  NOT e.bookable_online AS "enquiryOnly"`;
export const EXAM_FROM = `FROM exams e JOIN modalities m ON m.id = e.modality_id
  LEFT JOIN body_parts b ON b.id = e.body_part_id`;

export async function listExams(
  q: Queryable,
  filter: { modalityId?: number | undefined; bodyPart?: string | undefined },
): Promise<ExamRow[]> {
  const { rows } = await q.query<ExamRow>(
    `SELECT ${EXAM_COLUMNS} ${EXAM_FROM}
     WHERE ($1::int IS NULL OR e.modality_id = $1) AND ($2::text IS NULL OR b.slug = $2)
     ORDER BY e.priority, e.name`,
    [filter.modalityId ?? null, filter.bodyPart ?? null],
  );
  return rows;
}

export async function findExamsBySlugs(q: Queryable, slugs: string[]): Promise<ExamRow[]> {
  const { rows } = await q.query<ExamRow>(
    `SELECT ${EXAM_COLUMNS} ${EXAM_FROM} WHERE e.slug = ANY($1::text[])`,
    [slugs],
  );
  return rows;
}

export async function findExam(q: Queryable, slug: string): Promise<ExamRow | undefined> {
  return (await findExamsBySlugs(q, [slug]))[0];
}

export async function listRegions(q: Queryable): Promise<Region[]> {
  const { rows } = await q.query<Region>(
    'SELECT slug, name, latitude, longitude FROM regions ORDER BY name',
  );
  return rows;
}

export async function findPostalCode(
  q: Queryable,
  code: string,
  country: string | undefined,
): Promise<PostCodeLocation | undefined> {
  const { rows } = await q.query<PostCodeLocation>(
    `SELECT id, code, country, suburb, latitude, longitude FROM postal_codes
     WHERE code = $1 AND ($2::text IS NULL OR country = $2)
     ORDER BY country = 'AU' DESC, id LIMIT 1`,
    [code, country ?? null],
  );
  return rows[0];
}

/** A clinic as the booking calls show it, before distances. */
export type BookingClinicRow = Omit<BookingClinic, 'distanceKm'>;

export const CLINIC_COLUMNS = `c.id, c.slug, c.name, c.address, c.suburb, c.state, c.postal_code AS "postalCode",
  c.phone, c.time_zone AS "timeZone", c.latitude, c.longitude, r.slug AS "regionSlug"`;

/**
 * Clinics, optionally only those that offer an exam (listed in clinic_exams
 * and holding a device of its modality) and only those of a region.
 */
export async function listBookingClinics(
  q: Queryable,
  filter: { examId?: number | undefined; regionSlug?: string | undefined },
): Promise<BookingClinicRow[]> {
  const { rows } = await q.query<BookingClinicRow>(
    `SELECT ${CLINIC_COLUMNS} FROM clinics c JOIN regions r ON r.id = c.region_id
     WHERE ($2::text IS NULL OR r.slug = $2)
       AND ($1::int IS NULL OR EXISTS (
         SELECT 1 FROM clinic_exams ce JOIN exams e ON e.id = ce.exam_id
         JOIN devices d ON d.clinic_id = ce.clinic_id AND d.modality_id = e.modality_id
         WHERE ce.clinic_id = c.id AND ce.exam_id = $1))
     ORDER BY c.name, c.id`,
    [filter.examId ?? null, filter.regionSlug ?? null],
  );
  return rows;
}

export async function findBookingClinic(
  q: Queryable,
  id: number,
): Promise<BookingClinicRow | undefined> {
  const { rows } = await q.query<BookingClinicRow>(
    `SELECT ${CLINIC_COLUMNS} FROM clinics c JOIN regions r ON r.id = c.region_id WHERE c.id = $1`,
    [id],
  );
  return rows[0];
}

/** Which of `examIds` the clinic offers. */
export async function offeredExamIds(
  q: Queryable,
  clinicId: number,
  examIds: number[],
): Promise<number[]> {
  const { rows } = await q.query<{ exam_id: number }>(
    'SELECT exam_id FROM clinic_exams WHERE clinic_id = $1 AND exam_id = ANY($2::int[])',
    [clinicId, examIds],
  );
  return rows.map((row) => row.exam_id);
}
