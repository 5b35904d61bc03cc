/**
 * What the appointment pages (spec 2.4; services/appointment-pages.service.ts)
 * read and change in appointments: an appointment with its exam, clinic and
 * patient, the lock for a status change, cancellation, confirmation and
 * unsubscription.
 */
import type { WalkInNote } from '../../src/contract/booking.js';
import type { AppointmentStatus } from '../../src/contract/appointments.js';
import type { PatientNote } from '../../src/contract/questionnaire.js';
import type { Clinic } from '../../src/contract/clinic.js';
import type { Queryable } from './db.js';
import type { KeyRef } from './secrets.js';

export interface AppointmentRow {
  id: number;
  slug: string;
  bookingKey: KeyRef;
  status: AppointmentStatus;
  startMs: number;
  endMs: number;
  walkIn: boolean;
  examSlug: string;
  examName: string;
  examNotes: string;
  notes: string;
  modalityName: string;
  bookableOnline: boolean;
  clinic: Clinic;
  patient: {
    firstName: string;
    lastName: string;
    email: string | null;
    phone: string | null;
    dateOfBirth: string | null;
    postalCode: string | null;
    medicareNumber: string | null;
    sex: string | null;
  };
  emailsUnsubscribed: boolean;
  /** R-4-status-04: the appointment a reschedule or change replaced this one with. */
  movedTo: {
    startMs: number;
    timeZone: string;
    clinicName: string;
    examName: string;
    /** The new booking key, sealed under this appointment's own key (secrets.ts sealFor), or null. */
    sealedKey: string | null;
  } | null;
  /** R-4-status-04: the appointment this one replaced (a reschedule or change), when it started. */
  movedFrom: { startMs: number; timeZone: string } | null;
  /** Spec 4 "Walk-in": the walk-ins that go with this visit (migration 015). */
  walkIns: WalkInNote[];
  /** PATIENT_NOTE outcomes of the answers for this exam (migration 017). */
  patientNotes: PatientNote[];
  /** Digital check-in (migration 031): the spec 3 flags and the gender question. */
  checkIn: {
    prepared: boolean;
    preparedSent: boolean;
    sent: boolean;
    success: boolean;
    showGenderSelection: boolean;
  };
}

type RawRow = Omit<AppointmentRow, 'startMs' | 'endMs' | 'clinic' | 'patient' | 'checkIn'> & {
  ci: AppointmentRow['checkIn'];
  starts: Date;
  ends: Date;
  c_id: number;
  c_slug: string;
  c_name: string;
  c_address: string;
  c_suburb: string;
  c_state: string;
  c_postal_code: string;
  c_phone: string;
  c_email: string;
  c_time_zone: string;
  c_latitude: number;
  c_longitude: number;
  p_first_name: string;
  p_last_name: string;
  p_email: string | null;
  p_phone: string | null;
  p_date_of_birth: string | null;
  p_postal_code: string | null;
  p_medicare_number: string | null;
  p_sex: string | null;
  moved_starts: Date | null;
  moved_zone: string | null;
  moved_clinic: string | null;
  moved_exam: string | null;
  moved_to_sealed: string | null;
  from_starts: Date | null;
  from_zone: string | null;
  walk_ins: WalkInNote[] | string | null;
  patient_notes: PatientNote[] | string | null;
};

