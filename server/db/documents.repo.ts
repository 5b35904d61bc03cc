/**
 * temporary_documents: the documents of a booking key (its referral and other
 * files while it books, then its appointment's or booking request's), with
 * the per-key lock, the import mark and the sweep of expired ones.
 */
import type { KeyRef } from './secrets.js';
import type { Queryable } from './db.js';

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
