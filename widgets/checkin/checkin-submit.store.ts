/**
 * The check-in flow after the patient chose an appointment (spec 4
 * "Digital check-in", R-4-checkin-10..19): the form's preparation and its
 * polling, the readiness (upload of a missing referral), the check-in and
 * its polling. The processing modal shows while a poll runs.
 */
import type { CheckInForm, CheckInState } from '../../src/contract/check-in';
import {
  checkIn,
  getCheckInAppointments,
  getCheckInReadiness,
  pollCheckInSent,
  pollPreparationSent,
  prepareCheckIn,
} from '../../src/api/check-in';
import { isAbortError, toApiError } from '../../src/api/errors';

/** The readiness message of a referral the clinic needs before check-in (server/services/check-in.service.ts). */
const REFERRAL_REQUIRED = 'message.check_in_referral_required';
import { pollWithBackoff } from '../../src/domain/check-in/poll';
import {
  $checkIn,
  $checkInOutcome,
  checkInEnv,
  chosen,
  fail,
  flowSignal,
  goTo,
  patch,
} from './checkin.store';

/** A 409 with a field error or a server failure on the form: the form stays, with the message. */
export async function submitForm(form: Omit<CheckInForm, 'appointmentSlug'>): Promise<void> {
  const appointment = chosen();
  if (!appointment) return fail('checkin.error_no_appointments');
  patch({ loading: true, errorMessage: null });
  try {
    const state = await prepareCheckIn(
      { ...form, appointmentSlug: appointment.slug },
      { signal: flowSignal() },
    );
    if (!state.checkInPreparedSent) {
      patch({ processing: 'preparation' });
      const outcome = await pollWithBackoff(
        async () =>
          (await pollPreparationSent(appointment.slug, { signal: flowSignal() }))
            .checkInPreparedSent,
        checkInEnv.sleep,
        flowSignal(),
      );
      if (outcome === 'timeout') return fail('checkin.error_poll');
    }
    await reloadAppointments();
    await checkReadiness();
  } catch (error) {
    if (isAbortError(error)) return;
    if ($checkIn.get().processing) return fail('checkin.error_poll');
    // R-8-25: the form keeps what was typed and says what went wrong.
    patch({ loading: false, errorMessage: toApiError(error).messageKey });
  }
}

async function reloadAppointments(): Promise<void> {
  const appointments = await getCheckInAppointments({ signal: flowSignal() });
  patch({ appointments, processing: null });
}

/**
 * R-4-checkin-17/18: after the patient confirmed the appointment. Already
 * checked in: success. Window not open: the not-yet step. Simple mode: the
 * confirmation modal. Otherwise the form (or, already prepared, readiness).
 */
export function confirmAppointment(): void {
  const appointment = chosen();
  if (!appointment) return fail('checkin.error_no_appointments');
  const state = appointment.checkIn;
  if (state.checkInSuccess) return succeed(appointment.slug);
  if (!state.enabled) return fail('checkin.error_disabled');
  if (state.feedbackRequired) return goTo('FEEDBACK');
  if (!state.canCheckIn) return goTo('COMPLETE');
  if (state.mode === 'SIMPLE') return patch({ modal: 'confirm' });
  if (state.checkInPrepared) return void checkReadiness();
  goTo('FORM');
}

/**
 * R-4-checkin-15/16: not ready because the referral is missing: the
 * upload-referral modal; not ready otherwise: an information modal (kiosk:
 * the error step, nobody is there to act on it); ready: check in.
 */
export async function checkReadiness(): Promise<void> {
  const appointment = chosen();
  if (!appointment) return fail('checkin.error_no_appointments');
  patch({ loading: true, processing: null });
  try {
    const readiness = await getCheckInReadiness(appointment.slug, { signal: flowSignal() });
    patch({ readiness, loading: false });
    if (readiness.ready) return void runCheckIn();
    if (readiness.message === REFERRAL_REQUIRED && readiness.documentTypeId !== null)
      return patch({ modal: 'upload-referral' });
    if ($checkIn.get().kioskMode) return fail(readiness.message ?? 'checkin.error_not_ready');
    patch({ modal: 'not-ready', step: 'CONFIRM' });
  } catch (error) {
    if (!isAbortError(error)) fail(toApiError(error).messageKey);
  }
}

/**
 * The upload-referral modal closed: with a referral, readiness is asked
 * again (before check-in: it checks in when ready; after it, on the success
 * screen: only the referral's state is refreshed, nothing is sent again).
 */
export function referralClosed(uploaded: boolean): void {
  patch({ modal: null, ...(uploaded ? { referralSent: true } : {}) });
  if (!uploaded) return;
  if ($checkIn.get().step === 'SUCCESS') void loadReferralNeed();
  else void checkReadiness();
}

/** The success screen offers the upload while the referral is still missing (readiness says so). */
export async function loadReferralNeed(): Promise<void> {
  const appointment = chosen();
  if (!appointment) return;
  try {
    const readiness = await getCheckInReadiness(appointment.slug, { signal: flowSignal() });
    patch({ readiness });
  } catch (error) {
    // The offer is optional: the patient is checked in whatever this call answers.
    if (!isAbortError(error)) patch({ readiness: null });
  }
}

export function openReferralUpload(): void {
  patch({ modal: 'upload-referral' });
}

/** R-4-checkin-10..12: check in; checkInSent alone polls with the processing modal. */
export async function runCheckIn(): Promise<void> {
  const appointment = chosen();
  if (!appointment) return fail('checkin.error_no_appointments');
  patch({ loading: true, modal: null });
  try {
    const state = await checkIn(appointment.slug, { signal: flowSignal() });
    if (state.checkInSuccess) return succeed(appointment.slug, state);
    if (!state.checkInSent) return fail('checkin.error_check_in');
    patch({ processing: 'check-in' });
    const outcome = await pollWithBackoff(
      async () =>
        (await pollCheckInSent(appointment.slug, { signal: flowSignal() })).checkInSuccess,
      checkInEnv.sleep,
      flowSignal(),
    );
    if (outcome === 'timeout') return fail('checkin.error_poll');
    succeed(appointment.slug, { ...state, checkInSuccess: true });
  } catch (error) {
    if (isAbortError(error)) return;
    const apiError = toApiError(error);
    if (apiError.status === 409 && apiError.messageKey === 'message.check_in_not_allowed')
      return goTo('COMPLETE', { processing: null });
    // Simple mode checks in at once: a referral the clinic needs first opens its modal.
    if (apiError.status === 409 && apiError.messageKey === 'message.check_in_not_ready')
      return checkReadiness();
    fail($checkIn.get().processing ? 'checkin.error_poll' : 'checkin.error_check_in');
  }
}

function succeed(slug: string, state?: CheckInState): void {
  const appointments = $checkIn
    .get()
    .appointments.map((a) => (a.slug === slug && state ? { ...a, checkIn: state } : a));
  goTo('SUCCESS', { appointments, processing: null, modal: null, readiness: null });
  $checkInOutcome.set({ kind: 'completed', slug });
  void loadReferralNeed();
}
