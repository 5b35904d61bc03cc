/**
 * What the outcomes of a booking key's stored answers forbid at booking
 * (spec 3 "Outcome"; R-4-quest-03..10): a denial, a booking that must be a
 * booking request, a slot before the restricted date, or a booking form
 * without the Medicare number or validation code an answer requires. The
 * booking service asks `assertBookingAllowed` before it books; the slot
 * lists leave out the days before the restricted date.
 */
import { keyRef, type KeyRef } from '../db/secrets.js';
import type { ClinicSlots } from '../../src/contract/booking.js';
import type { OutcomeType } from '../../src/contract/questionnaire.js';
import type { Queryable } from '../db/db.js';
import { ApiError } from '../http/errors.js';
import { zonedDate } from '../../src/domain/time/zoned-time.js';
import { DEFAULT_DENIAL, keyOutcome } from './questionnaire-outcomes.js';

export const BOOKING_REFUSING_OUTCOMES: readonly OutcomeType[] = [
  'DENY_BOOKING',
  'CREATE_BOOKING_REQUEST',
  'RESTRICT_MIN_DATE',
];

/**
 * Refuses an appointment the key's stored answers rule out: a denial (403
 * with the outcome's message key), an answer that makes it a booking request
 * (403 message.questionnaire_booking_request_required), or a slot before the
 * restricted date (409 message.questionnaire_date_restricted), or a booking
 * form without the Medicare number or validation code an answer requires
 * (400 message.validation_error with fields).
 */
export async function assertBookingAllowed(
  q: Queryable,
  bookingKey: KeyRef,
  slot: {
    examSlug: string;
    startMs: number;
    timeZone: string;
    patient?: { medicareNumber?: string | undefined; validationCode?: string | undefined };
  },
): Promise<void> {
  const outcome = await keyOutcome(q, bookingKey, { examSlugs: [slot.examSlug] });
  if (!outcome.success) {
    throw new ApiError(403, outcome.message ?? DEFAULT_DENIAL, 'denied by a questionnaire answer');
  }
  if (outcome.createBookingRequest) {
    throw new ApiError(
      403,
      'message.questionnaire_booking_request_required',
      'booking request required',
    );
  }
  if (
    outcome.restrictMinDate !== null &&
    zonedDate(slot.startMs, slot.timeZone) < outcome.restrictMinDate
  ) {
    throw new ApiError(
      409,
      'message.questionnaire_date_restricted',
      `not before ${outcome.restrictMinDate}`,
    );
  }
  // REQUIRE_MEDICARE_NUMBER / REQUIRE_VALIDATION_CODE: the booking form must carry them.
  const missing: Record<string, string> = {};
  if (outcome.medicareNumberRequired && !slot.patient?.medicareNumber?.trim()) {
    missing.medicareNumber = 'form.required';
  }
  if (outcome.validationCodeRequired && !slot.patient?.validationCode?.trim()) {
    missing.validationCode = 'form.required';
  }
  if (Object.keys(missing).length > 0) {
    throw new ApiError(
      400,
      'message.validation_error',
      'required by a questionnaire answer',
      missing,
    );
  }
}

/** The earliest clinic-local date the key's answers allow (RESTRICT_MIN_DATE), or null. */
export async function restrictedMinDate(
  q: Queryable,
  bookingKey: string | undefined,
): Promise<string | null> {
  if (!bookingKey) return null;
  return (await keyOutcome(q, keyRef(bookingKey))).restrictMinDate;
}

/**
 * Slot lists without the days before the key's restricted date. A slot's
 * startDateTime carries its clinic's offset, so its first ten characters are
 * the clinic-local date.
 */
export async function withoutRestrictedDays(
  q: Queryable,
  bookingKey: string | undefined,
  clinics: ClinicSlots[],
): Promise<ClinicSlots[]> {
  const minDate = await restrictedMinDate(q, bookingKey);
  if (minDate === null) return clinics;
  return clinics.map((clinic) => ({
    ...clinic,
    slots: clinic.slots.filter((slot) => slot.startDateTime.slice(0, 10) >= minDate),
  }));
}
