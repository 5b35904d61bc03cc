import { randomBytes } from 'node:crypto';
import { secretHash, type KeyRef } from '../db/secrets.js';
import type { AuthenticationStatus, User } from '../../src/contract/portal.js';
import type { Queryable } from '../db/db.js';
import {
  deleteExpiredSessions,
  deleteSession,
  insertSession,
  touchSession,
  type BookingKind,
  type SessionKind,
  type StoredSession,
} from '../db/sessions.repo.js';

/**
 * The __Host- prefix makes the browser refuse the cookie unless it is Secure,
 * has Path=/ and no Domain: no sibling sub-domain can plant or overwrite it.
 */
export const SESSION_COOKIE = '__Host-imaging_session';

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

/** A cookie value that can be ours: 32 random bytes (256 bits) in base64url. */
function isWellFormed(token: string | undefined): token is string {
  return token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token);
}

export interface SessionLifetimes {
  /** Idle expiry, slid forward by every authenticated request (15 minutes). */
  ttlSeconds: number;
  /** Absolute expiry from login (12 hours). */
  absoluteSeconds: number;
}

export interface NewSession {
  kind: SessionKind;
  user: User | null;
  roleTranslations: string | null;
  /** A patient session's booking (spec 4 "Authentication"): the only booking it may read or change. */
  booking?: { key: KeyRef; kind: BookingKind };
}

export type LiveSession = StoredSession;

export interface SessionService {
  /**
   * Creates a session and returns the cookie token: a fresh 256-bit random id
   * at every login. `replacing` (the caller's old token) is ended first, so a
   * planted id never becomes an authenticated one (session fixation).
   */
  create(input: NewSession, replacing?: string): Promise<string>;
  /** The live session of a cookie token (and slides its idle expiry), or undefined. */
  read(token: string | undefined): Promise<LiveSession | undefined>;
  status(token: string | undefined): Promise<AuthenticationStatus>;
  destroy(token: string | undefined): Promise<void>;
}

/** Expired rows are swept at most this often: a read checks expiry itself, the sweep only tidies. */
const SWEEP_EVERY_MS = 60_000;

export function createSessionService(db: Queryable, lifetimes: SessionLifetimes): SessionService {
  let sweptAt = 0;
  const read = async (token: string | undefined) =>
    isWellFormed(token) ? touchSession(db, secretHash(token), lifetimes.ttlSeconds) : undefined;
  return {
    async create(input, replacing) {
      // Once a minute, not at every login (issue 15: a statement less per booking).
      if (Date.now() - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = Date.now();
        await deleteExpiredSessions(db);
      }
      if (isWellFormed(replacing)) await deleteSession(db, secretHash(replacing));
      const token = randomBytes(32).toString('base64url');
      await insertSession(db, {
        kind: input.kind,
        user: input.user,
        roleTranslations: input.roleTranslations,
        bookingKey: input.booking?.key ?? null,
        bookingKind: input.booking?.kind ?? null,
        tokenHash: secretHash(token),
        ttlSeconds: lifetimes.ttlSeconds,
        absoluteSeconds: lifetimes.absoluteSeconds,
      });
      return token;
    },
    read,
    async status(token) {
      const session = await read(token);
      if (!session) return ANONYMOUS;
      return {
        authenticated: true,
        user: session.user,
        roleTranslations: session.roleTranslations,
      };
    },
    async destroy(token) {
      if (isWellFormed(token)) await deleteSession(db, secretHash(token));
    },
  };
}
