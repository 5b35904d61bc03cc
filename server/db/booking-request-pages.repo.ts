/**
 * What the booking-request pages (spec 2.4 "view, cancel";
 * services/booking-request-pages.service.ts) read and change: a booking
 * request with its clinic, exams and referrals, and its cancellation.
 */
import type { Queryable } from './db.js';
import type { KeyRef } from './secrets.js';

export interface BookingRequestRow {
  id: number;
  slug: string;
  bookingKey: KeyRef;
  status: 'PENDING' | 'BOOKED' | 'CANCELED';
  note: string;
  createdAt: Date;
  clinic: {
    id: number;
    name: string;
    address: string;
    phone: string;
    timeZone: string;
    latitude: number;
    longitude: number;
  } | null;
  patient: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    dateOfBirth: string;
    postalCode: string;
  };
  exams: { slug: string; name: string; modalityName: string }[];
  referrals: { id: number; fileName: string }[];
}

export async function findBookingRequestRow(
  q: Queryable,
  id: number,
): Promise<BookingRequestRow | undefined> {
  const { rows } = await q.query<{
    id: number;
    slug: string;
    bookingKey: KeyRef;
    status: BookingRequestRow['status'];
    note: string;
    createdAt: Date;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    dateOfBirth: string;
    postalCode: string;
    c_id: number | null;
    c_name: string | null;
    c_address: string | null;
    c_phone: string | null;
    c_time_zone: string | null;
    c_latitude: number | null;
    c_longitude: number | null;
  }>(
    `SELECT r.id, r.slug, r.booking_key AS "bookingKey", r.status, r.note, r.created_at AS "createdAt",
       r.patient_first_name AS "firstName", r.patient_last_name AS "lastName",
       r.patient_email AS email, r.patient_phone AS phone,
       to_char(r.patient_date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth",
       r.patient_postal_code AS "postalCode",
       c.id AS c_id, c.name AS c_name,
       concat(c.address, ', ', c.suburb, ' ', c.state, ' ', c.postal_code) AS c_address,
       c.phone AS c_phone, c.time_zone AS c_time_zone, c.latitude AS c_latitude, c.longitude AS c_longitude
     FROM booking_requests r LEFT JOIN clinics c ON c.id = r.clinic_id WHERE r.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const exams = await q.query<{ slug: string; name: string; modalityName: string }>(
    `SELECT e.slug, e.name, m.name AS "modalityName" FROM booking_request_exams x
     JOIN exams e ON e.id = x.exam_id JOIN modalities m ON m.id = e.modality_id
     WHERE x.booking_request_id = $1 ORDER BY x.position`,
    [id],
  );
  // Documents stay with the request's booking key (temporary_documents, 009_documents);
  // the referrals are those of the referral document type.
  const referrals = await q.query<{ id: number; fileName: string }>(
    `SELECT d.id::int AS id, d.file_name AS "fileName" FROM temporary_documents d
     JOIN document_types t ON t.id = d.document_type_id
     WHERE d.booking_key = $1 AND t.code = 'referral' ORDER BY d.id`,
    [row.bookingKey],
  );
  return {
    id: row.id,
    slug: row.slug,
    bookingKey: row.bookingKey,
    status: row.status,
    note: row.note,
    createdAt: new Date(row.createdAt),
    clinic:
      row.c_id === null
        ? null
        : {
            id: row.c_id,
            name: row.c_name ?? '',
            address: row.c_address ?? '',
            phone: row.c_phone ?? '',
            timeZone: row.c_time_zone ?? 'UTC',
            latitude: row.c_latitude ?? 0,
            longitude: row.c_longitude ?? 0,
          },
    patient: {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      dateOfBirth: row.dateOfBirth,
      postalCode: row.postalCode,
    },
    exams: exams.rows,
    referrals: referrals.rows,
  };
}

export async function cancelBookingRequestRow(q: Queryable, id: number): Promise<void> {
  await q.query(
    `UPDATE booking_requests SET status = 'CANCELED', canceled_at = coalesce(canceled_at, now()),
       updated_at = now() WHERE id = $1 AND status <> 'CANCELED'`,
    [id],
  );
}
