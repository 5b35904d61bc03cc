/**
 * Digital check-in calls (spec 7, R-7-calls-13/41/42), as
 * src/contract/check-in.ts describes them.
 */
import { api, type CallOptions } from './client';
import type { OtpSent } from '../contract/patient-auth';
import type {
  CheckInAppointment,
  CheckInForm,
  CheckInIdentityRequest,
  CheckInIdentityResponse,
  CheckInOtpValidated,
  CheckInPoll,
  CheckInReadiness,
  CheckInState,
  DoctorSearchResult,
} from '../contract/check-in';

const secured = (slug: string) => `/api/secured/appointments/${encodeURIComponent(slug)}`;

export function checkInIdentity(
  body: CheckInIdentityRequest,
  options: CallOptions = {},
): Promise<CheckInIdentityResponse> {
  return api('/api/check_in/identity', { method: 'POST', body, signal: options.signal });
}

export function sendCheckInOtp(handle: string, options: CallOptions = {}): Promise<OtpSent> {
  return api('/api/check_in/otp/send', {
    method: 'POST',
    body: { handle },
    signal: options.signal,
  });
}

export function validateCheckInOtp(
  handle: string,
  code: string,
  options: CallOptions = {},
): Promise<CheckInOtpValidated> {
  return api('/api/check_in/otp/validate', {
    method: 'POST',
    body: { handle, code },
    signal: options.signal,
  });
}

/** Today's appointments of the session's booking key. */
export function getCheckInAppointments(options: CallOptions = {}): Promise<CheckInAppointment[]> {
  return api('/api/secured/check_in/appointments', { signal: options.signal });
}

export function getCheckInState(slug: string, options: CallOptions = {}): Promise<CheckInState> {
  return api(`${secured(slug)}/check_in`, { signal: options.signal });
}

export function getCheckInReadiness(
  slug: string,
  options: CallOptions = {},
): Promise<CheckInReadiness> {
  return api(`${secured(slug)}/check_in/readiness`, { signal: options.signal });
}

export function prepareCheckIn(
  form: CheckInForm,
  options: CallOptions = {},
): Promise<CheckInState> {
  return api(`${secured(form.appointmentSlug)}/check_in/prepare`, {
    method: 'POST',
    body: { ...form },
    signal: options.signal,
  });
}

export function checkIn(slug: string, options: CallOptions = {}): Promise<CheckInState> {
  return api(`${secured(slug)}/check_in`, { method: 'POST', body: {}, signal: options.signal });
}

export function pollCheckInSent(slug: string, options: CallOptions = {}): Promise<CheckInPoll> {
  return api(`${secured(slug)}/check_in/sent`, { signal: options.signal });
}

export function pollPreparationSent(slug: string, options: CallOptions = {}): Promise<CheckInPoll> {
  return api(`${secured(slug)}/check_in/preparation_sent`, { signal: options.signal });
}

export function searchDoctors(
  slug: string,
  term: string,
  options: CallOptions = {},
): Promise<DoctorSearchResult[]> {
  return api(`${secured(slug)}/doctor_search`, { query: { term }, signal: options.signal });
}
