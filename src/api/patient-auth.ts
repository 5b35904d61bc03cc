/**
 * Patient authentication calls (spec 7 "Authentication", R-7-calls-28) and
 * the keep-alive ping (R-7-calls-51), as patient-auth.contract.ts describes.
 */
import { api, type CallOptions } from './client';
import type {
  CaptchaChallenge,
  OtpSent,
  PatientAuthenticationRequest,
  PatientAuthenticationResponse,
  ValidateOtpResponse,
  VerifyCaptchaResponse,
} from '../contract/patient-auth';

/** Authenticates a patient or booking request by date of birth. */
export function authenticatePatient(
  body: PatientAuthenticationRequest,
  options: CallOptions = {},
): Promise<PatientAuthenticationResponse> {
  return api<PatientAuthenticationResponse>('/api/authentication/patient', {
    method: 'POST',
    body,
    signal: options.signal,
  });
}

/** Sends a new one-time code (the server throttles it too). */
export function sendOtp(bookingKey: string, options: CallOptions = {}): Promise<OtpSent> {
  return api<OtpSent>('/api/authentication/otp/send', {
    method: 'POST',
    body: { bookingKey },
    signal: options.signal,
  });
}

export function validateOtp(
  bookingKey: string,
  code: string,
  options: CallOptions = {},
): Promise<ValidateOtpResponse> {
  return api<ValidateOtpResponse>('/api/authentication/otp/validate', {
    method: 'POST',
    body: { bookingKey, code },
    signal: options.signal,
  });
}

export function getCaptchaChallenge(options: CallOptions = {}): Promise<CaptchaChallenge> {
  return api<CaptchaChallenge>('/api/authentication/captcha_challenge', { signal: options.signal });
}

/** Verifies a captcha token (response {result}). */
export function verifyCaptcha(
  token: string,
  options: CallOptions = {},
): Promise<VerifyCaptchaResponse> {
  return api<VerifyCaptchaResponse>('/api/authentication/verify_captcha', {
    method: 'POST',
    body: { token },
    signal: options.signal,
  });
}

/** The keep-alive ping: slides the session's idle expiry. A 401 logs the client out. */
export async function keepAlive(options: CallOptions = {}): Promise<void> {
  await api('/api/keep_alive', { method: 'POST', signal: options.signal });
}
