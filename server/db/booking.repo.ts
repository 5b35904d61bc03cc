import type { KeyRef } from './secrets.js';
import type { Queryable } from './db.js';

/** booking_keys, booking_requests, the outbox and appointment look-ups by booking key. */

/** Records a key issued to a browser (the hash of its secret); false when it already exists. */
export async function insertBookingKey(
  q: Queryable,
  bookingKey: KeyRef,
  browserHash: string,
): Promise<boolean> {
  const { rows } = await q.query(
    `INSERT INTO booking_keys (booking_key, browser_hash) VALUES ($1, $2)
     ON CONFLICT (booking_key) DO NOTHING RETURNING booking_key`,
    [bookingKey, browserHash],
  );
  return rows.length === 1;
}

/** Namespace of the (int, int) advisory locks of devices; apart from the bigint migration lock. */
const DEVICE_LOCK_NAMESPACE = 727_190;

/**
 * Queues the bookings of one device until this transaction ends. The
 * exclusion constraint still decides; the lock only spares PostgreSQL the
 * deadlocks of concurrent conflicting inserts (each waiting for the other).
 */
export async function lockDevice(q: Queryable, deviceId: number): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [
    DEVICE_LOCK_NAMESPACE,
    deviceId,
  ]);
}

export type KeyClaim = 'claimed' | 'used' | 'unknown';

/**
 * Claims an issued key for an appointment or a booking request. A booking
 * request uses a key alone and once. Appointments may share a key (one
 * booking of several exams) while it was first used less than
 * `groupSeconds` ago; the unique index on (booking_key, exam_id) keeps each
 * exam to one live appointment per key. Concurrent claims of one key queue on
 * its row lock.
 */
export async function claimBookingKey(
  q: Queryable,
  bookingKey: KeyRef,
  usedFor: 'appointment' | 'booking_request',
  groupSeconds: number,
): Promise<KeyClaim> {
  // One statement (039_book_appointment.sql), the same claim book_appointment makes.
  const { rows } = await q.query<{ claim: KeyClaim }>(
    'SELECT claim_booking_key($1, $2, $3) AS claim',
    [bookingKey, usedFor, groupSeconds],
  );
  return rows[0]?.claim ?? 'unknown';
}

export interface StoredPatient {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  sex: string;
  postalCode: string;
  medicareNumber: string | null;
  validationCode: string | null;
}

export async function insertBookingRequest(
  q: Queryable,
  request: {
    slug: string;
    bookingKey: KeyRef;
    clinicId: number | null;
    note: string;
    examIds: number[];
    patient: StoredPatient;
    /** Set by a SET_INSURANCE_TYPE questionnaire outcome (migration 010). */
    insuranceTypeId?: number | null;
    /** The patient's language: its e-mails are written in it (migration 019). */
    locale?: string | null;
  },
): Promise<number> {
  const p = request.patient;
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO booking_requests (slug, booking_key, clinic_id, note, patient_first_name,
       patient_last_name, patient_email, patient_phone, patient_date_of_birth, patient_sex,
       patient_postal_code, patient_medicare_number, patient_validation_code, insurance_type_id,
       locale)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::date, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      request.slug,
      request.bookingKey,
      request.clinicId,
      request.note,
      p.firstName,
      p.lastName,
      p.email,
      p.phone,
      p.dateOfBirth,
      p.sex,
      p.postalCode,
      p.medicareNumber,
      p.validationCode,
      request.insuranceTypeId ?? null,
      request.locale ?? null,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('INSERT INTO booking_requests returned no id');
  await q.query(
    `INSERT INTO booking_request_exams (booking_request_id, exam_id, position)
     SELECT $1, exam_id, position::smallint FROM unnest($2::int[]) WITH ORDINALITY AS t (exam_id, position)`,
    [id, request.examIds],
  );
  return id;
}

export interface OutboxMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  /** What the message is about: the booking's key, as stored (db/secrets.ts). */
  reference: KeyRef | null;
  /** An HTML alternative of an e-mail's body (the reminder's QR code; migration 032). */
  html?: string | null;
  /** 'code': a one-time code, sent before any other waiting message (outbox.repo.ts). */
  topic?: string;
  /** Not before this many seconds from now (a cancellation after its confirmation). */
  dueInSeconds?: number;
}

export async function insertOutboxMessage(q: Queryable, message: OutboxMessage): Promise<void> {
  await q.query(
    `INSERT INTO outbox (channel, recipient, subject, body, reference, html, topic, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7,
       CASE WHEN $8::int > 0 THEN clock_timestamp() + make_interval(secs => $8::int) END)`,
    [
      message.channel,
      message.recipient,
      message.subject,
      message.body,
      message.reference,
      message.html ?? null,
      message.topic ?? null,
      message.dueInSeconds ?? 0,
    ],
  );
}

