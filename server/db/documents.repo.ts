import type { KeyRef } from './secrets.js';
import type { Queryable } from './db.js';

/** Document types, the documents of a booking key (temporary_documents) and their audit log. */

export interface DocumentTypeRow {
  id: number;
  code: string;
  title: string;
  description: string;
  isReferral: boolean;
}

export async function listDocumentTypes(q: Queryable): Promise<DocumentTypeRow[]> {
  const { rows } = await q.query<DocumentTypeRow>(
    `SELECT id, code, title, description, is_referral AS "isReferral"
     FROM document_types WHERE active ORDER BY position, id`,
  );
  return rows;
}

export interface DocumentTypeRuleRow {
  documentTypeId: number;
  modalitySlug: string | null;
  examSlug: string | null;
  required: boolean;
}

export async function listDocumentTypeRules(q: Queryable): Promise<DocumentTypeRuleRow[]> {
  const { rows } = await q.query<DocumentTypeRuleRow>(
    `SELECT r.document_type_id AS "documentTypeId", r.modality_slug AS "modalitySlug",
            r.exam_slug AS "examSlug", r.required
     FROM document_type_rules r JOIN document_types t ON t.id = r.document_type_id
     WHERE t.active ORDER BY t.position, t.id, r.id`,
  );
  return rows;
}

export interface ExamRow {
  examId: number;
  slug: string;
  name: string;
  modalitySlug: string;
}

const EXAM_COLUMNS = `e.id AS "examId", e.slug, e.name, m.slug AS "modalitySlug"`;

/** The live appointments' exams of a booking key, the named appointment's first. */
export async function appointmentExams(
  q: Queryable,
  bookingKey: KeyRef,
  firstAppointmentId: number,
): Promise<ExamRow[]> {
  const { rows } = await q.query<ExamRow>(
    `SELECT DISTINCT ON (e.id) ${EXAM_COLUMNS}, (a.id = $2) AS named, lower(a.during) AS starts
     FROM appointments a JOIN exams e ON e.id = a.exam_id JOIN modalities m ON m.id = e.modality_id
     WHERE a.booking_key = $1 AND (a.status <> 'CANCELED' OR a.id = $2)
     ORDER BY e.id, (a.id = $2) DESC`,
    [bookingKey, firstAppointmentId],
  );
  const sorted = [...(rows as (ExamRow & { named: boolean; starts: Date })[])].sort(
    (a, b) => Number(b.named) - Number(a.named) || a.starts.getTime() - b.starts.getTime(),
  );
  return sorted.map(({ examId, slug, name, modalitySlug }) => ({
    examId,
    slug,
    name,
    modalitySlug,
  }));
}

export async function bookingRequestExams(
  q: Queryable,
  bookingRequestId: number,
): Promise<ExamRow[]> {
  const { rows } = await q.query<ExamRow>(
    `SELECT ${EXAM_COLUMNS}
     FROM booking_request_exams x JOIN exams e ON e.id = x.exam_id
     JOIN modalities m ON m.id = e.modality_id
     WHERE x.booking_request_id = $1 ORDER BY x.position, e.id`,
    [bookingRequestId],
  );
  return rows;
}

/** Exams by slug, in the order given; unknown slugs are left out. */
export async function examsBySlugs(q: Queryable, slugs: string[]): Promise<ExamRow[]> {
  if (slugs.length === 0) return [];
  const { rows } = await q.query<ExamRow>(
    `SELECT ${EXAM_COLUMNS} FROM exams e JOIN modalities m ON m.id = e.modality_id
     WHERE e.slug = ANY($1::text[])`,
    [slugs],
  );
  return slugs
    .map((slug) => rows.find((row) => row.slug === slug))
    .filter((row): row is ExamRow => row !== undefined);
}

export interface DocumentRow {
  id: number;
  bookingKey: KeyRef;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  documentTypeId: number;
  examSlug: string | null;
  examId: number | null;
  groupName: string | null;
  additional: boolean;
  storageName: string;
  createdAt: Date;
  updatedAt: Date;
  importedAt: Date | null;
}

