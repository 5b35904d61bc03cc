import { createHash, randomBytes } from 'node:crypto';
import type { AuthenticationStatus, User } from '../../src/api/contract.js';
import type { Queryable } from '../db/db.js';
import {
  deleteExpiredSessions,
  deleteSession,
  insertSession,
  touchSession,
  type SessionKind,
} from '../db/sessions.repo.js';

export const SESSION_COOKIE = 'imaging_session';

/** Cookie attributes that let the session work inside a third-party iframe (CHIPS). */
export const SESSION_COOKIE_OPTIONS = {
  path: '/',
  httpOnly: true,
  secure: true,
  sameSite: 'none',
  partitioned: true,
} as const;

export const ANONYMOUS: AuthenticationStatus = {
  authenticated: false,
  user: null,
  roleTranslations: null,
};

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A cookie value that can be ours: 32 random bytes in base64url. */
function isWellFormed(token: string | undefined): token is string {
  return token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token);
}

export interface SessionService {
  /** Creates a session and returns the cookie token. */
  create(input: {
    kind: SessionKind;
    user: User | null;
    roleTranslations: string | null;
  }): Promise<string>;
  status(token: string | undefined): Promise<AuthenticationStatus>;
  destroy(token: string | undefined): Promise<void>;
}

export function createSessionService(db: Queryable, ttlSeconds: number): SessionService {
  return {
    async create(input) {
      await deleteExpiredSessions(db);
      const token = randomBytes(32).toString('base64url');
      await insertSession(db, { ...input, tokenHash: hashToken(token), ttlSeconds });
      return token;
    },
    async status(token) {
      if (!isWellFormed(token)) return ANONYMOUS;
      const session = await touchSession(db, hashToken(token), ttlSeconds);
      if (!session) return ANONYMOUS;
      return {
        authenticated: true,
        user: session.user,
        roleTranslations: session.roleTranslations,
      };
    },
    async destroy(token) {
      if (isWellFormed(token)) await deleteSession(db, hashToken(token));
    },
  };
}