/**
 * A message that gathers the visits of one booking (issue 13): still unsent
 * and never claimed by a sender, locked until the caller's transaction ends
 * (a sender skips it meanwhile).
 */
export interface GatheringMessage<V> {
  id: number;
  visits: V[];
}

export async function lockGatheringMessage<V>(
  q: Queryable,
  reference: KeyRef,
  topic: string,
  recipient: string,
): Promise<GatheringMessage<V> | null> {
  // The same look-up book_appointment makes (039_book_appointment.sql).
  const { rows } = await q.query<{ id: number; visits: V[] | null }>(
    'SELECT id, visits FROM lock_gathering_message($1, $2, $3)',
    [reference, topic, recipient],
  );
  const row = rows[0];
  return row ? { id: row.id, visits: row.visits ?? [] } : null;
}

/**
 * Queues (or, with `id`, rewrites) a gathering message, due `delaySeconds`
 * from now: the statement's clock, not the transaction's start, so a booking
 * that waited behind others on its key still leaves the full delay.
 */
export async function saveGatheringMessage<V>(
  q: Queryable,
  message: OutboxMessage & { topic: string; visits: V[] },
  delaySeconds: number,
  id?: number,
): Promise<void> {
  const values = [
    message.subject,
    message.body,
    JSON.stringify(message.visits),
    delaySeconds,
  ] as const;
  if (id !== undefined) {
    await q.query(
      `UPDATE outbox SET subject = $1, body = $2, visits = $3::jsonb,
         next_attempt_at = clock_timestamp() + make_interval(secs => $4::int) WHERE id = $5`,
      [...values, id],
    );
    return;
  }
  await q.query(
    `INSERT INTO outbox (subject, body, visits, next_attempt_at, channel, recipient, reference, topic)
     VALUES ($1, $2, $3::jsonb, clock_timestamp() + make_interval(secs => $4::int), $5, $6, $7, $8)`,
    [...values, message.channel, message.recipient, message.reference, message.topic],
  );
}

export async function listOutbox(
  q: Queryable,
  reference: KeyRef,
): Promise<(OutboxMessage & { id: number })[]> {
  const { rows } = await q.query<OutboxMessage & { id: number }>(
    'SELECT id, channel, recipient, subject, body, reference FROM outbox WHERE reference = $1 ORDER BY id',
    [reference],
  );
  return rows;
}

/** An appointment with what its confirmation and calendar file show. */
export interface AppointmentDetails {
  slug: string;
  bookingKey: KeyRef;
  status: string;
  startMs: number;
  endMs: number;
  examName: string;
  /** Null for a modality-only appointment: its name is not translated. */
  examSlug: string | null;
  examNotes: string;
  notes: string;
  modalityName: string;
  preparation: string;
  clinicName: string;
  address: string;
  suburb: string;
  state: string;
  postalCode: string;
  timeZone: string;
  /** The patient's language when booking (migration 019); null before it. */
  locale: string | null;
}

/** The appointments of a booking key, earliest first. */
export async function findAppointmentsByKey(
  q: Queryable,
  bookingKey: KeyRef,
): Promise<AppointmentDetails[]> {
  const { rows } = await q.query<
    Omit<AppointmentDetails, 'startMs' | 'endMs'> & { starts: Date; ends: Date }
  >(
    `SELECT coalesce(a.slug, a.booking_key) AS slug, a.booking_key AS "bookingKey", a.status,
       lower(a.during) AS starts, upper(a.during) AS ends,
       coalesce(e.name, m.name) AS "examName", m.name AS "modalityName", e.slug AS "examSlug",
       coalesce(e.exam_notes, '') AS "examNotes", coalesce(e.notes, '') AS notes, a.locale,
       concat_ws(E'\\n\\n', nullif(e.exam_notes, ''), nullif(e.notes, '')) AS preparation,
       c.name AS "clinicName", c.address, c.suburb, c.state, c.postal_code AS "postalCode",
       c.time_zone AS "timeZone"
     FROM appointments a JOIN devices d ON d.id = a.device_id JOIN clinics c ON c.id = d.clinic_id
     JOIN modalities m ON m.id = d.modality_id LEFT JOIN exams e ON e.id = a.exam_id
     WHERE a.booking_key = $1 ORDER BY lower(a.during), a.id`,
    [bookingKey],
  );
  return rows.map(({ starts, ends, ...rest }) => ({
    ...rest,
    startMs: new Date(starts).getTime(),
    endMs: new Date(ends).getTime(),
  }));
}
