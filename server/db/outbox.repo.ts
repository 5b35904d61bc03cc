/** The outbox's sending side (the writing side is booking.repo.ts insertOutboxMessage). */
import type { Queryable } from './db.js';
import type { KeyRef } from './secrets.js';

export interface PendingMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  /** An e-mail's HTML alternative, or null. */
  html: string | null;
  attempts: number;
}

/**
 * Claims up to `limit` unsent messages of the given channels, one-time codes
 * first (a patient waits for them at the screen), then the oldest: moves their
 * next attempt `leaseSeconds` ahead and counts the attempt, so another
 * process (or a crash) never sends one twice within the lease.
 */
export async function claimPending(
  q: Queryable,
  options: {
    channels: ('email' | 'sms')[];
    limit: number;
    maxAttempts: number;
    leaseSeconds: number;
  },
): Promise<PendingMessage[]> {
  const { rows } = await q.query<PendingMessage>(
    `UPDATE outbox SET attempts = attempts + 1,
       next_attempt_at = now() + make_interval(secs => $4::int)
     WHERE id IN (
       SELECT id FROM outbox
       WHERE sent_at IS NULL AND attempts < $3 AND channel = ANY($1::text[])
         AND (next_attempt_at IS NULL OR next_attempt_at <= now())
       ORDER BY topic IS NOT DISTINCT FROM 'code' DESC, id LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING id::int AS id, channel, recipient, subject, body, html, attempts`,
    [options.channels, options.limit, options.maxAttempts, options.leaseSeconds],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Marks a message delivered and forgets its body: codes and booking links
 * are not kept once they left (docs/security.md "Secrets at rest").
 */
export async function markSent(q: Queryable, id: number): Promise<void> {
  await q.query(
    `UPDATE outbox SET sent_at = now(), last_error = NULL, body = '', html = NULL, visits = NULL
     WHERE id = $1`,
    [id],
  );
}

/**
 * Ends the gathering of a booking's unsent confirmations (issue 13): one of
 * its appointments was cancelled, so no later exam joins them. Returns in how
 * many seconds the last of them is due (0 when none waits), so that the
 * cancellation is sent after the confirmation it follows.
 */
export async function closeGathering(q: Queryable, reference: KeyRef): Promise<number> {
  const { rows } = await q.query<{ due: number | null }>(
    `WITH closed AS (
       UPDATE outbox SET visits = NULL
       WHERE reference = $1 AND sent_at IS NULL AND attempts = 0 AND visits IS NOT NULL
       RETURNING next_attempt_at)
     SELECT ceil(extract(epoch FROM max(next_attempt_at) - clock_timestamp()))::int AS due
     FROM closed`,
    [reference],
  );
  return Math.max(0, rows[0]?.due ?? 0);
}

/** Empties the bodies of messages older than `seconds`, delivered or not; returns how many. */
export async function purgeOldBodies(q: Queryable, seconds: number): Promise<number> {
  const { rows } = await q.query(
    `UPDATE outbox SET body = '', html = NULL, visits = NULL
     WHERE body <> '' AND created_at <= now() - make_interval(secs => $1::int) RETURNING id`,
    [seconds],
  );
  return rows.length;
}

export async function markFailed(
  q: Queryable,
  id: number,
  error: string,
  retryInSeconds: number,
): Promise<void> {
  await q.query(
    `UPDATE outbox SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3::int)
     WHERE id = $1`,
    [id, error.slice(0, 500), retryInSeconds],
  );
}

export interface MailboxMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
}

/** The latest e-mails and SMS, newest first (the development mailbox; RIS messages are not mail). */
export async function latestMessages(q: Queryable, limit: number): Promise<MailboxMessage[]> {
  const { rows } = await q.query<{
    id: number;
    channel: 'email' | 'sms';
    recipient: string;
    subject: string;
    body: string;
    created_at: Date;
    sent_at: Date | null;
    attempts: number;
    last_error: string | null;
  }>(
    `SELECT id::int AS id, channel, recipient, subject, body, created_at, sent_at, attempts, last_error
     FROM outbox WHERE channel <> 'ris' ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    attempts: row.attempts,
    lastError: row.last_error,
  }));
}
