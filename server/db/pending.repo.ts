import type { PatientNote } from '../../src/contract/questionnaire.js';
import type { KeyRef } from './secrets.js';
import type { Queryable } from './db.js';

/** Pending appointments and the queuing of their confirmation e-mails. */

export interface PendingAppointment {
  id: number;
  notificationQueuedAt: Date | null;
  patientFirstName: string;
  patientLastName: string;
  patientEmail: string;
  startMs: number;
  examName: string;
  examSlug: string | null;
  examNotes: string;
  notes: string;
  /** PATIENT_NOTE outcomes kept with it (migration 017). */
  patientNotes: PatientNote[];
  clinicName: string;
  address: string;
  suburb: string;
  state: string;
  postalCode: string;
  timeZone: string;
  /** The patient's language when booking (migration 019). */
  locale: string | null;
}

/**
 * The key's PENDING appointments, earliest first, row-locked until the
 * transaction ends: a concurrent call waits and then sees them queued.
 */
export async function lockPendingAppointments(
  q: Queryable,
  bookingKey: KeyRef,
): Promise<PendingAppointment[]> {
  const { rows } = await q.query<Omit<PendingAppointment, 'startMs'> & { starts: Date }>(
    `SELECT a.id, a.notification_queued_at AS "notificationQueuedAt",
       a.patient_first_name AS "patientFirstName", a.patient_last_name AS "patientLastName",
       coalesce(a.patient_email, '') AS "patientEmail", lower(a.during) AS starts,
       coalesce(e.name, m.name) AS "examName",
       e.slug AS "examSlug", coalesce(e.exam_notes, '') AS "examNotes",
       coalesce(e.notes, '') AS notes, a.patient_notes AS "patientNotes", a.locale,
       c.name AS "clinicName", c.address, c.suburb, c.state, c.postal_code AS "postalCode",
       c.time_zone AS "timeZone"
     FROM appointments a JOIN devices d ON d.id = a.device_id JOIN clinics c ON c.id = d.clinic_id
     JOIN modalities m ON m.id = d.modality_id LEFT JOIN exams e ON e.id = a.exam_id
     WHERE a.booking_key = $1 AND a.status = 'PENDING'
     ORDER BY lower(a.during), a.id
     FOR UPDATE OF a`,
    [bookingKey],
  );
  return rows.map(({ starts, ...rest }) => ({ ...rest, startMs: new Date(starts).getTime() }));
}

export async function markNotificationQueued(q: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await q.query(
    'UPDATE appointments SET notification_queued_at = now(), updated_at = now() WHERE id = ANY($1::int[])',
    [ids],
  );
}
