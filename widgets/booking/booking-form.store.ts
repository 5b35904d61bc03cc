/**
 * The booking form and the creation of the booking (spec 4 "Creating
 * bookings", spec 8): values kept across steps and errors, the fields an
 * outcome requires (R-4-quest-05), the booking key (a failed key call is
 * tried once more, R-8-23; a failed booking gets a new key, the old key's
 * documents and answers move to it, R-4-create-08/09), appointments
 * (pending ones too, R-2.1-24) or a booking request, the slot conflict
 * (R-4-slots-07..09, R-8-22), progress step 3 (R-4-create-03) and the
 * confirmation.
 */
import { atom } from 'nanostores';
import { $bookingForm, $submission } from './form-state.store';
import {
  createAppointment,
  createBookingRequest,
  createPendingAppointment,
  sendPendingNotifications,
  updateBookingKey,
} from '../../src/api/booking';
import { toApiError } from '../../src/api/errors';
import {
  appointmentOutcome,
  bookingKeyState,
  bookingKindOf,
  movesKeyData,
  splitRequestItems,
  type RequestItem,
} from '../../src/domain/booking/booking-split';
import {
  emptyBookingForm,
  firstInvalidField,
  toPatientDetails,
  validateBookingForm,
  type BookingField,
  type FieldErrors,
} from '../../src/domain/booking/form-validation';
import { CREATING_APPOINTMENTS_STEP } from '../../src/domain/booking/progress';
import { $user } from '../../src/stores/user.store';
import { $pendingAppointments, $requiredFields } from './booking-options.store';
import {
  $booking,
  $created,
  goToStep,
  navigateOutside,
  startOver,
  updateParams,
  type CreatedBooking,
} from './booking.store';
import { $selectedExams } from './catalogue.store';
import { $selectedClinic } from './clinics.store';
import { isBookingRequestFlow } from './flow.store';
import { clearHold, moveHolds } from './hold.store';
import { requestProgress } from './progress.store';
import { reloadSlots } from './slots.store';
import { $acceptedWalkIns } from './walk-in.store';
import {
  outcomeInsuranceTypeId,
  replacedAppointment,
  rescheduleOf,
} from '../../src/domain/booking/creation-params';
import { getAppointmentSummary } from '../../src/api/appointments';
import { failures, isSlotConflict, newBookingKey, settle, type Settled } from './booking-calls';

export { $created, type CreatedBooking } from './booking.store';
export { $bookingForm, $submission, type Submission } from './form-state.store';

export const $formErrors = atom<FieldErrors>({});
/** A message for the booking-request form (CreateBookingRequestRequest.note). */
export const $requestNote = atom('');

/**
 * A patient moving an appointment (reschedule or change, from its page, so
 * with a session for it) does not type their details again: the form
 * starts with the moved appointment's, and a field the patient has typed
 * into is never overwritten (issue 13). Without the key or a session it
 * does nothing: the patient fills the form as for a new booking.
 */
export async function prefillFromMovedAppointment(): Promise<void> {
  const { params } = $booking.get();
  const moved = replacedAppointment(params);
  if (!moved.appointmentSlug || !moved.previousBookingKey) return;
  let details;
  try {
    const summary = await getAppointmentSummary(moved.previousBookingKey);
    details = summary.appointments.find((a) => a.slug === moved.appointmentSlug)?.patientDetails;
  } catch {
    return;
  }
  if (!details) return;
  const known: Partial<Record<BookingField, string | null>> = {
    firstName: details.firstName,
    lastName: details.lastName,
    dateOfBirth: details.dateOfBirth,
    email: details.email,
    contactNumber: details.contactNumber,
    postalCode: details.postalCode,
    medicareNumber: details.medicareNumber,
  };
  const current = $bookingForm.get();
  for (const [field, value] of Object.entries(known) as [BookingField, string | null][])
    if (value && !current[field]) $bookingForm.setKey(field, value);
}

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

export type SubmitResult = { ok: true } | { ok: false; firstInvalid?: BookingField };

/** A 400 message.validation_error with field errors: shown at the fields, focus on the first. */
function showFieldErrors(results: readonly Settled<unknown>[]): BookingField | undefined {
  const fields = results.find((result) => !result.ok && result.fields)?.fields;
  if (!fields) return undefined;
  $formErrors.set(fields);
  return firstInvalidField(fields);
}

