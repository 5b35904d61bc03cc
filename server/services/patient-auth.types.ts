/**
 * The shapes, limits and message keys of patient authentication (spec 4
 * "Authentication"; services/patient-auth.service.ts): what the browser
 * sends, what the service answers, how many tries each budget allows
 * (R-4-auth-10: the last refused date of birth ends on the deny page) and
 * the refusal that says when to try again.
 */
import { ApiError } from '../http/errors.js';

export const AUTH_ERROR = 'message.authentication_error';
export const OTP_ERROR = 'message.authentication_otp_error';
export const OTP_EXPIRED = 'message.authentication_otp_expired';
export const MAX_ATTEMPTS = 'message.max_attempts_reached';
export const OTP_RESEND_TOO_SOON = 'message.otp_resend_too_soon';
export const CAPTCHA_REQUIRED = 'message.captcha_required';
export const NO_CONTACT = 'message.authentication_no_contact';
/** The key's date-of-birth tries are being slowed down (someone else may be guessing). */
export const TRY_LATER = 'message.authentication_try_later';
/** The key received its codes for this hour. */
export const OTP_SEND_LIMIT = 'message.otp_send_limit';

/** A refusal that tells the browser when to try again (the route sets Retry-After). */
export class RetryLaterError extends ApiError {
  constructor(
    status: number,
    messageKey: string,
    readonly retryInSeconds: number,
  ) {
    super(status, messageKey, `retry in ${retryInSeconds} s`);
  }
}

export interface PatientAuthLimits {
  /** A code is valid this long (at most 10 minutes). */
  codeSeconds: number;
  /** Tries per code. */
  codeTries: number;
  /**
   * Dates of birth one client (address) may try on one key within
   * `failureWindowSeconds`; the last one refused ends on the deny page.
   */
  maxFailures: number;
  failureWindowSeconds: number;
  /**
   * Dates of birth tried on one key by everyone together before each further
   * try waits (1, 2, 4 … s, at most `keyMaxDelaySeconds`): many clients cannot
   * guess fast, and none can lock the owner out for longer than that delay.
   */
  keyFreeTries: number;
  keyMaxDelaySeconds: number;
  /** Codes sent for one key per hour, by proofs of the date of birth and resends together. */
  codesPerHour: number;
  /** Codes tried on one key within `failureWindowSeconds`, across all its challenges. */
  keyCodeTries: number;
  /** Fallback resend delay when the provider setting is missing (spec 9: 5 s). */
  resendSeconds: number;
  /** A solved CAPTCHA counts this long. */
  captchaSeconds: number;
}

export const DEFAULT_LIMITS: PatientAuthLimits = {
  codeSeconds: 10 * 60,
  codeTries: 5,
  maxFailures: 5,
  failureWindowSeconds: 15 * 60,
  keyFreeTries: 5,
  keyMaxDelaySeconds: 60,
  codesPerHour: 5,
  keyCodeTries: 10,
  resendSeconds: 5,
  captchaSeconds: 10 * 60,
};

export interface CodeSent {
  channel: 'email' | 'sms';
  /** The destination with most characters hidden, e.g. "m•••@example.com". */
  sentTo: string;
  resendSeconds: number;
}

/** What the browser sends besides the body: its cookies and its address. */
export interface AuthTokens {
  authToken?: string | undefined;
  sessionToken?: string | undefined;
  /** The client address (request.ip): date-of-birth tries are counted per key and client. */
  client?: string;
  /** The request's language (Accept-Language): the code's message uses it when the booking has none. */
  locale?: string;
}

export type AuthenticateResult =
  { kind: 'session'; sessionToken: string } | ({ kind: 'otp'; authToken: string } & CodeSent);

export interface PatientAuthService {
  /** Date of birth (and contact number) for a booking key. */
  authenticate(
    input: { bookingKey: string; dateOfBirth: string; contactNumber: string },
    tokens: AuthTokens,
  ): Promise<AuthenticateResult>;
  /** A new code for the browser that proved the date of birth (throttled). */
  resend(bookingKey: string, authToken: string | undefined, locale?: string): Promise<CodeSent>;
  /** Checks the code; on success returns the new session's cookie token. */
  validate(input: { bookingKey: string; code: string }, tokens: AuthTokens): Promise<string>;
  captchaEnabled(): Promise<boolean>;
}
