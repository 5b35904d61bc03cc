import type { KeyRef } from './secrets.js';
import type { User } from '../../src/contract/portal.js';
import type { Queryable } from './db.js';

/** sessions: server-side session rows keyed by the SHA-256 of the cookie token. */
export type SessionKind = 'staff' | 'patient';

/** What a patient session may touch: the one booking whose holder it proved to be. */
export type BookingKind = 'appointment' | 'booking_request';

export interface StoredSession {
  kind: SessionKind;
  user: User | null;
  roleTranslations: string | null;
  bookingKey: KeyRef | null;
  bookingKind: BookingKind | null;
  expiresAt: Date;
}

export async function insertSession(
  q: Queryable,
  session: {
    tokenHash: string;
    kind: SessionKind;
    user: User | null;
    roleTranslations: string | null;
    bookingKey?: KeyRef | null;
    bookingKind?: BookingKind | null;
    ttlSeconds: number;
    absoluteSeconds: number;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO sessions (token_hash, kind, user_json, role_translations, booking_key,
       booking_kind, expires_at, absolute_expires_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6,
       now() + make_interval(secs => least($7::int, $8::int)),
       now() + make_interval(secs => $8::int))`,
    [
      session.tokenHash,
      session.kind,
      JSON.stringify(session.user),
      session.roleTranslations,
      session.bookingKey ?? null,
      session.bookingKind ?? null,
      session.ttlSeconds,
      session.absoluteSeconds,
    ],
  );
}

/** How long a session's idle expiry may lag its last use before a read slides it forward. */
export function touchSlackSeconds(ttlSeconds: number): number {
  return Math.min(60, Math.floor(ttlSeconds / 10));
}

interface SessionRow {
  kind: SessionKind;
  user_json: User | null;
  role_translations: string | null;
  booking_key: KeyRef | null;
  booking_kind: BookingKind | null;
  expires_at: Date;
  stale: boolean;
}

/**
 * Reads a live session and slides its idle expiry forward, never past its
 * absolute expiry. The read is a plain SELECT (identical reads of one moment
 * are asked once, server/db/shared-reads.ts); the write happens only when the
 * stored expiry lags by more than the slack (a minute at most), so a busy
 * session costs one write a minute instead of one per request (issue 15).
 * The idle timeout is therefore between ttl − slack and ttl.
 */
export async function touchSession(
  q: Queryable,
  tokenHash: string,
  ttlSeconds: number,
): Promise<StoredSession | undefined> {
  const slack = touchSlackSeconds(ttlSeconds);
  const { rows } = await q.query<SessionRow>(
    `SELECT kind, user_json, role_translations, booking_key, booking_kind, expires_at,
       expires_at < least(now() + make_interval(secs => $2::int), absolute_expires_at) AS stale
     FROM sessions
     WHERE token_hash = $1 AND expires_at > now() AND absolute_expires_at > now()`,
    [tokenHash, ttlSeconds - slack],
  );
  let row = rows[0];
  if (row?.stale) {
    const touched = await q.query<SessionRow>(
      `UPDATE sessions
       SET expires_at = least(now() + make_interval(secs => $2::int), absolute_expires_at)
       WHERE token_hash = $1 AND expires_at > now() AND absolute_expires_at > now()
       RETURNING kind, user_json, role_translations, booking_key, booking_kind, expires_at,
         false AS stale`,
      [tokenHash, ttlSeconds],
    );
    row = touched.rows[0];
  }
  return (
    row && {
      kind: row.kind,
      user: row.user_json,
      roleTranslations: row.role_translations,
      bookingKey: row.booking_key,
      bookingKind: row.booking_kind,
      expiresAt: row.expires_at,
    }
  );
}

export async function deleteSession(q: Queryable, tokenHash: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

export async function deleteExpiredSessions(q: Queryable): Promise<void> {
  await q.query('DELETE FROM sessions WHERE expires_at <= now() OR absolute_expires_at <= now()');
}