const SELECT_APPOINTMENT = `
  SELECT a.id, coalesce(a.slug, a.booking_key) AS slug, a.booking_key AS "bookingKey", a.status,
    lower(a.during) AS starts, upper(a.during) AS ends, a.walk_in AS "walkIn",
    coalesce(e.slug, '') AS "examSlug", coalesce(e.name, m.name) AS "examName",
    coalesce(e.exam_notes, '') AS "examNotes", coalesce(e.notes, '') AS notes,
    m.name AS "modalityName", coalesce(e.bookable_online, true) AS "bookableOnline",
    a.emails_unsubscribed_at IS NOT NULL AS "emailsUnsubscribed", a.walk_ins, a.patient_notes,
    c.id AS c_id, c.slug AS c_slug, c.name AS c_name, c.address AS c_address,
    c.suburb AS c_suburb, c.state AS c_state, c.postal_code AS c_postal_code,
    c.phone AS c_phone, c.email AS c_email, c.time_zone AS c_time_zone,
    c.latitude AS c_latitude, c.longitude AS c_longitude,
    a.patient_first_name AS p_first_name, a.patient_last_name AS p_last_name,
    a.patient_email AS p_email, a.patient_phone AS p_phone,
    to_char(a.patient_date_of_birth, 'YYYY-MM-DD') AS p_date_of_birth,
    a.patient_postal_code AS p_postal_code, a.patient_medicare_number AS p_medicare_number,
    a.patient_sex AS p_sex,
    lower(r.during) AS moved_starts, rc.time_zone AS moved_zone, rc.name AS moved_clinic,
    coalesce(re.name, rm.name) AS moved_exam, a.moved_to_sealed, moved_from.starts AS from_starts,
    moved_from.zone AS from_zone,
    json_build_object('prepared', ci.prepared_at IS NOT NULL,
      'preparedSent', ci.prepared_sent_at IS NOT NULL, 'sent', ci.sent_at IS NOT NULL,
      'success', ci.success_at IS NOT NULL, 'showGenderSelection', coalesce((SELECT
        (value->>'showGenderSelection')::boolean FROM provider_settings WHERE section = 'checkIn'),
        false)) AS ci
  FROM appointments a LEFT JOIN check_ins ci ON ci.appointment_id = a.id JOIN devices d ON d.id = a.device_id JOIN clinics c ON c.id = d.clinic_id
  JOIN modalities m ON m.id = d.modality_id LEFT JOIN exams e ON e.id = a.exam_id
  LEFT JOIN appointments r ON r.slug = a.replaced_by AND r.status <> 'CANCELED'
  LEFT JOIN devices rd ON rd.id = r.device_id LEFT JOIN clinics rc ON rc.id = rd.clinic_id
  LEFT JOIN modalities rm ON rm.id = rd.modality_id LEFT JOIN exams re ON re.id = r.exam_id
  LEFT JOIN LATERAL (
    SELECT lower(o.during) AS starts, oc.time_zone AS zone
    FROM appointments o JOIN devices od ON od.id = o.device_id JOIN clinics oc ON oc.id = od.clinic_id
    WHERE o.replaced_by = a.slug LIMIT 1
  ) moved_from ON true`;

function toRow(raw: RawRow): AppointmentRow {
  return {
    id: raw.id,
    slug: raw.slug,
    bookingKey: raw.bookingKey,
    status: raw.status,
    startMs: new Date(raw.starts).getTime(),
    endMs: new Date(raw.ends).getTime(),
    walkIn: raw.walkIn,
    examSlug: raw.examSlug,
    examName: raw.examName,
    examNotes: raw.examNotes,
    notes: raw.notes,
    modalityName: raw.modalityName,
    bookableOnline: raw.bookableOnline,
    emailsUnsubscribed: raw.emailsUnsubscribed,
    clinic: {
      id: raw.c_id,
      slug: raw.c_slug,
      name: raw.c_name,
      address: raw.c_address,
      suburb: raw.c_suburb,
      state: raw.c_state,
      postalCode: raw.c_postal_code,
      phone: raw.c_phone,
      email: raw.c_email,
      timeZone: raw.c_time_zone,
      latitude: raw.c_latitude,
      longitude: raw.c_longitude,
    },
    patient: {
      firstName: raw.p_first_name,
      lastName: raw.p_last_name,
      email: raw.p_email,
      phone: raw.p_phone,
      dateOfBirth: raw.p_date_of_birth,
      postalCode: raw.p_postal_code,
      medicareNumber: raw.p_medicare_number,
      sex: raw.p_sex,
    },
    movedTo:
      raw.moved_starts && raw.moved_zone
        ? {
            startMs: new Date(raw.moved_starts).getTime(),
            timeZone: raw.moved_zone,
            clinicName: raw.moved_clinic ?? '',
            examName: raw.moved_exam ?? '',
            sealedKey: raw.moved_to_sealed,
          }
        : null,
    walkIns: typeof raw.walk_ins === 'string' ? JSON.parse(raw.walk_ins) : (raw.walk_ins ?? []),
    patientNotes:
      typeof raw.patient_notes === 'string'
        ? JSON.parse(raw.patient_notes)
        : (raw.patient_notes ?? []),
    movedFrom:
      raw.from_starts && raw.from_zone
        ? { startMs: new Date(raw.from_starts).getTime(), timeZone: raw.from_zone }
        : null,
    checkIn: typeof raw.ci === 'string' ? JSON.parse(raw.ci) : raw.ci,
  };
}

