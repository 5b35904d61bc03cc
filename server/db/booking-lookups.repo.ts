import type { PostCodeLocation } from '../../src/contract/booking.js';
import {
  CLINIC_COLUMNS,
  EXAM_COLUMNS,
  EXAM_FROM,
  type BookingClinicRow,
  type ExamRow,
} from './booking-catalogue.repo.js';
import type { Queryable } from './db.js';

/** The second part of the catalogue reads: clinics by ids, clinic exams, groups, enquiry exams. */

/** A clinic offers an exam when it lists it and has a (fixed or mobile) device of its modality. */
const OFFERS = `EXISTS (SELECT 1 FROM clinic_exams ce
  JOIN devices d ON d.clinic_id = ce.clinic_id AND d.modality_id = e.modality_id
  WHERE ce.clinic_id = c.id AND ce.exam_id = e.id)`;

export async function listClinicsByIds(q: Queryable, ids: number[]): Promise<BookingClinicRow[]> {
  const { rows } = await q.query<BookingClinicRow>(
    `SELECT ${CLINIC_COLUMNS} FROM clinics c JOIN regions r ON r.id = c.region_id
     WHERE c.id = ANY($1::int[])`,
    [ids],
  );
  return rows;
}

export async function clinicExists(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM clinics WHERE id = $1', [id]);
  return rows.length === 1;
}

/** The exams a clinic offers, by priority. */
export async function listClinicExams(q: Queryable, clinicId: number): Promise<ExamRow[]> {
  const { rows } = await q.query<ExamRow>(
    `SELECT ${EXAM_COLUMNS} ${EXAM_FROM} CROSS JOIN (SELECT $1::int AS id) c
     WHERE ${OFFERS} ORDER BY e.priority, e.name`,
    [clinicId],
  );
  return rows;
}

/** Ids of the clinics that offer every one of the exams, ascending. */
export async function listClinicIdsOfferingAll(q: Queryable, examIds: number[]): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT c.id FROM clinics c
     WHERE NOT EXISTS (
       SELECT 1 FROM exams e WHERE e.id = ANY($1::int[]) AND NOT ${OFFERS})
     ORDER BY c.id`,
    [examIds],
  );
  return rows.map((row) => row.id);
}

/** Exams that cannot be booked online anywhere but are offered by some clinic, by priority. */
export async function listEnquiryExams(q: Queryable): Promise<ExamRow[]> {
  const { rows } = await q.query<ExamRow>(
    `SELECT ${EXAM_COLUMNS} ${EXAM_FROM}
     WHERE NOT e.bookable_online AND EXISTS (SELECT 1 FROM clinics c WHERE ${OFFERS})
     ORDER BY e.priority, e.name`,
  );
  return rows;
}

export async function listPostalCodes(q: Queryable): Promise<PostCodeLocation[]> {
  const { rows } = await q.query<PostCodeLocation>(
    'SELECT id, code, country, suburb, latitude, longitude FROM postal_codes ORDER BY id',
  );
  return rows;
}
