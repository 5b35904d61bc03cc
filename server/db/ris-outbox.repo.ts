/** The outbox's RIS channel (migration 031; services/ris-sender.ts). */
import type { Queryable } from './db.js';

export interface PendingRisMessage {
  id: number;
  /** 'check_in' or 'prepared' (ris-delivery.ts RisKind). */
  kind: string;
  appointmentId: number;
  body: string;
  attempts: number;
}

/**
 * Claims due RIS messages older than `minAgeMs` (the built-in receiver's
 * delay), moving their next attempt `leaseSeconds` ahead, like claimPending.
 */
export async function claimRisMessages(
  q: Queryable,
  options: { limit: number; leaseSeconds: number; minAgeMs: number },
): Promise<PendingRisMessage[]> {
  const { rows } = await q.query<{
    id: number;
    subject: string;
    reference: string;
    body: string;
    attempts: number;
  }>(
    `UPDATE outbox SET attempts = attempts + 1,
       next_attempt_at = now() + make_interval(secs => $2::int)
     WHERE id IN (
       SELECT id FROM outbox
       WHERE sent_at IS NULL AND channel = 'ris'
         AND (next_attempt_at IS NULL OR next_attempt_at <= now())
         AND created_at <= now() - make_interval(secs => $3::float8)
       ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id::int AS id, subject, reference, body, attempts`,
    [options.limit, options.leaseSeconds, options.minAgeMs / 1000],
  );
  return rows
    .map((row) => ({
      id: row.id,
      kind: row.subject,
      appointmentId: Number(row.reference),
      body: row.body,
      attempts: row.attempts,
    }))
    .sort((a, b) => a.id - b.id);
}

export async function retryRisMessageIn(
  q: Queryable,
  id: number,
  error: string,
  retryInMs: number,
): Promise<void> {
  await q.query(
    `UPDATE outbox SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3::float8)
     WHERE id = $1`,
    [id, error.slice(0, 500), retryInMs / 1000],
  );
}
