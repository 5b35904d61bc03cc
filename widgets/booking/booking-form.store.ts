/**
 * The booking form and the creation of the booking (spec 4 "Creating
 * bookings", spec 8): values kept across steps and errors, the booking
 * key (a failure is retried once with a new key, R-8-23), appointments or
 * a booking request, the slot conflict (R-4-slots-07..09, R-8-22) and the
 * confirmation.
 */
import { atom, map } from 'nanostores';
import type {
  AppointmentResponse,
  BookingRequestResponse,
  Exam,
} from '../../src/api/booking.contract';
import { createAppointment, createBookingKey, createBookingRequest } from '../../src/api/booking';
import { GENERAL_ERROR_KEY, toApiError } from '../../src/api/errors';
import {
  appointmentOutcome,
  bookingKindOf,
  splitRequestItems,
  type CallResult,
  type RequestItem,
} from '../../src/domain/booking/booking-split';
import {
  emptyBookingForm,
  firstInvalidField,
  toPatientDetails,
  validateBookingForm,
  type BookingField,
  type BookingFormValues,
  type FieldErrors,
} from '../../src/domain/booking/form-validation';
import { $user } from '../../src/stores/user.store';
import { $booking, goToStep, navigateOutside, startOver } from './booking.store';
import { $selectedExams } from './catalogue.store';
import { $selectedClinic } from './clinics.store';
import { reloadSlots } from './slots.store';
import type { BookingClinic } from '../../src/api/booking.contract';

export const $bookingForm = map<BookingFormValues>(emptyBookingForm());
export const $formErrors = atom<FieldErrors>({});
/** A message for the booking-request form (CreateBookingRequestRequest.note). */
export const $requestNote = atom('');

export type Submission =
  | { state: 'idle' | 'submitting' }
  /** R-4-slots-07: the slot was taken; a static error modal is open. */
  | { state: 'conflict' }
  | { state: 'failed'; messageKey: string };

export const $submission = atom<Submission>({ state: 'idle' });

export interface CreatedBooking {
  kind: 'appointment' | 'booking-request';
  bookingKey: string;
  exams: Exam[];
  clinic: BookingClinic | null;
  appointments: AppointmentResponse[];
  bookingRequest: BookingRequestResponse | null;
  /** Shown in the confirmation ("sent to …"). */
  email: string;
}

/** The booking just made, shown at once on the confirmation step. */
export const $created = atom<CreatedBooking | null>(null);

export function setField(field: BookingField, value: string): void {
  $bookingForm.setKey(field, value);
  const errors = $formErrors.get();
  if (errors[field]) {
    const rest = { ...errors };
    delete rest[field];
    $formErrors.set(rest);
  }
}

/** The patient's calendar date on their device. */
export function deviceToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** R-8-23: a failed booking-key call is tried once more. */
async function newBookingKey(): Promise<string> {
  try {
    return await createBookingKey();
  } catch {
    return createBookingKey();
  }
}

function isSlotConflict(result: CallResult<unknown>): boolean {
  return !result.ok && result.messageKey === 'message.slot_conflict';
}

async function settle<T>(call: () => Promise<T>): Promise<CallResult<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const apiError = toApiError(error);
    // A 409 is a slot conflict unless the server names another cause (message.booking_key_used: a new key helps).
    const unnamed = apiError.messageKey === GENERAL_ERROR_KEY;
    return {
      ok: false,
      messageKey:
        apiError.status === 409 && unnamed ? 'message.slot_conflict' : apiError.messageKey,
    };
  }
}

export type SubmitResult = { ok: true } | { ok: false; firstInvalid?: BookingField };

