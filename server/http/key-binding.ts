/**
 * A booking key belongs to the browser it was issued to (docs/security.md
 * "A booking key alone"). The key travels in e-mail links; the browser's own
 * secret never does: it is an HttpOnly cookie, and the key's row holds only
 * its SHA-256. Booking with a key, holding slots, uploading, answering or
 * moving it needs that cookie; anyone else is told the key is invalid, as
 * for a key never issued. The way into an existing booking is always the
 * date of birth and a code.
 */
import { randomBytes } from 'node:crypto';
import { keyRef, secretHash } from '../db/secrets.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findBookingKey } from '../db/booking-keys.repo.js';
import type { Queryable } from '../db/db.js';
import { SESSION_COOKIE_OPTIONS } from '../services/session.service.js';
import { ApiError } from './errors.js';

export const BROWSER_COOKIE = '__Host-imaging_browser';

/** A day: long enough for a booking, rotating keys and a second exam; renewed at each key. */
const BROWSER_COOKIE_OPTIONS = { ...SESSION_COOKIE_OPTIONS, maxAge: 24 * 60 * 60 } as const;

function tokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[BROWSER_COOKIE];
  return token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/** The SHA-256 of the caller's browser secret, or null when it has none. */
export function browserHash(request: FastifyRequest): string | null {
  const token = tokenOf(request);
  return token ? secretHash(token) : null;
}

/** The caller's browser secret (set now when it has none, renewed otherwise), as its hash. */
export function ensureBrowser(request: FastifyRequest, reply: FastifyReply): string {
  const token = tokenOf(request) ?? randomBytes(32).toString('base64url');
  void reply.setCookie(BROWSER_COOKIE, token, BROWSER_COOKIE_OPTIONS);
  return secretHash(token);
}

function keyNotYours(): ApiError {
  return new ApiError(404, 'message.booking_key_invalid', 'booking key not issued to this browser');
}

/** Whether the key was issued to the calling browser. */
export async function isKeyOfBrowser(
  q: Queryable,
  request: FastifyRequest,
  bookingKey: string,
): Promise<boolean> {
  const caller = browserHash(request);
  const key = caller ? await findBookingKey(q, keyRef(bookingKey)) : undefined;
  return key !== undefined && key.browserHash === caller;
}

/**
 * Refuses a key not issued to the calling browser exactly as the route
 * refuses a key never issued (`refusal`, by default 404
 * message.booking_key_invalid), so the answer reveals nothing.
 */
export async function assertKeyOfBrowser(
  q: Queryable,
  request: FastifyRequest,
  bookingKey: string,
  refusal: () => ApiError = keyNotYours,
): Promise<void> {
  if (!(await isKeyOfBrowser(q, request, bookingKey))) throw refusal();
}

/** What booking routes answer for a key never issued: 409 message.booking_key_invalid. */
export function keyInvalidConflict(): ApiError {
  return new ApiError(409, 'message.booking_key_invalid', 'booking key not issued');
}
