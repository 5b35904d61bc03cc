/**
 * Request and response shapes of the patient authentication calls (spec 7
 * "Authentication", R-7-calls-28), shared by the client and the server's
 * TypeBox schemas (server/schemas/patient-auth.schema.ts).
 */

/** Spec 2.2: the /authentication param `type` (R-2.2-02). */
export type AuthenticationType =
  'BOOKING_REQUEST' | 'APPOINTMENT' | 'APPOINTMENT_RESULTS' | 'PATIENT_PORTAL';

/** POST /api/authentication/patient: authenticate a patient or booking request. */
export interface PatientAuthenticationRequest {
  bookingKey: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  /** Digits, or '' when not asked or not given. */
  contactNumber: string;
  isBookingRequest: boolean;
}

/** Where a one-time code went: the destination is masked ("m•••@example.com"). */
export interface OtpSent {
  channel: 'email' | 'sms';
  sentTo: string;
  /** Seconds before the resend button works again (provider setting, default 5). */
  resendSeconds: number;
}

/**
 * `authenticated` true: the session cookie is set (booking request). Else
 * `otpSent` describes the code that was sent (appointment).
 */
export interface PatientAuthenticationResponse {
  authenticated: boolean;
  otpSent: OtpSent | null;
}

/** POST /api/authentication/otp/send: a new code (throttled). */
export interface SendOtpRequest {
  bookingKey: string;
}

/** POST /api/authentication/otp/validate. */
export interface ValidateOtpRequest {
  bookingKey: string;
  /** Exactly 6 digits. */
  code: string;
}

export interface ValidateOtpResponse {
  authenticated: boolean;
}

/**
 * GET /api/authentication/captcha_challenge: a SHA-256 proof of work in the
 * ALTCHA format, or `enabled: false` when the provider has it off.
 */
export interface CaptchaChallenge {
  enabled: boolean;
  algorithm: 'SHA-256';
  /** hex SHA-256 of salt + number. */
  challenge: string;
  salt: string;
  /** The number lies in 0..maxnumber. */
  maxnumber: number;
}

/** POST /api/authentication/verify_captcha: token = base64 JSON {algorithm, challenge, number, salt}. */
export interface VerifyCaptchaRequest {
  token: string;
}

export interface VerifyCaptchaResponse {
  result: boolean;
}

/** Error message keys of these calls besides the spec's. */
export const PATIENT_AUTH_ERRORS = {
  authentication: 'message.authentication_error',
  otp: 'message.authentication_otp_error',
  otpExpired: 'message.authentication_otp_expired',
  maxAttempts: 'message.max_attempts_reached',
  resendTooSoon: 'message.otp_resend_too_soon',
  captchaRequired: 'message.captcha_required',
  noContact: 'message.authentication_no_contact',
} as const;
