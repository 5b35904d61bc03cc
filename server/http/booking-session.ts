/**
 * A patient who has just booked holds that booking at once (issue 6): the
 * confirmation page (/appointments/{key}, /booking-requests/{key}) is a
 * secured page, and asking for the date of birth and a code right after
 * booking would help nobody. A staff session (staffBooking) is kept: staff
 * book for patients and must not be logged out by it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BookingKind } from '../db/sessions.repo.js';
import {
  SESSION_COOKIE,
  SESSION_COOKIE_OPTIONS,
  type LiveSession,
  type SessionService,
} from '../services/session.service.js';

/** The caller's live session on a public route (the secured area's hook does not run there). */
export async function optionalSession(
  sessions: SessionService,
  request: FastifyRequest,
): Promise<LiveSession | undefined> {
  return sessions.read(request.cookies[SESSION_COOKIE]);
}

/** The booking key a public request's patient session holds, or null. */
export async function heldAppointmentKey(
  sessions: SessionService,
  request: FastifyRequest,
): Promise<string | null> {
  const session = await optionalSession(sessions, request);
  return session?.kind === 'patient' && session.bookingKind === 'appointment'
    ? session.bookingKey
    : null;
}

/** Sets a new patient session for the booking (a fresh id; the old one ends), unless staff is logged in. */
export async function grantBookingSession(
  sessions: SessionService,
  request: FastifyRequest,
  reply: FastifyReply,
  booking: { key: string; kind: BookingKind },
): Promise<void> {
  const current = await optionalSession(sessions, request);
  if (current?.kind === 'staff') return;
  const token = await sessions.create(
    { kind: 'patient', user: null, roleTranslations: null, booking },
    request.cookies[SESSION_COOKIE],
  );
  void reply.setCookie(SESSION_COOKIE, token, SESSION_COOKIE_OPTIONS);
}