const DOCUMENT_COLUMNS = `d.id::int AS id, d.booking_key AS "bookingKey", d.file_name AS "fileName",
  d.content_type AS "contentType", d.size_bytes::int AS "sizeBytes",
  d.document_type_id AS "documentTypeId", d.exam_slug AS "examSlug", e.id AS "examId",
  d.group_name AS "groupName", d.additional, d.storage_name AS "storageName",
  d.created_at AS "createdAt", d.updated_at AS "updatedAt", d.imported_at AS "importedAt"`;

/** The stored documents of a key (rows without a file, from before 009, are left out). */
export async function listDocuments(q: Queryable, bookingKey: KeyRef): Promise<DocumentRow[]> {
  const { rows } = await q.query<DocumentRow>(
    `SELECT ${DOCUMENT_COLUMNS}
     FROM temporary_documents d LEFT JOIN exams e ON e.slug = d.exam_slug
     WHERE d.booking_key = $1 AND d.storage_name IS NOT NULL
     ORDER BY d.created_at, d.id`,
    [bookingKey],
  );
  return rows;
}

export async function findDocument(
  q: Queryable,
  bookingKey: KeyRef,
  id: number,
): Promise<DocumentRow | undefined> {
  const { rows } = await q.query<DocumentRow>(
    `SELECT ${DOCUMENT_COLUMNS}
     FROM temporary_documents d LEFT JOIN exams e ON e.slug = d.exam_slug
     WHERE d.booking_key = $1 AND d.id = $2 AND d.storage_name IS NOT NULL`,
    [bookingKey, id],
  );
  return rows[0];
}

/** Serialises the writes of one key's documents until the transaction ends. */
export async function lockKeyDocuments(q: Queryable, bookingKey: KeyRef): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtext('documents:' || $1))", [bookingKey]);
}

export async function countDocuments(q: Queryable, bookingKey: KeyRef): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM temporary_documents
     WHERE booking_key = $1 AND storage_name IS NOT NULL`,
    [bookingKey],
  );
  return rows[0]?.n ?? 0;
}

export interface NewDocument {
  bookingKey: KeyRef;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  documentTypeId: number;
  examSlug: string | null;
  groupName: string | null;
  additional: boolean;
  storageName: string;
}

export async function insertDocument(q: Queryable, doc: NewDocument): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO temporary_documents (booking_key, file_name, content_type, size_bytes, sha256,
       document_type_id, exam_slug, group_name, additional, storage_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::int AS id`,
    [
      doc.bookingKey,
      doc.fileName,
      doc.contentType,
      doc.sizeBytes,
      doc.sha256,
      doc.documentTypeId,
      doc.examSlug,
      doc.groupName,
      doc.additional,
      doc.storageName,
    ],
  );
  return (rows[0] as { id: number }).id;
}

/** Points a document at a new file (and type fields); returns the old file's storage name. */
export async function replaceDocumentFile(
  q: Queryable,
  id: number,
  doc: Omit<NewDocument, 'bookingKey'>,
): Promise<void> {
  await q.query(
    `UPDATE temporary_documents SET file_name = $2, content_type = $3, size_bytes = $4,
       sha256 = $5, document_type_id = $6, exam_slug = $7, group_name = $8, additional = $9,
       storage_name = $10, updated_at = now(), imported_at = NULL
     WHERE id = $1`,
    [
      id,
      doc.fileName,
      doc.contentType,
      doc.sizeBytes,
      doc.sha256,
      doc.documentTypeId,
      doc.examSlug,
      doc.groupName,
      doc.additional,
      doc.storageName,
    ],
  );
}

export async function deleteDocument(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM temporary_documents WHERE id = $1', [id]);
}

export async function markDocumentsImported(q: Queryable, bookingKey: KeyRef): Promise<number> {
  const { rows } = await q.query(
    `UPDATE temporary_documents SET imported_at = now()
     WHERE booking_key = $1 AND storage_name IS NOT NULL AND imported_at IS NULL RETURNING id`,
    [bookingKey],
  );
  return rows.length;
}

export type AuditAction =
  | 'list'
  | 'upload'
  | 'replace'
  | 'delete'
  | 'download'
  | 'view'
  | 'referral_download'
  | 'imported'
  | 'move';

