/**
 * What the questionnaire rules read about bookings and the catalogue (a read
 * model over appointments, booking_requests, exams and modalities): the facts
 * of an appointment or a booking request, exams and modalities by reference,
 * and whether an appointment belongs to a booking key.
 */
import type { Queryable } from './db.js';
import type { KeyRef } from './secrets.js';

export interface AppointmentFacts {
  id: number;
  slug: string;
  bookingKey: KeyRef;
  examSlug: string | null;
  modalityId: number | null;
  status: string;
  startMs: number;
  bookableOnline: boolean;
}

export async function findAppointmentFacts(
  q: Queryable,
  appointmentId: number,
): Promise<AppointmentFacts | undefined> {
  const { rows } = await q.query<Omit<AppointmentFacts, 'startMs'> & { starts: Date }>(
    `SELECT a.id, coalesce(a.slug, a.booking_key) AS slug, a.booking_key AS "bookingKey",
       e.slug AS "examSlug", e.modality_id AS "modalityId", a.status, lower(a.during) AS starts,
       coalesce(e.bookable_online, true) AS "bookableOnline"
     FROM appointments a LEFT JOIN exams e ON e.id = a.exam_id WHERE a.id = $1`,
    [appointmentId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { starts, ...facts } = row;
  return { ...facts, startMs: new Date(starts).getTime() };
}

export interface BookingRequestFacts {
  id: number;
  slug: string;
  bookingKey: KeyRef;
  examSlugs: string[];
  modalityIds: number[];
}

export async function findBookingRequestFacts(
  q: Queryable,
  bookingRequestId: number,
): Promise<BookingRequestFacts | undefined> {
  const { rows } = await q.query<BookingRequestFacts>(
    `SELECT r.id, r.slug, r.booking_key AS "bookingKey",
       coalesce(array_agg(e.slug ORDER BY x.position) FILTER (WHERE e.id IS NOT NULL), '{}') AS "examSlugs",
       coalesce(array_agg(DISTINCT e.modality_id) FILTER (WHERE e.id IS NOT NULL), '{}') AS "modalityIds"
     FROM booking_requests r
     LEFT JOIN booking_request_exams x ON x.booking_request_id = r.id
     LEFT JOIN exams e ON e.id = x.exam_id
     WHERE r.id = $1 GROUP BY r.id`,
    [bookingRequestId],
  );
  return rows[0];
}

export interface ExamFacts {
  slug: string;
  name: string;
  modalityId: number;
  /** The modality's slug and the body part's (conditions read them as {booking.…}). */
  modality: string;
  bodyPart: string | null;
}

/** The exams with these slugs, in the order of the slugs. */
export async function findExamFacts(q: Queryable, slugs: string[]): Promise<ExamFacts[]> {
  const { rows } = await q.query<ExamFacts>(
    `SELECT e.slug, e.name, e.modality_id AS "modalityId", m.slug AS modality, b.slug AS "bodyPart"
     FROM exams e JOIN modalities m ON m.id = e.modality_id
     LEFT JOIN body_parts b ON b.id = e.body_part_id
     WHERE e.slug = ANY($1::text[]) ORDER BY array_position($1::text[], e.slug)`,
    [slugs],
  );
  return rows;
}

/** Modality ids by id or slug. */
export async function findModalityIds(q: Queryable, refs: string[]): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    'SELECT id FROM modalities WHERE slug = ANY($1::text[]) OR id::text = ANY($1::text[])',
    [refs],
  );
  return rows.map((row) => row.id);
}

/** A booking request by slug, for staff sessions (which hold no booking). */
export async function findBookingRequestBySlug(
  q: Queryable,
  slug: string,
): Promise<{ id: number; slug: string; bookingKey: KeyRef } | undefined> {
  const { rows } = await q.query<{ id: number; slug: string; bookingKey: KeyRef }>(
    'SELECT id, slug, booking_key AS "bookingKey" FROM booking_requests WHERE slug = $1',
    [slug],
  );
  return rows[0];
}

/** Whether the appointment with this slug belongs to the booking key. */
export async function appointmentHasKey(
  q: Queryable,
  slug: string,
  bookingKey: KeyRef,
): Promise<boolean> {
  const { rows } = await q.query(
    'SELECT 1 FROM appointments WHERE coalesce(slug, booking_key) = $1 AND booking_key = $2',
    [slug, bookingKey],
  );
  return rows.length > 0;
}
