/**
 * check_ins and check_in_windows (migration 031): an appointment's check-in
 * facts, its stored form and the RIS acknowledgements. Times are the
 * database's now(); the window itself is decided in services/check-in-window.ts.
 */
import type { KeyRef } from './secrets.js';
import type { Queryable } from './db.js';
import type { CheckInGender } from '../../src/contract/check-in.js';

export interface CheckInFacts {
  id: number;
  slug: string;
  bookingKey: KeyRef;
  status: string;
  startMs: number;
  timeZone: string;
  clinicSlug: string;
  clinicName: string;
  clinicPhone: string;
  examSlug: string | null;
  examName: string;
  /** From check_in_windows: the exam's row, else the clinic's; null = provider default. */
  enabled: boolean | null;
  opensMinutesBefore: number | null;
  closesMinutesAfter: number | null;
  referralUploaded: boolean;
  form: {
    referrer: string;
    dateOfReferral: string;
    medicareNumber: string;
    referenceNumber: string;
    gender: CheckInGender | null;
  } | null;
  preparedAt: Date | null;
  preparedSentAt: Date | null;
  sentAt: Date | null;
  successAt: Date | null;
  patient: { firstName: string; lastName: string; dateOfBirth: string | null };
}

interface RawFacts {
  id: number;
  slug: string;
  booking_key: KeyRef;
  status: string;
  starts: Date;
  time_zone: string;
  clinic_slug: string;
  clinic_name: string;
  clinic_phone: string;
  exam_slug: string | null;
  exam_name: string;
  enabled: boolean | null;
  opens: number | null;
  closes: number | null;
  referral_uploaded: boolean;
  referrer_id: string | null;
  date_of_referral: string | null;
  medicare_number: string | null;
  reference_number: string | null;
  gender: CheckInGender | null;
  prepared_at: Date | null;
  prepared_sent_at: Date | null;
  sent_at: Date | null;
  success_at: Date | null;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
}

const SELECT_FACTS = `
  SELECT a.id, coalesce(a.slug, a.booking_key) AS slug, a.booking_key, a.status,
    lower(a.during) AS starts, c.time_zone, c.slug AS clinic_slug, c.name AS clinic_name,
    c.phone AS clinic_phone,
    e.slug AS exam_slug, coalesce(e.name, m.name) AS exam_name,
    coalesce(ew.enabled, cw.enabled) AS enabled,
    coalesce(ew.opens_minutes_before, cw.opens_minutes_before) AS opens,
    coalesce(ew.closes_minutes_after, cw.closes_minutes_after) AS closes,
    EXISTS (SELECT 1 FROM temporary_documents td JOIN document_types t ON t.id = td.document_type_id
            WHERE td.booking_key = a.booking_key AND t.is_referral) AS referral_uploaded,
    ci.referrer_id, to_char(ci.date_of_referral, 'YYYY-MM-DD') AS date_of_referral,
    ci.medicare_number, ci.reference_number, ci.gender, ci.prepared_at, ci.prepared_sent_at,
    ci.sent_at, ci.success_at, a.patient_first_name AS first_name,
    a.patient_last_name AS last_name,
    to_char(a.patient_date_of_birth, 'YYYY-MM-DD') AS date_of_birth
  FROM appointments a JOIN devices d ON d.id = a.device_id JOIN clinics c ON c.id = d.clinic_id
  JOIN modalities m ON m.id = d.modality_id LEFT JOIN exams e ON e.id = a.exam_id
  LEFT JOIN check_ins ci ON ci.appointment_id = a.id
  LEFT JOIN check_in_windows cw ON cw.clinic_slug = c.slug AND cw.exam_slug IS NULL
  LEFT JOIN check_in_windows ew ON ew.clinic_slug = c.slug AND ew.exam_slug = e.slug`;

function toFacts(row: RawFacts): CheckInFacts {
  return {
    id: row.id,
    slug: row.slug,
    bookingKey: row.booking_key,
    status: row.status,
    startMs: new Date(row.starts).getTime(),
    timeZone: row.time_zone,
    clinicSlug: row.clinic_slug,
    clinicName: row.clinic_name,
    clinicPhone: row.clinic_phone,
    examSlug: row.exam_slug,
    examName: row.exam_name,
    enabled: row.enabled,
    opensMinutesBefore: row.opens,
    closesMinutesAfter: row.closes,
    referralUploaded: row.referral_uploaded,
    form:
      row.referrer_id === null
        ? null
        : {
            referrer: row.referrer_id,
            dateOfReferral: row.date_of_referral ?? '',
            medicareNumber: row.medicare_number ?? '',
            referenceNumber: row.reference_number ?? '',
            gender: row.gender,
          },
    preparedAt: row.prepared_at,
    preparedSentAt: row.prepared_sent_at,
    sentAt: row.sent_at,
    successAt: row.success_at,
    patient: {
      firstName: row.first_name,
      lastName: row.last_name,
      dateOfBirth: row.date_of_birth,
    },
  };
}

