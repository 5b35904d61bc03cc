/**
 * The secured area (spec 6): every /api/secured route needs a live session,
 * and a patient session may touch only the booking it authenticated for.
 * Answers there are never cached and never leak the URL (which names a
 * booking) through the Referer header.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.js';
import { keyRef, type KeyRef } from '../db/secrets.js';
import type { LiveSession, SessionService } from '../services/session.service.js';
import { SESSION_COOKIE } from '../services/session.service.js';
import { ApiError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the secured area's hook on /api/secured requests. */
    securedSession?: LiveSession;
  }
}

export const SECURED_PREFIX = '/api/secured/';

/** Installs the hook: 401 without a live session; no-store and no-referrer on every answer. */
export function installSecuredArea(app: FastifyInstance, sessions: SessionService): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(SECURED_PREFIX)) return;
    void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const session = await sessions.read(request.cookies[SESSION_COOKIE]);
    if (!session) throw new ApiError(401, 'message.unauthorized');
    request.securedSession = session;
  });
}

/** The session of a secured request (the hook has checked it). */
export function securedSession(request: FastifyRequest): LiveSession {
  const session = request.securedSession;
  if (!session) throw new ApiError(401, 'message.unauthorized');
  return session;
}

export interface OwnedAppointment {
  id: number;
  slug: string;
  bookingKey: KeyRef;
}

export interface OwnedBookingRequest {
  id: number;
  slug: string;
  bookingKey: KeyRef;
}

/**
 * The appointment a secured route names by its slug (or, where the path
 * carries one, its booking key), when the request's session holds its
 * booking key. Unknown and foreign bookings both answer 403, so the answer
 * never tells whether a booking exists.
 */
export async function requireAppointment(
  db: Queryable,
  request: FastifyRequest,
  ref: { slug: string } | { bookingKey: string },
): Promise<OwnedAppointment> {
  const session = securedSession(request);
  const { rows } = await db.query<OwnedAppointment>(
    'slug' in ref
      ? `SELECT id, coalesce(slug, booking_key) AS slug, booking_key AS "bookingKey"
         FROM appointments WHERE slug = $1`
      : `SELECT id, coalesce(slug, booking_key) AS slug, booking_key AS "bookingKey"
         FROM appointments WHERE booking_key = $1 ORDER BY lower(during), id LIMIT 1`,
    ['slug' in ref ? ref.slug : keyRef(ref.bookingKey)],
  );
  const appointment = rows[0];
  if (
    !appointment ||
    session.bookingKind !== 'appointment' ||
    session.bookingKey !== appointment.bookingKey
  )
    throw new ApiError(403, 'message.forbidden');
  return appointment;
}

/** The booking request a secured route names, when the session holds its key (else 403). */
export async function requireBookingRequest(
  db: Queryable,
  request: FastifyRequest,
  ref: { slug: string } | { bookingKey: string },
): Promise<OwnedBookingRequest> {
  const session = securedSession(request);
  const { rows } = await db.query<OwnedBookingRequest>(
    `SELECT id, slug, booking_key AS "bookingKey" FROM booking_requests
     WHERE ${'slug' in ref ? 'slug' : 'booking_key'} = $1`,
    ['slug' in ref ? ref.slug : keyRef(ref.bookingKey)],
  );
  const bookingRequest = rows[0];
  if (
    !bookingRequest ||
    session.bookingKind !== 'booking_request' ||
    session.bookingKey !== bookingRequest.bookingKey
  )
    throw new ApiError(403, 'message.forbidden');
  return bookingRequest;
}
