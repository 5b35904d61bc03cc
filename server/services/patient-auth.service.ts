/**
 * Authentication of a booking holder (spec 4 "Authentication", issue 6):
 * date of birth (plus the contact number when the provider asks for it),
 * then, for appointments, a one-time code sent through the outbox. Every
 * counter lives in the database (several API processes behave as one).
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { keyRef, secretHash, type KeyRef } from '../db/secrets.js';
import type { Db } from '../db/db.js';
import { insertOutboxMessage } from '../db/booking.repo.js';
import {
  countOtpTry,
  deleteExpiredOtpChallenges,
  deleteOldBudgets,
  findBookingHolder,
  hasSolvedCaptcha,
  readOtpChallenge,
  resetBudget,
  spendBudget,
  upsertOtpChallenge,
  useOtpChallenge,
  type BookingHolder,
} from '../db/patient-auth.repo.js';
import { readSetting } from '../db/settings.repo.js';
import { ApiError } from '../http/errors.js';
import type { PortalConfigService } from './portal-config.service.js';
import type { SessionService } from './session.service.js';

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
  resend(bookingKey: string, authToken: string | undefined): Promise<CodeSent>;
  /** Checks the code; on success returns the new session's cookie token. */
  validate(input: { bookingKey: string; code: string }, tokens: AuthTokens): Promise<string>;
  captchaEnabled(): Promise<boolean>;
}

/** A browser's authentication cookie: 32 random bytes in base64url. */
export function isWellFormedToken(token: string | undefined): token is string {
  return token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token);
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Six digits from a cryptographic source. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * The stored hash mixes in the browser's token (never stored) and the booking
 * key: a copy of the table does not reveal codes, and a code works only for
 * the key and the browser it was sent for.
 */
