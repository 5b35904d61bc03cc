/**
 * A patient who has just booked holds that booking at once (spec 4 "Creating bookings"): the
 * confirmation page (/appointments/{key}, /booking-requests/{key}) is a
 * secured page, and asking for the date of birth and a code right after
 * booking would help nobody. A staff session (staffBooking) is kept: staff
 * book for patients and must not be logged out by it.
 */
import { keyRef, type KeyRef } from '../db/secrets.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BookingKind } from '../db/sessions.repo.js';
import {
  SESSION_COOKIE,
  SESSION_COOKIE_OPTIONS,
  type SessionService,
} from '../services/session.service.js';

/** Sets a new patient session for the booking: a fresh id, and the caller's old session ends. */
export async function startPatientSession(
  sessions: SessionService,
  request: FastifyRequest,
  reply: FastifyReply,
  booking: { key: string; kind: BookingKind },
): Promise<void> {
  const token = await sessions.create(
    {
      kind: 'patient',
      user: null,
      roleTranslations: null,
      booking: { key: keyRef(booking.key), kind: booking.kind },
    },
    request.cookies[SESSION_COOKIE],
  );
  void reply.setCookie(SESSION_COOKIE, token, SESSION_COOKIE_OPTIONS);
}

/**
 * Creates a booking on a public route and gives the caller a session for it
 * (unless staff is logged in). The caller's session is read once: `create`
 * gets the appointment key it holds (a reschedule may replace only that
 * booking's appointment), or null.
 */
export async function bookAsHolder<T extends { bookingKey: string }>(
  sessions: SessionService,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: BookingKind,
  create: (holderKey: KeyRef | null) => Promise<T>,
): Promise<T> {
  const current = await sessions.read(request.cookies[SESSION_COOKIE]);
  const holderKey =
    current?.kind === 'patient' && current.bookingKind === 'appointment'
      ? current.bookingKey
      : null;
  const created = await create(holderKey);
  if (current?.kind !== 'staff')
    await startPatientSession(sessions, request, reply, { key: created.bookingKey, kind });
  return created;
}
