/**
 * Spec 4 "Creating bookings": which chosen exams become appointments and
 * which become booking requests (R-4-create-01..04), and whether a set of
 * appointment responses counts as a failure (R-4-create-05..07).
 */
import type { SlotChoice } from './flow-params';

/** Spec 3 "Request item": the request's exam, its slot and whether it is an enquiry. */
export interface RequestItem {
  examSlug: string;
  slot: SlotChoice | null;
  isEnquiry: boolean;
}

export interface SplitItems {
  appointments: (RequestItem & { slot: SlotChoice })[];
  bookingRequests: RequestItem[];
}

/**
 * R-4-create-01/02: items with a slot that are not enquiries are
 * appointments; enquiries are booking requests. An enquiry-only exam has no
 * slot in this API (it is never bookable online), so an enquiry needs none.
 */
export function splitRequestItems(items: readonly RequestItem[]): SplitItems {
  return {
    appointments: items.filter(
      (item): item is RequestItem & { slot: SlotChoice } => !item.isEnquiry && item.slot !== null,
    ),
    bookingRequests: items.filter((item) => item.isEnquiry),
  };
}

/** R-4-create-03/04: appointments when there are any, otherwise booking requests. */
export function bookingKindOf(split: SplitItems): 'appointment' | 'booking-request' | null {
  if (split.appointments.length > 0) return 'appointment';
  if (split.bookingRequests.length > 0) return 'booking-request';
  return null;
}

export type CallResult<T> = { ok: true; value: T } | { ok: false; messageKey: string };

export interface OutcomeOptions {
  /** A logged-in user (staff) is booking. */
  loggedIn: boolean;
  /** R-4-create-06's setting: for a logged-in user, responses that all carry an error message fail. */
  failWhenAllHaveErrors: boolean;
}

export type AppointmentOutcome<T> = { ok: true; values: T[] } | { ok: false; messageKey: string };

/**
 * R-4-create-05..07: the result fails with the first error message when
 * every call failed, or when a logged-in user books, the setting holds and
 * every response carries an error message; otherwise it succeeds.
 */
export function appointmentOutcome<T extends { errorMessage: string | null }>(
  results: readonly CallResult<T>[],
  options: OutcomeOptions,
): AppointmentOutcome<T> {
  const firstError = (): string => {
    for (const result of results) {
      if (!result.ok) return result.messageKey;
      if (result.value.errorMessage) return result.value.errorMessage;
    }
    return 'message.error_general';
  };
  const values = results.flatMap((result) => (result.ok ? [result.value] : []));
  if (values.length === 0) return { ok: false, messageKey: firstError() };
  if (options.loggedIn && options.failWhenAllHaveErrors && values.length === results.length) {
    if (values.every((value) => value.errorMessage)) return { ok: false, messageKey: firstError() };
  }
  return { ok: true, values };
}

/**
 * What a failed creation says about its booking key (R-4-create-09): the
 * server refused it as used (a booking was made with it) or as never
 * issued; otherwise the key is still only issued to this flow.
 */
export type BookingKeyState = 'issued' | 'used' | 'invalid';

export function bookingKeyState(failures: readonly string[]): BookingKeyState {
  if (failures.includes('message.booking_key_used')) return 'used';
  if (failures.includes('message.booking_key_invalid')) return 'invalid';
  return 'issued';
}

/**
 * R-4-create-08/09: on failure a new key is fetched; the temporary
 * documents and questionnaire answers move from the old key to the new one
 * only while the old key is merely issued — a used key's data belongs to
 * the booking made with it, and a key never issued has none.
 */
export function movesKeyData(oldKey: string | null, state: BookingKeyState): boolean {
  return oldKey !== null && state === 'issued';
}
