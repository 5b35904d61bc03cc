/**
 * imaging_audit: one row for every read of a report, a study (DICOMweb) or
 * an image link, refused ones included: who, what, when (UTC), outcome.
 */
import type { Queryable } from './db.js';
import type { KeyRef } from './secrets.js';
import type { BookingKind } from './sessions.repo.js';

export type ImagingAuditAction =
  | 'image_link'
  | 'quick_report'
  | 'viewer_token'
  | 'image_link_generate'
  | 'image_viewer_direct'
  | 'referrer_feedback'
  | 'referrer_feedback_answer'
  | 'reports'
  | 'report_pdf'
  | 'results_access'
  | 'pain_score'
  | 'image_viewer_url'
  | 'import_ready'
  | 'dicomweb_search'
  | 'dicomweb_metadata'
  | 'dicomweb_retrieve'
  | 'dicomweb_rendered';

export interface ImagingAuditEntry {
  actorKind: 'imsec' | 'patient' | 'staff' | 'viewer_token' | 'anonymous';
  /** The link id, the appointment slug, the staff user name or the token's audience; never a secret. */
  actor: string | null;
  action: ImagingAuditAction;
  studyId: number | null;
  accessionNumber: string | null;
  outcome: 'ok' | 'refused';
  status: number;
  messageKey: string | null;
  clientAddress: string | null;
}

export async function insertImagingAudit(q: Queryable, entry: ImagingAuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO imaging_audit (actor_kind, actor, action, study_id, accession_number, outcome,
       status, message_key, client_address)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.actorKind,
      entry.actor,
      entry.action,
      entry.studyId,
      entry.accessionNumber,
      entry.outcome,
      entry.status,
      entry.messageKey,
      entry.clientAddress,
    ],
  );
}

/**
 * A patient session's own booking as the audit names its reader
 * ('appointment:slug', 'booking_request:slug'), never by its key; null when
 * the booking has no slug.
 */
export async function auditNameOfBooking(
  q: Queryable,
  bookingKey: KeyRef,
  kind: BookingKind,
): Promise<string | null> {
  const { rows } = await q.query<{ slug: string }>(
    kind === 'appointment'
      ? `SELECT slug FROM appointments WHERE booking_key = $1 AND slug IS NOT NULL
         ORDER BY lower(during), id LIMIT 1`
      : 'SELECT slug FROM booking_requests WHERE booking_key = $1',
    [bookingKey],
  );
  return rows[0] ? `${kind}:${rows[0].slug}` : null;
}

export interface ImagingAuditRow extends ImagingAuditEntry {
  at: string;
}

/** The latest rows, newest first (tests and the development tools). */
export async function latestImagingAudit(q: Queryable, limit = 50): Promise<ImagingAuditRow[]> {
  const { rows } = await q.query<ImagingAuditRow>(
    `SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
       actor_kind AS "actorKind", actor, action, study_id AS "studyId",
       accession_number AS "accessionNumber", outcome, status, message_key AS "messageKey",
       client_address AS "clientAddress"
     FROM imaging_audit ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows;
}
