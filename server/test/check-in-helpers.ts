/** Appointments at chosen instants for the check-in tests (issue 16). */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db.js';
import { keyRef } from '../db/secrets.js';

export interface TestAppointment {
  id: number;
  slug: string;
  bookingKey: string;
}

let devices = 0;

/**
 * An appointment on a fresh device of the clinic (no overlap with seeded
 * visits), `startIso` an instant, 30 minutes long.
 */
export async function insertAppointment(
  db: Db,
  options: {
    startIso: string;
    clinicSlug?: string;
    lastName?: string;
    firstName?: string;
    dateOfBirth?: string;
    email?: string | null;
    phone?: string | null;
    status?: string;
    bookingKey?: string;
  },
): Promise<TestAppointment> {
  const bookingKey = options.bookingKey ?? randomBytes(18).toString('base64url');
  const slug = `ci-${randomBytes(6).toString('hex')}`;
  devices += 1;
  const { rows: exam } = await db.query<{
    clinic_id: number;
    exam_id: number;
    modality_id: number;
  }>(
    `SELECT c.id AS clinic_id, e.id AS exam_id, e.modality_id FROM clinics c
     JOIN clinic_exams ce ON ce.clinic_id = c.id JOIN exams e ON e.id = ce.exam_id
     WHERE c.slug = $1 AND e.id NOT IN (SELECT exam_id FROM appointments
       WHERE booking_key = $2 AND exam_id IS NOT NULL)
     ORDER BY e.id LIMIT 1`,
    [options.clinicSlug ?? 'north-sydney', keyRef(bookingKey)],
  );
  const { clinic_id: clinicId, exam_id: examId, modality_id: modalityId } = exam[0]!;
  const { rows: device } = await db.query<{ id: number }>(
    'INSERT INTO devices (clinic_id, modality_id, name) VALUES ($1, $2, $3) RETURNING id',
    [clinicId, modalityId, `check-in test ${process.pid} ${devices} ${slug}`],
  );
  const deviceId = device[0]!.id;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO appointments (booking_key, slug, device_id, exam_id, during, status,
       patient_first_name, patient_last_name, patient_email, patient_phone, patient_date_of_birth)
     VALUES ($1, $2, $3, $4, tstzrange($5::timestamptz, $5::timestamptz + interval '30 minutes'),
       $6, $7, $8, $9, $10, $11::date) RETURNING id`,
    [
      keyRef(bookingKey),
      slug,
      deviceId,
      examId,
      options.startIso,
      options.status ?? 'BOOKED',
      options.firstName ?? 'Mia',
      options.lastName ?? 'Citizen',
      options.email === undefined ? 'mia.citizen@example.com' : options.email,
      options.phone ?? null,
      options.dateOfBirth ?? '1980-05-17',
    ],
  );
  return { id: rows[0]!.id, slug, bookingKey };
}

/** A valid Medicare number: the first eight digits weighted 1,3,7,9,… sum to 0 mod 10. */
export const MEDICARE = '2123456701';
