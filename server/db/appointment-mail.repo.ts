import type { Queryable } from './db.js';
import type { KeyRef } from './secrets.js';

/** What an e-mail about one appointment says: the patient, the exam, the clinic and the time. */
export interface AppointmentMailFacts {
  /** The booking's key as stored: the outbox row's reference. */
  reference: KeyRef;
  patientFirstName: string;
  patientLastName: string;
  patientEmail: string;
  startMs: number;
  examName: string;
  /** Null for a modality-only appointment. */
  examSlug: string | null;
  clinicName: string;
  /** The clinic's phone, for "call the clinic" lines. */
  clinicPhone: string;
  address: string;
  suburb: string;
  state: string;
  postalCode: string;
  timeZone: string;
  /** The patient's language when booking (migration 019); null before it. */
  locale: string | null;
}

export async function appointmentMailFacts(
  q: Queryable,
  id: number,
): Promise<AppointmentMailFacts | null> {
  const { rows } = await q.query<Omit<AppointmentMailFacts, 'startMs'> & { starts: Date }>(
    `SELECT a.booking_key AS reference,
       a.patient_first_name AS "patientFirstName", a.patient_last_name AS "patientLastName",
       coalesce(a.patient_email, '') AS "patientEmail", lower(a.during) AS starts,
       coalesce(e.name, m.name) AS "examName", e.slug AS "examSlug", a.locale,
       c.name AS "clinicName", c.phone AS "clinicPhone", c.address, c.suburb, c.state, c.postal_code AS "postalCode",
       c.time_zone AS "timeZone"
     FROM appointments a JOIN devices d ON d.id = a.device_id JOIN clinics c ON c.id = d.clinic_id
     JOIN modalities m ON m.id = d.modality_id LEFT JOIN exams e ON e.id = a.exam_id
     WHERE a.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const { starts, ...rest } = row;
  return { ...rest, startMs: new Date(starts).getTime() };
}