export interface AuditEntry {
  actorKind: 'session' | 'booking_key' | 'system';
  sessionHash: string | null;
  username: string | null;
  bookingKey: KeyRef | null;
  ownerKind: 'appointment' | 'booking_request' | 'booking' | null;
  ownerSlug: string | null;
  action: AuditAction;
  documentId: number | null;
  fileName: string | null;
  outcome: 'ok' | 'refused';
  status: number;
  messageKey: string | null;
  clientAddress: string | null;
}

export async function insertAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO document_audit (actor_kind, session_hash, username, booking_key, owner_kind,
       owner_slug, action, document_id, file_name, outcome, status, message_key, client_address)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      entry.actorKind,
      entry.sessionHash,
      entry.username,
      entry.bookingKey,
      entry.ownerKind,
      entry.ownerSlug,
      entry.action,
      entry.documentId,
      // The name as sent, for the record; NUL cannot be stored in text, so control characters show as U+FFFD.
      // eslint-disable-next-line no-control-regex
      entry.fileName?.slice(0, 300).replace(/[\u0000-\u001f\u007f]/g, '\ufffd') ?? null,
      entry.outcome,
      entry.status,
      entry.messageKey,
      entry.clientAddress,
    ],
  );
}

/** Serialises the quota checks of one client address until the transaction ends. */
export async function lockUploadAddress(q: Queryable, clientAddress: string): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtext('upload-quota:' || $1))", [clientAddress]);
}

export interface UploadUsage {
  files: number;
  bytes: number;
  /** The oldest upload still counted, or null when none is. */
  oldest: Date | null;
}

/**
 * What an address uploaded since `since` to keys that have not booked (a key
 * that booked, or was never issued, stops counting).
 */
export async function uploadUsage(
  q: Queryable,
  clientAddress: string,
  since: Date,
): Promise<UploadUsage> {
  const { rows } = await q.query<UploadUsage>(
    `SELECT count(*)::int AS files, coalesce(sum(u.bytes), 0)::float8 AS bytes, min(u.at) AS oldest
     FROM document_upload_usage u JOIN booking_keys k ON k.booking_key = u.booking_key
     WHERE u.client_address = $1 AND u.at > $2 AND k.used_at IS NULL`,
    [clientAddress, since],
  );
  return rows[0] ?? { files: 0, bytes: 0, oldest: null };
}

export async function insertUploadUsage(
  q: Queryable,
  usage: { clientAddress: string; bookingKey: KeyRef; bytes: number; at: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO document_upload_usage (client_address, booking_key, bytes, at)
     VALUES ($1, $2, $3, $4)`,
    [usage.clientAddress, usage.bookingKey, usage.bytes, usage.at],
  );
}

export async function deleteUploadUsageBefore(q: Queryable, before: Date): Promise<number> {
  const { rows } = await q.query('DELETE FROM document_upload_usage WHERE at <= $1 RETURNING id', [
    before,
  ]);
  return rows.length;
}

export interface ExpiredDocumentRow {
  id: number;
  bookingKey: KeyRef;
  fileName: string;
  storageName: string;
}

/**
 * Deletes the temporary documents of keys that have not booked that were
 * stored before `storedBefore`, or whose key was issued before `issuedBefore`.
 */
export async function deleteExpiredTemporaryDocuments(
  q: Queryable,
  cutoff: { storedBefore: Date; issuedBefore: Date },
): Promise<ExpiredDocumentRow[]> {
  const { rows } = await q.query<ExpiredDocumentRow>(
    `DELETE FROM temporary_documents d USING booking_keys k
     WHERE d.booking_key = k.booking_key AND k.used_at IS NULL AND d.storage_name IS NOT NULL
       AND (d.created_at < $1 OR k.issued_at < $2)
     RETURNING d.id::int AS id, d.booking_key AS "bookingKey", d.file_name AS "fileName",
       d.storage_name AS "storageName"`,
    [cutoff.storedBefore, cutoff.issuedBefore],
  );
  return rows;
}

export async function examExists(q: Queryable, slug: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM exams WHERE slug = $1', [slug]);
  return rows.length > 0;
}

/** Which of `names` a temporary document row still names. */
export async function knownStorageNames(q: Queryable, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const { rows } = await q.query<{ storageName: string }>(
    `SELECT storage_name AS "storageName" FROM temporary_documents
     WHERE storage_name = ANY($1::text[])`,
    [names],
  );
  return rows.map((row) => row.storageName);
}
