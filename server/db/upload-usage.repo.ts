/**
 * document_upload_usage: what each client address uploaded to keys that have
 * not booked, for the upload quota (services/document-quota.ts), with the
 * per-address lock.
 */
import type { KeyRef } from './secrets.js';
import type { Queryable } from './db.js';

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
