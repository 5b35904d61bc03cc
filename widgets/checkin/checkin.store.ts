/**
 * The check-in flow's state (spec 4 "Digital check-in", R-4-checkin-*):
 * the step, the chosen appointment, what is in progress and why a flow
 * ended. The step machine's moves after the form (prepare, readiness, check
 * in, polling) are in checkin-submit.store.ts. Components never fetch.
 */
import { atom } from 'nanostores';
import type { CheckInAppointment, CheckInReadiness } from '../../src/contract/check-in';
import type { OtpSent } from '../../src/contract/patient-auth';
import {
  checkInIdentity,
  getCheckInAppointments,
  sendCheckInOtp,
  validateCheckInOtp,
} from '../../src/api/check-in';
import { isAbortError, toApiError } from '../../src/api/errors';
import { sleep } from '../../src/api/retry';
import { authenticationTarget } from '../../src/domain/appointment/navigation';
import { navigationRequest } from '../../src/stores/navigation.store';

/** R-4-checkin-05 DESIGN: the steps' names (the spec names IDENTITY, VERIFY_OTP, CONFIRM, complete, success, error). */
export const STEPS = [
  'LOADING',
  'IDENTITY',
  'VERIFY_OTP',
  'FEEDBACK',
  'CONFIRM',
  'FORM',
  'COMPLETE',
  'SUCCESS',
  'ERROR',
] as const;
export type CheckInStep = (typeof STEPS)[number];

export type CheckInModal = 'confirm' | 'not-ready' | 'upload-referral' | null;

export interface CheckInFlow {
  step: CheckInStep;
  kioskMode: boolean;
  bookingKey: string | null;
  /** The opaque kiosk handle between identity and code. */
  handle: string | null;
  otpSent: OtpSent | null;
  appointments: CheckInAppointment[];
  slug: string | null;
  loading: boolean;
  /** A message key shown on the current step (a wrong code). */
  errorMessage: string | null;
  /** The error step's message key. */
  failure: string | null;
  /** The polling in progress (the processing modal). */
  processing: 'check-in' | 'preparation' | null;
  modal: CheckInModal;
  readiness: CheckInReadiness | null;
  /** What the patient typed at the identity step (kept when Back returns to it). */
  identity: { lastName: string; dateOfBirth: string };
  /** The patient proved who they are (the code, or the link's session). */
  verified: boolean;
  /** The steps shown in this attempt (Forward may return only to these). */
  reached: CheckInStep[];
  /** A referral was uploaded in this attempt (the success screen thanks the patient). */
  referralSent: boolean;
}

const INITIAL: CheckInFlow = {
  step: 'LOADING',
  kioskMode: false,
  bookingKey: null,
  handle: null,
  otpSent: null,
  appointments: [],
  slug: null,
  loading: false,
  errorMessage: null,
  failure: null,
  processing: null,
  modal: null,
  readiness: null,
  identity: { lastName: '', dateOfBirth: '' },
  verified: false,
  reached: [],
  referralSent: false,
};

export const $checkIn = atom<CheckInFlow>(INITIAL);

/** How the flow ended, once; the element reports it as imaging-checkin-completed or -failed. */
export const $checkInOutcome = atom<
  { kind: 'completed'; slug: string } | { kind: 'failed'; reason: string } | null
>(null);

export const $checkInNavigation = navigationRequest();

/** Time and sleep, replaced by tests. */
export const checkInEnv = { sleep, today: () => new Date().toISOString().slice(0, 10) };

let controller = new AbortController();
export const flowSignal = () => controller.signal;

export function patch(change: Partial<CheckInFlow>): void {
  $checkIn.set({ ...$checkIn.get(), ...change });
}

export function goTo(step: CheckInStep, change: Partial<CheckInFlow> = {}): void {
  const { reached } = $checkIn.get();
  patch({
    loading: false,
    errorMessage: null,
    ...change,
    step,
    reached: reached.includes(step) ? reached : [...reached, step],
  });
}

/** R-8-31: the error step with its message. */
export function fail(reason: string): void {
  goTo('ERROR', { failure: reason, processing: null, modal: null });
  $checkInOutcome.set({ kind: 'failed', reason });
}

export function chosen(): CheckInAppointment | null {
  const { appointments, slug } = $checkIn.get();
  return appointments.find((a) => a.slug === slug) ?? null;
}

export interface CheckInStart {
  bookingKey?: string | null;
  slug?: string | null;
  kioskMode: boolean;
  /** '/iframe' or ''. */
  prefix?: string;
}

let start: CheckInStart = { kioskMode: false };

/**
 * Opens the flow: the kiosk at the identity step (R-4-checkin-01); a link
 * with a booking key loads today's appointments with the patient session,
 * or asks the existing authentication page for one and comes back.
 */