/** Validates, then creates the appointments or the booking request. Values are kept on any failure. */
export async function submitBooking(today: string = deviceToday()): Promise<SubmitResult> {
  if ($submission.get().state === 'submitting') return { ok: false };
  const values = $bookingForm.get();
  const errors = validateBookingForm(values, today);
  $formErrors.set(errors);
  const firstInvalid = firstInvalidField(errors);
  if (firstInvalid) return { ok: false, firstInvalid };

  const { params } = $booking.get();
  const exams = $selectedExams.get();
  const items: RequestItem[] = params.examSlugs.map((examSlug, index) => ({
    examSlug,
    slot: params.slots[index] ?? null,
    isEnquiry: exams.find((exam) => exam.slug === examSlug)?.enquiryOnly ?? false,
  }));
  const split = splitRequestItems(items);
  const kind = bookingKindOf(split);
  if (!kind) return { ok: false };

  $submission.set({ state: 'submitting' });
  const patient = toPatientDetails(values);
  const clinicId = params.selectedClinic;
  try {
    let bookingKey = params.bookingKey ?? (await newBookingKey());
    if (kind === 'booking-request') {
      const result = await settle(() =>
        createBookingRequest({
          bookingKey,
          examSlugs: split.bookingRequests.map((item) => item.examSlug),
          clinicId,
          patient,
          ...($requestNote.get().trim() ? { note: $requestNote.get().trim() } : {}),
        }),
      );
      if (!result.ok || !result.value.success) {
        const messageKey = result.ok
          ? (result.value.errorMessage ?? 'message.error_general')
          : result.messageKey;
        $submission.set({ state: 'failed', messageKey });
        // R-4-create-11: a failed booking request goes to the deny page with the outcome message.
        navigateOutside('/deny', `?customMessage=${encodeURIComponent(messageKey)}`);
        return { ok: false };
      }
      finish({
        kind,
        bookingKey,
        bookingRequest: result.value,
        appointments: [],
        email: patient.email,
      });
      return { ok: true };
    }

    const createAll = (key: string) =>
      Promise.all(
        split.appointments.map((item) =>
          settle(() =>
            createAppointment({
              bookingKey: key,
              examSlug: item.examSlug,
              clinicId: clinicId ?? 0,
              deviceId: item.slot.deviceId,
              startDateTime: item.slot.startTime,
              patient,
            }),
          ),
        ),
      );
    const options = { loggedIn: $user.value != null, failWhenAllHaveErrors: false };
    let results = await createAll(bookingKey);
    let outcome = appointmentOutcome(results, options);
    if (!outcome.ok && !results.some(isSlotConflict)) {
      // R-4-create-08, R-8-23: every call failed; once more with a new booking key.
      bookingKey = await newBookingKey();
      results = await createAll(bookingKey);
      outcome = appointmentOutcome(results, options);
    }
    if (!outcome.ok) {
      $submission.set(
        results.some(isSlotConflict)
          ? { state: 'conflict' }
          : { state: 'failed', messageKey: outcome.messageKey },
      );
      return { ok: false };
    }
    finish({
      kind,
      bookingKey,
      appointments: outcome.values,
      bookingRequest: null,
      email: patient.email,
    });
    return { ok: true };
  } catch (error) {
    $submission.set({ state: 'failed', messageKey: toApiError(error).messageKey });
    return { ok: false };
  }
}

function finish(result: Omit<CreatedBooking, 'exams' | 'clinic'>): void {
  $created.set({ ...result, exams: $selectedExams.get(), clinic: $selectedClinic.get() });
  $submission.set({ state: 'idle' });
  goToStep(
    'confirmation',
    { bookingKey: result.bookingKey },
    { bookingKey: result.bookingKey, kind: result.kind },
  );
}

/**
 * R-4-slots-08/09, R-8-22: after the slot-conflict modal, back to the
 * slots without startTime, endTime and deviceId, and the slots reload.
 */
export function acknowledgeSlotConflict(): void {
  $submission.set({ state: 'idle' });
  goToStep('slots', { slots: [] }, { replace: true });
  reloadSlots();
}

export function dismissSubmissionError(): void {
  $submission.set({ state: 'idle' });
}

/** "Book another scan": nothing of the last patient stays on screen (a kiosk serves the next one). */
export function resetBooking(): void {
  $created.set(null);
  $bookingForm.set(emptyBookingForm());
  $formErrors.set({});
  $requestNote.set('');
  $submission.set({ state: 'idle' });
  startOver();
}