export function codeHash(authToken: string, bookingKey: string, code: string): string {
  return secretHash(`${authToken}:${bookingKey}:${code}`);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function digits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** Compares national numbers by their last 9 digits: 0412 345 678 equals +61 412 345 678. */
export function sameContactNumber(given: string, stored: string | null): boolean {
  const a = digits(given);
  const b = digits(stored);
  return a.length >= 8 && b.length >= 8 && a.slice(-9) === b.slice(-9);
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

export function maskPhone(phone: string): string {
  return `••• ${digits(phone).slice(-3)}`;
}

function holderMatches(
  holder: BookingHolder | undefined,
  input: { dateOfBirth: string; contactNumber: string },
  contactNumberAuthEnabled: boolean,
): holder is BookingHolder {
  if (!holder?.dateOfBirth || holder.dateOfBirth !== input.dateOfBirth) return false;
  if (contactNumberAuthEnabled && input.contactNumber.trim() !== '')
    return sameContactNumber(input.contactNumber, holder.phone);
  return true;
}

function codeMessage(code: string, minutes: number, providerName: string) {
  const from = providerName ? `${providerName}: ` : '';
  return {
    subject: 'Your verification code',
    body:
      `${from}your verification code is ${code}. It expires in ${minutes} minutes ` +
      'and works once. If you did not ask for it, ignore this message.',
  };
}

export function createPatientAuthService(
  db: Db,
  deps: {
    sessions: SessionService;
    portalConfig: PortalConfigService;
    limits?: Partial<PatientAuthLimits>;
  },
): PatientAuthService {
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  const codeSeconds = Math.min(limits.codeSeconds, 600);

  async function settings() {
    const config = await deps.portalConfig.portalConfig();
    return {
      contactNumberAuthEnabled: config.application.contactNumberAuthEnabled,
      resendSeconds: config.application.otpResendSeconds ?? limits.resendSeconds,
      providerName: config.radiology.name,
    };
  }

  async function captchaEnabled(): Promise<boolean> {
    const stored = (await readSetting(db, 'application')) as { captchaEnabled?: unknown } | null;
    return stored?.captchaEnabled === true;
  }

  async function sendCode(
    bookingKey: KeyRef,
    authToken: string,
    holder: { email: string | null; phone: string | null },
  ): Promise<CodeSent> {
    const { resendSeconds, providerName } = await settings();
    const channel = holder.email ? 'email' : holder.phone ? 'sms' : undefined;
    const recipient = holder.email ?? holder.phone;
    if (!channel || !recipient) throw new ApiError(409, NO_CONTACT);
    const code = newCode();
    const message = codeMessage(code, Math.round(codeSeconds / 60), providerName);
    await db.transaction(async (tx) => {
      await upsertOtpChallenge(tx, {
        tokenHash: secretHash(authToken),
        bookingKey,
        channel,
        codeHash: codeHash(authToken, bookingKey, code),
        codeSeconds,
      });
      await insertOutboxMessage(tx, {
        channel,
        recipient,
        subject: message.subject,
        body: message.body,
        reference: null,
      });
    });
    return {
      channel,
      sentTo: channel === 'email' ? maskEmail(recipient) : maskPhone(recipient),
      resendSeconds,
    };
  }

  /** Scopes of the attempt budgets, by the key's stored form (never the key in clear). */
  const scopes = {
    dobOfClient: (key: KeyRef, client: string) => `dob:${key}:${client}`,
    dobOfKey: (key: KeyRef) => `dob:${key}`,
    codesSent: (key: KeyRef) => `sent:${key}`,
    codeTries: (key: KeyRef) => `code:${key}`,
  };

  async function spendOrRefuse(
    scope: string,
    budget: Parameters<typeof spendBudget>[2],
    status: number,
    messageKey: string,
  ): Promise<number> {
    const spent = await spendBudget(db, scope, budget);
    if (!spent.allowed) throw new RetryLaterError(status, messageKey, spent.retryInSeconds);
    return spent.tries;
  }

  /** One code more for the key this hour, or 429 message.otp_send_limit. */
  function spendCode(bookingKey: KeyRef): Promise<number> {
    return spendOrRefuse(
      scopes.codesSent(bookingKey),
      { max: limits.codesPerHour, windowSeconds: 3600 },
      429,
      OTP_SEND_LIMIT,
    );
  }

  async function contactsOf(bookingKey: KeyRef) {
    const holder = await findBookingHolder(db, bookingKey);
    if (holder?.kind !== 'appointment') throw new ApiError(403, AUTH_ERROR);
    return holder;
  }

  return {
    captchaEnabled,

    async authenticate(input, tokens) {
      await deleteOldBudgets(db, Math.max(limits.failureWindowSeconds, 3600));
      await deleteExpiredOtpChallenges(db);
      if (await captchaEnabled()) {
        const solved =
          isWellFormedToken(tokens.authToken) &&
          (await hasSolvedCaptcha(db, secretHash(tokens.authToken), limits.captchaSeconds));
        if (!solved) throw new ApiError(403, CAPTCHA_REQUIRED);
      }
      const bookingKey = keyRef(input.bookingKey);
      const window = limits.failureWindowSeconds;
      // Each try is counted before it is evaluated, in one statement per budget.
      const clientScope = scopes.dobOfClient(bookingKey, tokens.client ?? 'unknown');
      const clientTries = await spendOrRefuse(
        clientScope,
        { max: limits.maxFailures, windowSeconds: window },
        429,
        MAX_ATTEMPTS,
      );
      await spendOrRefuse(
        scopes.dobOfKey(bookingKey),
        {
          max: 0,
          windowSeconds: window,
          free: limits.keyFreeTries,
          maxDelaySeconds: limits.keyMaxDelaySeconds,
        },
        429,
        TRY_LATER,
      );
      const { contactNumberAuthEnabled } = await settings();
      const holder = await findBookingHolder(db, bookingKey);
      if (!holderMatches(holder, input, contactNumberAuthEnabled)) {
        if (clientTries >= limits.maxFailures) throw new ApiError(429, MAX_ATTEMPTS);
        throw new ApiError(403, AUTH_ERROR);
      }
      await resetBudget(db, clientScope);
      await resetBudget(db, scopes.dobOfKey(bookingKey));
      if (holder.kind === 'booking_request') {
        const sessionToken = await deps.sessions.create(
          {
            kind: 'patient',
            user: null,
            roleTranslations: null,
            booking: { key: bookingKey, kind: 'booking_request' },
          },
          tokens.sessionToken,
        );
        return { kind: 'session', sessionToken };
      }
      await spendCode(bookingKey);
      // A fresh token per proof of the date of birth: an old challenge never carries over.
      const authToken = newToken();
      return { kind: 'otp', authToken, ...(await sendCode(bookingKey, authToken, holder)) };
    },

    async resend(clearKey, authToken) {
      const bookingKey = keyRef(clearKey);
      if (!isWellFormedToken(authToken)) throw new ApiError(403, AUTH_ERROR);
      const { resendSeconds } = await settings();
      const challenge = await readOtpChallenge(db, secretHash(authToken), resendSeconds);
      if (!challenge || challenge.bookingKey !== bookingKey || challenge.used)
        throw new ApiError(403, AUTH_ERROR);
      // An expired or spent code is not renewed: the patient starts again with the date of birth.
      if (challenge.codeExpired) throw new ApiError(403, OTP_EXPIRED);
      if (challenge.attempts >= limits.codeTries) throw new ApiError(429, MAX_ATTEMPTS);
      if (challenge.resendInSeconds > 0)
        throw new RetryLaterError(429, OTP_RESEND_TOO_SOON, challenge.resendInSeconds);
      await spendCode(bookingKey);
      return sendCode(bookingKey, authToken, await contactsOf(bookingKey));
    },

    async validate(input, tokens) {
      const bookingKey = keyRef(input.bookingKey);
      const { authToken } = tokens;
      if (!isWellFormedToken(authToken)) throw new ApiError(403, OTP_ERROR);
      const tokenHash = secretHash(authToken);
      const challenge = await readOtpChallenge(db, tokenHash, 0);
      if (!challenge || challenge.bookingKey !== bookingKey) throw new ApiError(403, OTP_ERROR);
      if (challenge.used || challenge.codeExpired) throw new ApiError(403, OTP_EXPIRED);
      // Every code tried on the key counts, whichever challenge it was sent for.
      const keyTries = await spendOrRefuse(
        scopes.codeTries(bookingKey),
        { max: limits.keyCodeTries, windowSeconds: limits.failureWindowSeconds },
        429,
        MAX_ATTEMPTS,
      );
      const tries = await countOtpTry(db, tokenHash, limits.codeTries);
      if (tries === undefined) {
        const now = await readOtpChallenge(db, tokenHash, 0);
        if (!now || now.used || now.codeExpired) throw new ApiError(403, OTP_EXPIRED);
        throw new ApiError(429, MAX_ATTEMPTS);
      }
      if (!sameHash(codeHash(authToken, bookingKey, input.code), challenge.codeHash)) {
        if (tries >= limits.codeTries || keyTries >= limits.keyCodeTries)
          throw new ApiError(429, MAX_ATTEMPTS);
        throw new ApiError(403, OTP_ERROR);
      }
      if (!(await useOtpChallenge(db, tokenHash))) throw new ApiError(403, OTP_EXPIRED);
      await resetBudget(db, scopes.codeTries(bookingKey));
      return deps.sessions.create(
        {
          kind: 'patient',
          user: null,
          roleTranslations: null,
          booking: { key: bookingKey, kind: 'appointment' },
        },
        tokens.sessionToken,
      );
    },
  };
}
