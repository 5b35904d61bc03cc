import type { KeyRef } from './secrets.js';
import type { Queryable } from './db.js';

/** appointments: the exclusion constraint appointments_no_double_booking guards every write. */
export type AppointmentStatus =
  'PENDING' | 'BOOKED' | 'CONFIRMED' | 'CHECKED_IN' | 'COMPLETED' | 'NO_SHOW' | 'CANCELED';

export interface NewAppointment {
  bookingKey: KeyRef;
  /** Public identifier of the appointment (spec 3 "Appointment" slug). */
  slug?: string;
  deviceId: number;
  examId: number | null;
  start: Date;
  end: Date;
  status?: AppointmentStatus;
  patient?: {
    firstName: string;
    lastName: string;
    email?: string;
    phone?: string;
    dateOfBirth?: string;
    sex?: string;
    postalCode?: string;
    medicareNumber?: string | null;
    validationCode?: string | null;
  };
  /** Set by a SET_INSURANCE_TYPE questionnaire outcome (migration 010). */
  insuranceTypeId?: number | null;
  /** Spec 4 "Walk-in": the walk-ins that go with this visit (migration 015). */
  walkIns?: { name: string; prepTime: number; minutesPrior: number }[];
  /** PATIENT_NOTE outcomes of the answers for its exam (migration 017). */
  patientNotes?: { message: string; messageParams: Record<string, string> }[];
  /** The patient's language when booking: its e-mails are written in it (migration 019). */
  locale?: string | null;
  /** The booking key sealed for the reminder's check-in link (migration 032). */
  reminderKey?: string | null;
}

/** SQLSTATE of an exclusion-constraint violation: the slot is taken on that device. */
export const SLOT_TAKEN = '23P01';

export async function insertAppointment(
  q: Queryable,
  appointment: NewAppointment,
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO appointments (booking_key, device_id, exam_id, during, status, patient_first_name,
       patient_last_name, patient_email, patient_phone, patient_date_of_birth, slug, patient_sex,
       patient_postal_code, patient_medicare_number, patient_validation_code, insurance_type_id,
       walk_ins, patient_notes, locale, reminder_key)
     VALUES ($1, $2, $3, tstzrange($4::timestamptz, $5::timestamptz, '[)'), $6, $7, $8, $9, $10,
       $11::date, $12, $13, $14, $15, $16, $17, $18::jsonb, $19::jsonb, $20, $21)
     RETURNING id`,
    [
      appointment.bookingKey,
      appointment.deviceId,
      appointment.examId,
      appointment.start.toISOString(),
      appointment.end.toISOString(),
      appointment.status ?? 'BOOKED',
      appointment.patient?.firstName ?? '',
      appointment.patient?.lastName ?? '',
      appointment.patient?.email ?? null,
      appointment.patient?.phone ?? null,
      appointment.patient?.dateOfBirth ?? null,
      appointment.slug ?? null,
      appointment.patient?.sex ?? null,
      appointment.patient?.postalCode ?? null,
      appointment.patient?.medicareNumber ?? null,
      appointment.patient?.validationCode ?? null,
      appointment.insuranceTypeId ?? null,
      JSON.stringify(appointment.walkIns ?? []),
      JSON.stringify(appointment.patientNotes ?? []),
      appointment.locale ?? null,
      appointment.reminderKey ?? null,
    ],
  );
  if (!rows[0]) throw new Error('INSERT INTO appointments returned no id');
  return rows[0].id;
}

export async function setAppointmentStatus(
  q: Queryable,
  bookingKey: KeyRef,
  status: AppointmentStatus,
): Promise<boolean> {
  const { rows } = await q.query<{ id: number }>(
    'UPDATE appointments SET status = $2, updated_at = now() WHERE booking_key = $1 RETURNING id',
    [bookingKey, status],
  );
  return rows.length > 0;
}
