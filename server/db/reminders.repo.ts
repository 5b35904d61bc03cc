/**
 * Appointment reminders (migration 032; issue 16 part 7): the sealed key a
 * reminder's link needs, and the claim that sends each reminder once.
 */
import type { Queryable } from './db.js';

/** Keeps the sealed booking key of a new appointment until its reminder leaves. */
export async function storeReminderKey(q: Queryable, slug: string, sealed: string): Promise<void> {
  await q.query('UPDATE appointments SET reminder_key = $2 WHERE slug = $1', [slug, sealed]);
}

/** A claimed reminder: what its e-mail or SMS says. */
export interface DueReminder {
  id: number;
  slug: string;
  sealedKey: string;
  patientFirstName: string;
  patientLastName: string;
  email: string | null;
  phone: string | null;
  locale: string | null;
  startMs: number;
  examName: string;
  examSlug: string | null;
  clinicName: string;
  clinicAddress: string;
  timeZone: string;
}

/**
 * Claims the reminders due at `now`: live appointments (booked or confirmed,
 * not cancelled) starting after `now` and at most `leadHours` later, whose
 * patient did not unsubscribe. Setting reminder_sent_at is the claim: a row
 * another process claimed or locked is skipped, so each reminder goes once.
 * The sealed key is dropped in the same statement.
 */
export async function claimDueReminders(
  q: Queryable,
  options: { now: Date; leadHours: number; limit: number },
): Promise<DueReminder[]> {
  const { rows } = await q.query<Omit<DueReminder, 'startMs'> & { starts: Date }>(
    `WITH due AS (
       SELECT id, reminder_key FROM appointments
       WHERE reminder_sent_at IS NULL AND reminder_key IS NOT NULL
         AND status IN ('BOOKED', 'CONFIRMED') AND emails_unsubscribed_at IS NULL
         AND lower(during) > $1::timestamptz
         AND lower(during) <= $1::timestamptz + make_interval(secs => $2::float8 * 3600)
       ORDER BY lower(during), id LIMIT $3 FOR UPDATE SKIP LOCKED),
     claimed AS (
       UPDATE appointments a SET reminder_sent_at = $1::timestamptz, reminder_key = NULL
       FROM due WHERE a.id = due.id AND a.reminder_sent_at IS NULL
       RETURNING a.id, a.slug, due.reminder_key, a.patient_first_name, a.patient_last_name,
         a.patient_email, a.patient_phone, a.locale, lower(a.during) AS starts, a.device_id, a.exam_id)
     SELECT c.id, c.slug, c.reminder_key AS "sealedKey",
       c.patient_first_name AS "patientFirstName", c.patient_last_name AS "patientLastName",
       nullif(c.patient_email, '') AS email, nullif(c.patient_phone, '') AS phone, c.locale,
       c.starts, coalesce(e.name, m.name) AS "examName", e.slug AS "examSlug",
       cl.name AS "clinicName",
       concat_ws(', ', cl.address, concat_ws(' ', cl.suburb, cl.state, cl.postal_code)) AS "clinicAddress",
       cl.time_zone AS "timeZone"
     FROM claimed c JOIN devices d ON d.id = c.device_id JOIN clinics cl ON cl.id = d.clinic_id
     JOIN modalities m ON m.id = d.modality_id LEFT JOIN exams e ON e.id = c.exam_id
     ORDER BY c.starts, c.id`,
    [options.now.toISOString(), options.leadHours, options.limit],
  );
  return rows.map(({ starts, ...row }) => ({ ...row, startMs: new Date(starts).getTime() }));
}

/**
 * Drops the sealed keys no reminder will use: cancelled, unsubscribed or
 * already started appointments. Returns how many.
 */
export async function dropUnusedReminderKeys(q: Queryable, now: Date): Promise<number> {
  const { rows } = await q.query(
    `UPDATE appointments SET reminder_key = NULL
     WHERE reminder_key IS NOT NULL AND reminder_sent_at IS NULL
       AND (status NOT IN ('BOOKED', 'CONFIRMED', 'PENDING') OR emails_unsubscribed_at IS NOT NULL
         OR lower(during) <= $1::timestamptz)
     RETURNING id`,
    [now.toISOString()],
  );
  return rows.length;
}

/** The secret the server made for `name`, made now (random, by the caller) when there is none. */
export async function serverSecret(q: Queryable, name: string, fresh: string): Promise<string> {
  await q.query(
    'INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [name, fresh],
  );
  const { rows } = await q.query<{ value: string }>(
    'SELECT value FROM server_secrets WHERE name = $1',
    [name],
  );
  const value = rows[0]?.value;
  if (!value) throw new Error(`server secret ${name} missing`);
  return value;
}
