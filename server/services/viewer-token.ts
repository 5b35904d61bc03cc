/**
 * Viewer tokens of the read-only DICOMweb service: short-lived, scoped to
 * one study, signed with HMAC-SHA256 under a secret the server keeps in the
 * database (server_secrets), so every API process accepts every other's
 * tokens and nothing is held in process memory but the secret itself.
 * Form: base64url(JSON {v, s, e, a}) "." base64url(HMAC).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ViewerToken } from '../../src/contract/imaging.js';
import type { Queryable } from '../db/db.js';
import { serverSecret } from '../db/reminders.repo.js';

export const VIEWER_TOKEN_SECONDS = 15 * 60;
export const DICOMWEB_ROOT = '/api/dicomweb';
const SECRET_NAME = 'viewer_token';

export interface ViewerTokenClaims {
  studyInstanceUid: string;
  /** Who the token was made for, for the audit log: 'imsec:12', 'patient:slug', 'staff:name'. */
  audience: string;
  expiresAt: Date;
}

export interface ViewerTokens {
  issue(studyInstanceUid: string, audience: string): Promise<ViewerToken>;
  /** The claims of a valid, unexpired token; undefined for anything else. */
  verify(token: string | undefined): Promise<ViewerTokenClaims | undefined>;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{10,400}\.[A-Za-z0-9_-]{43}$/;

export function createViewerTokens(
  db: Queryable,
  { clock, seconds = VIEWER_TOKEN_SECONDS }: { clock: () => Date; seconds?: number },
): ViewerTokens {
  let secret: Promise<Buffer> | undefined;
  const key = () => {
    secret ??= serverSecret(db, SECRET_NAME, randomBytes(32).toString('base64url')).then(
      (value) => Buffer.from(value, 'base64url'),
      (error: unknown) => {
        secret = undefined;
        throw error;
      },
    );
    return secret;
  };
  const sign = async (payload: string) =>
    createHmac('sha256', await key())
      .update(payload)
      .digest('base64url');

  return {
    async issue(studyInstanceUid, audience) {
      const now = clock();
      const expires = Math.floor(now.getTime() / 1000) + seconds;
      const payload = Buffer.from(
        JSON.stringify({ v: 1, s: studyInstanceUid, e: expires, a: audience }),
      ).toString('base64url');
      return {
        token: `${payload}.${await sign(payload)}`,
        tokenType: 'Bearer',
        expiresAt: new Date(expires * 1000).toISOString(),
        expiresIn: seconds,
        studyInstanceUid,
        dicomWebRoot: DICOMWEB_ROOT,
      };
    },
    async verify(token) {
      if (!token || !TOKEN_PATTERN.test(token)) return undefined;
      const [payload = '', signature = ''] = token.split('.');
      const expected = Buffer.from(await sign(payload), 'base64url');
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      let claims: { v?: unknown; s?: unknown; e?: unknown; a?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
      } catch {
        return undefined;
      }
      if (claims.v !== 1 || typeof claims.s !== 'string' || typeof claims.e !== 'number')
        return undefined;
      if (claims.e * 1000 <= clock().getTime()) return undefined;
      return {
        studyInstanceUid: claims.s,
        audience: typeof claims.a === 'string' ? claims.a : '',
        expiresAt: new Date(claims.e * 1000),
      };
    },
  };
}
