/**
 * What creating appointments and booking requests share: booking-key claims,
 * the e-mail hash, slugs, and the mapping of database refusals to 409s.
 */
import { type KeyRef } from '../db/secrets.js';
import { createHash, randomBytes } from 'node:crypto';
import { SLOT_TAKEN } from '../db/appointments.repo.js';
import type { BookingClinicRow } from '../db/booking-catalogue.repo.js';
import { claimBookingKey } from '../db/booking.repo.js';
import { BOOKING_STATES } from '../db/book-appointment.repo.js';
import { sqlState, type Queryable } from '../db/db.js';
import type { IdempotentAnswer } from '../db/idempotency.repo.js';
import { ApiError } from '../http/errors.js';

const UNIQUE_VIOLATION = '23505';
/**
 * PostgreSQL: two concurrent inserts that conflict under an exclusion
 * constraint can each wait for the other's index entry; one is then aborted
 * as a deadlock (after deadlock_timeout, 1 s by default).
 */
const DEADLOCK = '40P01';
const DEADLOCK_ATTEMPTS = 3;
/**
 * Stores a booking's answer inside the booking's own transaction, so that a
 * retry of the same request (Idempotency-Key) finds it exactly when the
 * booking exists (http/idempotency.ts).
 */
export interface Remember {
  /** The answer to store for `response` (book_appointment stores it, or storeIdempotentAnswer). */
  answer(response: object): IdempotentAnswer;
}

/** Appointments created this long after a key's first use no longer join its booking. */
export const KEY_GROUP_SECONDS = 15 * 60;

/** sha256 hex of the trimmed, lower-cased e-mail (spec 3 patientEmailHash, R-7-calls-59). */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** Public identifier of an appointment or booking request: 72 random bits. */
export function newSlug(): string {
  return randomBytes(9).toString('base64url');
}

export function clinicAddress(
  clinic: Pick<BookingClinicRow, 'address' | 'suburb' | 'state' | 'postalCode'>,
): string {
  return `${clinic.address}, ${clinic.suburb} ${clinic.state} ${clinic.postalCode}`;
}

/**
 * Claims the key inside the transaction: 409 when it was used (by a booking
 * request, or for appointments more than KEY_GROUP_SECONDS ago) or never issued.
 */
export async function claimKey(
  tx: Queryable,
  bookingKey: KeyRef,
  usedFor: 'appointment' | 'booking_request',
): Promise<void> {
  const claim = await claimBookingKey(tx, bookingKey, usedFor, KEY_GROUP_SECONDS);
  if (claim === 'used') throw new ApiError(409, 'message.booking_key_used', 'booking key used');
  if (claim === 'unknown') {
    throw new ApiError(409, 'message.booking_key_invalid', 'booking key not issued');
  }
}

/** Runs a booking transaction again when it lost a deadlock: the retry sees the winner committed. */
export async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (sqlState(error) !== DEADLOCK || attempt >= DEADLOCK_ATTEMPTS) throw error;
    }
  }
}

/** Database refusals of a booking as the API's 409s (23505: the exam is already booked with that key). */
export function asConflict(error: unknown): unknown {
  const state = sqlState(error);
  // book_appointment's own refusals (039_book_appointment.sql).
  if (state === BOOKING_STATES.keyUsed) {
    return new ApiError(409, 'message.booking_key_used', 'booking key used');
  }
  if (state === BOOKING_STATES.keyUnknown) {
    return new ApiError(409, 'message.booking_key_invalid', 'booking key not issued');
  }
  if (state === SLOT_TAKEN || state === DEADLOCK || state === BOOKING_STATES.heldByOther) {
    return new ApiError(409, 'message.slot_conflict', 'slot taken');
  }
  if (state === UNIQUE_VIOLATION) {
    return new ApiError(409, 'message.booking_key_used', 'booking key used');
  }
  return error;
}
