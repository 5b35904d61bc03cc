/**
 * check_in_handles (migration 031): the kiosk's single-use stand-ins for
 * booking keys. Only the SHA-256 of a handle is stored.
 */
import type { KeyRef } from './secrets.js';
import type { Queryable } from './db.js';

export interface CheckInHandle {
  bookingKey: KeyRef | null;
  decoy: boolean;
  /** The hash of the identity asked (migration 034); null for handles made before it. */
  identityRef: string | null;
  tries: number;
  live: boolean;
}

export async function insertHandle(
  q: Queryable,
  handleHash: string,
  bookingKey: KeyRef | null,
  ttlSeconds: number,
  identityRef: string,
): Promise<void> {
  await q.query(
    `INSERT INTO check_in_handles (handle_hash, booking_key, decoy, expires_at, identity_ref)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4::int), $5)`,
    [handleHash, bookingKey, bookingKey === null, ttlSeconds, identityRef],
  );
}

export async function readHandle(
  q: Queryable,
  handleHash: string,
): Promise<CheckInHandle | undefined> {
  const { rows } = await q.query<{
    booking_key: KeyRef | null;
    decoy: boolean;
    identity_ref: string | null;
    tries: number;
    live: boolean;
  }>(
    `SELECT booking_key, decoy, identity_ref, tries, (used_at IS NULL AND expires_at > now()) AS live
     FROM check_in_handles WHERE handle_hash = $1`,
    [handleHash],
  );
  const row = rows[0];
  return (
    row && {
      bookingKey: row.booking_key,
      decoy: row.decoy,
      identityRef: row.identity_ref,
      tries: row.tries,
      live: row.live,
    }
  );
}

/** Counts one code tried on a live handle; undefined when it is spent, used or expired. */
export async function countHandleTry(
  q: Queryable,
  handleHash: string,
  maxTries: number,
): Promise<number | undefined> {
  const { rows } = await q.query<{ tries: number }>(
    `UPDATE check_in_handles SET tries = tries + 1
     WHERE handle_hash = $1 AND tries < $2 AND used_at IS NULL AND expires_at > now()
     RETURNING tries`,
    [handleHash, maxTries],
  );
  return rows[0]?.tries;
}

/** Ends a handle (its code verified); false when another request used it first. */
export async function useHandle(q: Queryable, handleHash: string): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE check_in_handles SET used_at = now()
     WHERE handle_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING 1`,
    [handleHash],
  );
  return rows.length === 1;
}

export async function deleteExpiredHandles(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM check_in_handles WHERE expires_at <= now() - interval '1 hour'`);
}

/** A kiosk session ends at most `seconds` after the code was verified, whatever its activity. */
export async function capSessionLifetime(
  q: Queryable,
  tokenHash: string,
  seconds: number,
): Promise<void> {
  await q.query(
    `UPDATE sessions SET
       absolute_expires_at = least(absolute_expires_at, now() + make_interval(secs => $2::int)),
       expires_at = least(expires_at, now() + make_interval(secs => $2::int))
     WHERE token_hash = $1`,
    [tokenHash, seconds],
  );
}
