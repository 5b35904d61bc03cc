/**
 * A booking in one statement (039_book_appointment.sql, issue 15 part 2):
 * the key's claim, the device's lock, its holds, the appointment and, when
 * it is the booking's first, its confirmation. Alone it is its own
 * transaction; inside one (a reschedule, an idempotent call) it is a step.
 */
import type { Queryable } from './db.js';
import type { NewAppointment } from './appointments.repo.js';
import type { OutboxMessage } from './booking.repo.js';
import type { IdempotentAnswer } from './idempotency.repo.js';

/** SQLSTATEs book_appointment raises (the exclusion constraint's 23P01 is the slot's). */
export const BOOKING_STATES = {
  keyUsed: 'BK001',
  keyUnknown: 'BK002',
  heldByOther: 'BK003',
  /** A confirmation of the key is gathering: book again the long way, which adds to it. */
  gathering: 'BK004',
} as const;

export interface BookAppointmentInput extends NewAppointment {
  /** Claim the key first (false: the caller's transaction claimed it). */
  claim: boolean;
  groupSeconds: number;
  /** Queue on the device's advisory lock: PostgreSQL (PGlite runs one transaction at a time). */
  lock: boolean;
  nowMs: number;
  /** The booking's confirmation, queued when no other of the key is gathering. */
  mail: (OutboxMessage & { topic: string; visits: unknown[]; delaySeconds: number }) | null;
  /** The answer of a call with an Idempotency-Key, stored in the same transaction. */
  remember?: IdempotentAnswer | undefined;
}

/** Books the time and answers the appointment's id; errors as BOOKING_STATES. */
export async function bookAppointment(q: Queryable, input: BookAppointmentInput): Promise<number> {
  const { patient } = input;
  // The columns of appointments, as jsonb_populate_record reads them.
  const row = {
    exam_id: input.examId,
    status: input.status ?? 'BOOKED',
    patient_first_name: patient?.firstName ?? '',
    patient_last_name: patient?.lastName ?? '',
    patient_email: patient?.email ?? null,
    patient_phone: patient?.phone ?? null,
    patient_date_of_birth: patient?.dateOfBirth ?? null,
    slug: input.slug ?? null,
    patient_sex: patient?.sex ?? null,
    patient_postal_code: patient?.postalCode ?? null,
    patient_medicare_number: patient?.medicareNumber ?? null,
    patient_validation_code: patient?.validationCode ?? null,
    insurance_type_id: input.insuranceTypeId ?? null,
    walk_ins: input.walkIns ?? [],
    patient_notes: input.patientNotes ?? [],
    locale: input.locale ?? null,
    reminder_key: input.reminderKey ?? null,
  };
  const { rows } = await q.query<{ id: number }>(
    `SELECT book_appointment($1, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz,
       $8::timestamptz, $9::jsonb, $10::jsonb, $11::jsonb) AS id`,
    [
      input.bookingKey,
      input.claim,
      input.groupSeconds,
      input.lock,
      input.deviceId,
      input.start.toISOString(),
      input.end.toISOString(),
      new Date(input.nowMs).toISOString(),
      JSON.stringify(row),
      // The function reads the confirmation's fields by name; the rest of the message is unused.
      input.mail && JSON.stringify(input.mail),
      input.remember ? JSON.stringify(input.remember) : null,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('book_appointment returned no id');
  return id;
}
