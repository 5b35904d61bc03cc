/**
 * The /authentication page's parameters (spec 2.2, spec 4 "Authentication",
 * spec 3 "Authentication params"): pure, so it is unit-tested in Node.
 */
import type { AuthenticationType } from '../../contract/patient-auth';

export const AUTHENTICATION_TYPES: readonly AuthenticationType[] = [
  'BOOKING_REQUEST',
  'APPOINTMENT',
  'APPOINTMENT_RESULTS',
  'PATIENT_PORTAL',
];

/** What the page works with once its query string is read (spec 3 "Authentication params"). */
export interface AuthParams {
  bookingKey: string;
  isBookingRequest: boolean;
  /** Where to go after a successful login (returnUrl, with ?shared=true when shared). */
  navigateUrl: string;
  shared: boolean;
  isPatientPortal: boolean;
  authenticationType: AuthenticationType;
  staffBooking: boolean;
  /** YYYY-MM-DD given in the URL: submitted at once (R-4-auth-09). */
  dateOfBirth: string | null;
  contactNumber: string;
  populatedDoB: boolean;
}

function flag(value: string | null): boolean {
  return value === 'true' || value === '1' || value === '';
}

/**
 * A return address inside the portal only: a path on this origin ("/…" but
 * not "//…" or "/\…", which browsers read as another host). Anything else
 * would turn the login page into an open redirect.
 */
export function isSafeReturnUrl(url: string): boolean {
  return /^\/(?![/\\])/.test(url) && ![...url].some((c) => c.charCodeAt(0) < 0x20);
}

/**
 * R-4-auth-06..09: null unless bookingKey, returnUrl and type are all
 * present (then nothing is done). A returnUrl containing 'patient' is the
 * patient portal; shared with a returnUrl without '?' appends ?shared=true;
 * a dateOfBirth is submitted with an empty contact number and populatedDoB.
 */
export function parseAuthParams(search: string): AuthParams | null {
  const params = new URLSearchParams(search);
  const bookingKey = params.get('bookingKey')?.trim() ?? '';
  const returnUrl = params.get('returnUrl')?.trim() ?? '';
  const type = params.get('type')?.trim() ?? '';
  if (!bookingKey || !returnUrl || !type) return null;
  if (!AUTHENTICATION_TYPES.includes(type as AuthenticationType)) return null;
  if (!isSafeReturnUrl(returnUrl)) return null;
  const shared = params.has('shared') && flag(params.get('shared'));
  const navigateUrl = shared && !returnUrl.includes('?') ? `${returnUrl}?shared=true` : returnUrl;
  const dateOfBirth = params.get('dateOfBirth')?.trim() || null;
  return {
    bookingKey,
    isBookingRequest:
      (params.has('isBookingRequest') && flag(params.get('isBookingRequest'))) ||
      type === 'BOOKING_REQUEST',
    navigateUrl,
    shared,
    isPatientPortal: returnUrl.includes('patient'),
    authenticationType: type as AuthenticationType,
    staffBooking: params.has('staffBooking') && flag(params.get('staffBooking')),
    dateOfBirth,
    contactNumber: '',
    populatedDoB: dateOfBirth !== null,
  };
}

/** R-4-auth-02: a code is needed when a booking key is present and it is not a booking request. */
export function needsOneTimeCode(
  params: Pick<AuthParams, 'bookingKey' | 'isBookingRequest'>,
): boolean {
  return params.bookingKey !== '' && !params.isBookingRequest;
}

/** Splits a navigate URL into the path and search the host page's router takes. */
export function splitUrl(url: string): { path: string; search: string } {
  const q = url.indexOf('?');
  return q === -1 ? { path: url, search: '' } : { path: url.slice(0, q), search: url.slice(q) };
}

export interface AuthTexts {
  /** i18n keys (spec 3 params: title, message, sendOtpButtonText). */
  title: string;
  message: string;
  sendOtpButtonText: string;
}

/** R-2.4-13: title and body text by type, shared and staffBooking. */
export function authTexts(
  params: Pick<AuthParams, 'authenticationType' | 'shared' | 'staffBooking' | 'isBookingRequest'>,
): AuthTexts {
  const sendOtpButtonText = params.isBookingRequest ? 'auth.continue' : 'auth.send_code';
  if (params.shared)
    return { title: 'auth.title_shared', message: 'auth.body_shared', sendOtpButtonText };
  const byType: Record<AuthenticationType, Omit<AuthTexts, 'sendOtpButtonText'>> = {
    APPOINTMENT: { title: 'auth.title_appointment', message: 'auth.body_appointment' },
    BOOKING_REQUEST: { title: 'auth.title_booking_request', message: 'auth.body_booking_request' },
    APPOINTMENT_RESULTS: { title: 'auth.title_results', message: 'auth.body_results' },
    PATIENT_PORTAL: { title: 'auth.title_patient_portal', message: 'auth.body_patient_portal' },
  };
  const texts = byType[params.authenticationType];
  return {
    ...texts,
    message: params.staffBooking ? 'auth.body_staff_booking' : texts.message,
    sendOtpButtonText,
  };
}

/** R-4-auth-10: the deny page's address after too many attempts. */
export function maxAttemptsSearch(message?: string | null): string {
  const params = new URLSearchParams({ maxAttempts: 'true' });
  if (message) params.set('message', message);
  return `?${params.toString()}`;
}