export async function findCheckInFacts(
  q: Queryable,
  id: number,
): Promise<CheckInFacts | undefined> {
  const { rows } = await q.query<RawFacts>(`${SELECT_FACTS} WHERE a.id = $1`, [id]);
  return rows[0] && toFacts(rows[0]);
}

/** Every appointment of a booking key, earliest first. */
export async function findCheckInFactsOfKey(q: Queryable, key: KeyRef): Promise<CheckInFacts[]> {
  const { rows } = await q.query<RawFacts>(
    `${SELECT_FACTS} WHERE a.booking_key = $1 ORDER BY lower(a.during), a.id`,
    [key],
  );
  return rows.map(toFacts);
}

/**
 * Identity candidates (kiosk): live appointments of a date of birth starting
 * within a day and a half of `nowMs`; the caller keeps those of the
 * clinic-local day and compares the last name.
 */
export async function findIdentityCandidates(
  q: Queryable,
  dateOfBirth: string,
  nowMs: number,
): Promise<CheckInFacts[]> {
  const { rows } = await q.query<RawFacts>(
    `${SELECT_FACTS} WHERE a.patient_date_of_birth = $1::date AND a.status <> 'CANCELED'
       AND lower(a.during) BETWEEN $2::timestamptz - interval '36 hours'
                               AND $2::timestamptz + interval '36 hours'
     ORDER BY lower(a.during), a.id`,
    [dateOfBirth, new Date(nowMs).toISOString()],
  );
  return rows.map(toFacts);
}

export async function savePreparedForm(
  q: Queryable,
  id: number,
  form: NonNullable<CheckInFacts['form']>,
): Promise<void> {
  await q.query(
    `INSERT INTO check_ins (appointment_id, referrer_id, date_of_referral, medicare_number,
       reference_number, gender, prepared_at)
     VALUES ($1, $2, $3::date, $4, $5, $6, now())
     ON CONFLICT (appointment_id) DO UPDATE SET referrer_id = excluded.referrer_id,
       date_of_referral = excluded.date_of_referral, medicare_number = excluded.medicare_number,
       reference_number = excluded.reference_number, gender = excluded.gender,
       prepared_at = now(), prepared_sent_at = NULL, updated_at = now()`,
    [
      id,
      form.referrer,
      form.dateOfReferral,
      form.medicareNumber,
      form.referenceNumber,
      form.gender,
    ],
  );
}

/** Marks the check-in queued; false when it already was (a second call queues nothing). */
export async function markCheckInSent(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query(
    `INSERT INTO check_ins (appointment_id, sent_at) VALUES ($1, now())
     ON CONFLICT (appointment_id) DO UPDATE SET sent_at = now(), updated_at = now()
       WHERE check_ins.sent_at IS NULL
     RETURNING appointment_id`,
    [id],
  );
  return rows.length > 0;
}

/** The RIS acknowledged a delivery (services/ris-sender.ts). */
export async function markRisAcknowledged(
  q: Queryable,
  id: number,
  kind: 'check_in' | 'prepared',
): Promise<void> {
  if (kind === 'prepared') {
    await q.query(
      `UPDATE check_ins SET prepared_sent_at = now(), updated_at = now() WHERE appointment_id = $1`,
      [id],
    );
    return;
  }
  await q.query(
    `UPDATE check_ins SET success_at = coalesce(success_at, now()), updated_at = now()
     WHERE appointment_id = $1`,
    [id],
  );
  await q.query(
    `UPDATE appointments SET status = 'CHECKED_IN', updated_at = now()
     WHERE id = $1 AND status IN ('BOOKED', 'CONFIRMED', 'PENDING')`,
    [id],
  );
}

/** The provider's referral document type (the upload-referral modal's). */
export async function referralDocumentTypeId(q: Queryable): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>(
    'SELECT id FROM document_types WHERE is_referral AND active LIMIT 1',
  );
  return rows[0]?.id ?? null;
}