export function openCheckIn(next: CheckInStart): void {
  leaveCheckIn();
  start = next;
  $checkInOutcome.set(null);
  $checkIn.set({ ...INITIAL, kioskMode: next.kioskMode, bookingKey: next.bookingKey ?? null });
  if (next.bookingKey) void loadAppointments(next.slug ?? null);
  else if (next.kioskMode) goTo('IDENTITY');
  else fail('checkin.error_missing_link');
}

/** The user left: polling and calls stop (the element disconnected or the page changed). */
export function leaveCheckIn(): void {
  controller.abort();
  controller = new AbortController();
}

/** R-8-31 "Start again": back to the first step, nothing of the previous attempt kept. */
export function startAgain(): void {
  openCheckIn(start.kioskMode ? { kioskMode: true, prefix: start.prefix } : start);
}

function authenticate(bookingKey: string): void {
  const prefix = start.prefix ?? '';
  const params = new URLSearchParams({ bookingKey });
  if (start.slug) params.set('slug', start.slug);
  const target = authenticationTarget({
    prefix,
    bookingKey,
    kind: 'appointment',
    kioskMode: start.kioskMode,
  });
  const search = new URLSearchParams(target.search);
  search.set('returnUrl', `/check-in?${params.toString()}`);
  $checkInNavigation.set({ path: target.path, search: `?${search.toString()}` });
}

/**
 * R-4-checkin-08/09, R-4-checkin-02: today's appointments, then confirm, or
 * first the feedback questionnaire when the clinic requires it (or error
 * when there are none).
 */
export async function loadAppointments(slug: string | null): Promise<void> {
  patch({ loading: true });
  try {
    const appointments = await getCheckInAppointments({ signal: flowSignal() });
    if (appointments.length === 0) return fail('checkin.error_no_appointments');
    const picked = appointments.find((a) => a.slug === slug) ?? appointments[0]!;
    goTo(picked.checkIn.feedbackRequired ? 'FEEDBACK' : 'CONFIRM', {
      appointments,
      slug: picked.slug,
      verified: true,
    });
  } catch (error) {
    if (isAbortError(error)) return;
    const apiError = toApiError(error);
    const key = $checkIn.get().bookingKey;
    if ((apiError.status === 401 || apiError.status === 403) && key && !start.kioskMode)
      return authenticate(key);
    fail(apiError.messageKey);
  }
}

/** R-4-checkin-06/07: identity by last name and date of birth, then the code is sent. */
export async function submitIdentity(lastName: string, dateOfBirth: string): Promise<void> {
  patch({ loading: true, errorMessage: null, identity: { lastName, dateOfBirth } });
  try {
    const answer = await checkInIdentity(
      { lastName: lastName.trim(), dateOfBirth },
      {
        signal: flowSignal(),
      },
    );
    if (answer.appointmentBookingKeys.length > 1) return fail('checkin.error_several_matches');
    if (!answer.samePatient) return fail('checkin.error_different_patient');
    const handle = answer.appointmentBookingKeys[0];
    if (!handle) return fail('checkin.error_identity');
    const otpSent = await sendCheckInOtp(handle, { signal: flowSignal() });
    goTo('VERIFY_OTP', { handle, otpSent });
  } catch (error) {
    if (isAbortError(error)) return;
    fail(
      toApiError(error).status === 429 ? 'message.max_attempts_reached' : 'checkin.error_identity',
    );
  }
}

/** R-4-checkin-03: a wrong code stays on VERIFY_OTP with its message; the handle ended goes to error. */
export async function submitCode(code: string): Promise<void> {
  const { handle } = $checkIn.get();
  if (!handle) return fail('checkin.error_identity');
  patch({ loading: true, errorMessage: null });
  try {
    const { bookingKey } = await validateCheckInOtp(handle, code, { signal: flowSignal() });
    patch({ bookingKey });
    await loadAppointments(null);
  } catch (error) {
    if (isAbortError(error)) return;
    const apiError = toApiError(error);
    if (apiError.status === 400) patch({ loading: false, errorMessage: apiError.messageKey });
    else fail('checkin.error_code');
  }
}

export async function resendCode(): Promise<void> {
  const { handle } = $checkIn.get();
  if (!handle) return;
  patch({ loading: true, errorMessage: null });
  try {
    const otpSent = await sendCheckInOtp(handle, { signal: flowSignal() });
    patch({ loading: false, otpSent });
  } catch (error) {
    if (!isAbortError(error)) patch({ loading: false, errorMessage: toApiError(error).messageKey });
  }
}

export function chooseAppointment(slug: string): void {
  patch({ slug });
}

export function closeModal(): void {
  patch({ modal: null, loading: false });
}

/** The address of a step: /check-in?step=…, with the link's key and kiosk mode kept. */
export function stepSearch(flow: CheckInFlow, current: string): string {
  const params = new URLSearchParams(current);
  params.set('step', flow.step);
  if (flow.kioskMode) params.set('kioskMode', 'true');
  return `?${params.toString()}`;
}