/** Validates, then creates the appointments or the booking request. Values are kept on any failure. */
export async function submitBooking(today: string = deviceToday()): Promise<SubmitResult> {
  if ($submission.get().state === 'submitting') return { ok: false };
  const values = $bookingForm.get();
  const required = $requiredFields.get();
  const errors = validateBookingForm(values, today, required);
  $formErrors.set(errors);
  const firstInvalid = firstInvalidField(errors);
  if (firstInvalid) return { ok: false, firstInvalid };

  const { params } = $booking.get();
  const exams = $selectedExams.get();
  const items: RequestItem[] = params.examSlugs.map((examSlug, index) => ({
    examSlug,
    slot: params.slots[index] ?? null,
    isEnquiry:
      isBookingRequestFlow(params) ||
      (exams.find((exam) => exam.slug === examSlug)?.enquiryOnly ?? false),
  }));
  const split = splitRequestItems(items);
  const kind = bookingKindOf(split);
  if (!kind) return { ok: false };

  $submission.set({ state: 'submitting' });
  const patient = toPatientDetails(values, required);
  const clinicId = params.selectedClinic;
  const insuranceTypeId = outcomeInsuranceTypeId(params.extra);
  const insuranceType = insuranceTypeId === null ? {} : { insuranceTypeId };
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
          ...insuranceType,
        }),
      );
      const invalid = showFieldErrors([result]);
      if (invalid) {
        $submission.set({ state: 'idle' });
        return { ok: false, firstInvalid: invalid };
      }
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
        pending: false,
        bookingRequest: result.value,
        appointments: [],
        email: patient.email,
      });
      return { ok: true };
    }

    // R-4-create-03: creating appointments is progress step 3.
    requestProgress(CREATING_APPOINTMENTS_STEP);
    const pending = $pendingAppointments.get();
    const walkInExams = $acceptedWalkIns.get().map((walkIn) => walkIn.name);
    const create = pending ? createPendingAppointment : createAppointment;
    const createAll = (key: string) =>
      Promise.all(
        split.appointments.map((item, index) =>
          settle(() =>
            create({
              bookingKey: key,
              examSlug: item.examSlug,
              clinicId: clinicId ?? 0,
              deviceId: item.slot.deviceId,
              startDateTime: item.slot.startTime,
              patient,
              ...insuranceType,
              // Reschedule or change (R-4-status-04): the first new appointment replaces the old one.
              ...(index === 0 ? replacedAppointment(params) : {}),
              // Spec 4 "Walk-in": the walk-ins go with the first visit, told in its e-mail.
              ...(index === 0 && walkInExams.length > 0 ? { walkInExams } : {}),
            }),
          ),
        ),
      );
    const options = { loggedIn: $user.value != null, failWhenAllHaveErrors: false };
    let results = await createAll(bookingKey);
    let outcome = appointmentOutcome(results, options);
    let invalid = showFieldErrors(results);
    if (!outcome.ok && !invalid && !results.some(isSlotConflict)) {
      // R-4-create-08, R-8-23: every call failed; once more with a new booking key.
      const oldKey = bookingKey;
      bookingKey = await newBookingKey();
      updateParams({ bookingKey });
      // R-4-create-09: the old key's documents and answers follow, while it was only issued.
      if (movesKeyData(oldKey, bookingKeyState(failures(results)))) {
        await updateBookingKey({ oldBookingKey: oldKey, newBookingKey: bookingKey }).catch(
          (error: unknown) => console.warn('Booking key update failed.', error),
        );
      }
      if (!(await moveHolds(oldKey, bookingKey))) {
        $submission.set({ state: 'conflict' });
        return { ok: false };
      }
      results = await createAll(bookingKey);
      outcome = appointmentOutcome(results, options);
      invalid = showFieldErrors(results);
    }
    if (invalid) {
      $submission.set({ state: 'idle' });
      return { ok: false, firstInvalid: invalid };
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
      pending,
      appointments: outcome.values,
      bookingRequest: null,
      email: patient.email,
      rescheduledFrom: rescheduleOf(params)?.from ?? null,
      walkIns: $acceptedWalkIns.get(),
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
  clearHold();
  goToStep(
    'confirmation',
    { bookingKey: result.bookingKey },
    { bookingKey: result.bookingKey, kind: result.kind, pending: result.pending },
  );
}

/**
 * R-4-create-10, R-2.1-24: the notification step of pending appointments —
 * their e-mails are queued (e.g. once the confirmation questionnaires are done).
 */
export async function sendPendingAppointmentNotifications(bookingKey: string): Promise<boolean> {
  try {
    await sendPendingNotifications(bookingKey);
    return true;
  } catch {
    return false;
  }
}

/**
 * R-4-slots-08/09, R-8-22: after the slot-conflict modal, back to the
 * slots without startTime, endTime and deviceId, and the slots reload.
 */
export function acknowledgeSlotConflict(): void {
  $submission.set({ state: 'idle' });
  clearHold();
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
  clearHold();
  startOver();
}