/** The appointments of a booking key, earliest first. */
export async function findAppointmentRows(
  q: Queryable,
  bookingKey: KeyRef,
): Promise<AppointmentRow[]> {
  const { rows } = await q.query<RawRow>(
    `${SELECT_APPOINTMENT} WHERE a.booking_key = $1 ORDER BY lower(a.during), a.id`,
    [bookingKey],
  );
  return rows.map(toRow);
}

export async function findAppointmentRow(
  q: Queryable,
  id: number,
): Promise<AppointmentRow | undefined> {
  const { rows } = await q.query<RawRow>(`${SELECT_APPOINTMENT} WHERE a.id = $1`, [id]);
  return rows[0] ? toRow(rows[0]) : undefined;
}

/** Locks one appointment row for a status change; its slug and status. */
export async function lockAppointment(
  q: Queryable,
  slug: string,
): Promise<
  | {
      id: number;
      bookingKey: KeyRef;
      status: AppointmentStatus;
      startMs: number;
      bookableOnline: boolean;
    }
  | undefined
> {
  const { rows } = await q.query<{
    id: number;
    bookingKey: KeyRef;
    status: AppointmentStatus;
    starts: Date;
    bookableOnline: boolean;
  }>(
    `SELECT a.id, a.booking_key AS "bookingKey", a.status, lower(a.during) AS starts,
       coalesce(e.bookable_online, true) AS "bookableOnline"
     FROM appointments a LEFT JOIN exams e ON e.id = a.exam_id
     WHERE coalesce(a.slug, a.booking_key) = $1 FOR UPDATE OF a`,
    [slug],
  );
  const row = rows[0];
  return row && { ...row, startMs: new Date(row.starts).getTime() };
}

export async function cancelAppointmentRow(
  q: Queryable,
  id: number,
  change: { reason: string; note: string; replacedBy?: string; movedToSealed?: string },
): Promise<void> {
  await q.query(
    `UPDATE appointments SET status = 'CANCELED', canceled_at = now(), updated_at = now(),
       cancel_reason = $2, cancel_note = $3, replaced_by = $4, moved_to_sealed = $5
     WHERE id = $1`,
    [id, change.reason, change.note, change.replacedBy ?? null, change.movedToSealed ?? null],
  );
}

/** BOOKED or PENDING becomes CONFIRMED; other statuses stay. */
export async function confirmAppointmentRow(q: Queryable, id: number): Promise<void> {
  await q.query(
    `UPDATE appointments SET status = 'CONFIRMED', confirmed_at = now(), updated_at = now()
     WHERE id = $1 AND status IN ('BOOKED', 'PENDING')`,
    [id],
  );
}

export async function unsubscribeAppointments(q: Queryable, bookingKey: KeyRef): Promise<void> {
  await q.query(
    `UPDATE appointments SET emails_unsubscribed_at = coalesce(emails_unsubscribed_at, now())
     WHERE booking_key = $1`,
    [bookingKey],
  );
}

/** Development: moves a booking's appointments a year and a bit into the past. */
export async function moveIntoPast(q: Queryable, bookingKey: KeyRef): Promise<number> {
  const { rows } = await q.query(
    `UPDATE appointments SET during = tstzrange(lower(during) - interval '400 days',
       upper(during) - interval '400 days', '[)') WHERE booking_key = $1 RETURNING id`,
    [bookingKey],
  );
  return rows.length;
}
