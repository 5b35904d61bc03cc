import type { User } from '../../src/api/contract.js';
import type { Queryable } from './db.js';

/** sessions: server-side session rows keyed by the SHA-256 of the cookie token. */
export type SessionKind = 'staff' | 'patient';

export interface StoredSession {
  kind: SessionKind;
  user: User | null;
  roleTranslations: string | null;
  expiresAt: Date;
}

export async function insertSession(
  q: Queryable,
  session: {
    tokenHash: string;
    kind: SessionKind;
    user: User | null;
    roleTranslations: string | null;
    ttlSeconds: number;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO sessions (token_hash, kind, user_json, role_translations, expires_at)
     VALUES ($1, $2, $3::jsonb, $4, now() + make_interval(secs => $5::int))`,
    [
      session.tokenHash,
      session.kind,
      JSON.stringify(session.user),
      session.roleTranslations,
      session.ttlSeconds,
    ],
  );
}

/** Reads a live session and slides its expiry forward (one statement, so every process agrees). */
export async function touchSession(
  q: Queryable,
  tokenHash: string,
  ttlSeconds: number,
): Promise<StoredSession | undefined> {
  const { rows } = await q.query<{
    kind: SessionKind;
    user_json: User | null;
    role_translations: string | null;
    expires_at: Date;
  }>(
    `UPDATE sessions SET expires_at = now() + make_interval(secs => $2::int)
     WHERE token_hash = $1 AND expires_at > now()
     RETURNING kind, user_json, role_translations, expires_at`,
    [tokenHash, ttlSeconds],
  );
  const row = rows[0];
  return (
    row && {
      kind: row.kind,
      user: row.user_json,
      roleTranslations: row.role_translations,
      expiresAt: row.expires_at,
    }
  );
}

export async function deleteSession(q: Queryable, tokenHash: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

export async function deleteExpiredSessions(q: Queryable): Promise<void> {
  await q.query('DELETE FROM sessions WHERE expires_at <= now()');
}
