/**
 * Authentication of a booking holder (spec 4 "Authentication"):
 * date of birth (plus the contact number when the provider asks for it),
 * then, for appointments, a one-time code sent through the outbox. Every
 * counter lives in the database (several API processes behave as one).
 */
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
} from '../db/patient-auth.repo.js';
import { readSetting } from '../db/settings.repo.js';
import { ApiError, AttemptsLeftError } from '../http/errors.js';
import {
  codeHash,
  codeMessage,
  holderMatches,
  isWellFormedToken,
  maskEmail,
  maskPhone,
  newCode,
  newToken,
  sameHash,
} from './patient-auth-codes.js';
import {
  AUTH_ERROR,
  CAPTCHA_REQUIRED,
  DEFAULT_LIMITS,
  MAX_ATTEMPTS,
  NO_CONTACT,
  OTP_ERROR,
  OTP_EXPIRED,
  OTP_RESEND_TOO_SOON,
  OTP_SEND_LIMIT,
  RetryLaterError,
  TRY_LATER,
  type CodeSent,
  type PatientAuthLimits,
  type PatientAuthService,
} from './patient-auth.types.js';
import { mailTexts } from './mail-texts.js';
import type { PortalConfigService } from './portal-config.service.js';
import type { SessionService } from './session.service.js';

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
    holder: { email: string | null; phone: string | null; locale: string | null },
    requestLocale?: string,
  ): Promise<CodeSent> {
    const { resendSeconds, providerName } = await settings();
    const channel = holder.email ? 'email' : holder.phone ? 'sms' : undefined;
    const recipient = holder.email ?? holder.phone;
    if (!channel || !recipient) throw new ApiError(409, NO_CONTACT);
    const code = newCode();
    // Issue 13: in the language the patient booked in, else the one their browser asks for.
    const texts = await mailTexts(db, holder.locale ?? requestLocale);
    const message = codeMessage(code, Math.round(codeSeconds / 60), providerName, texts);
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
        // A patient waits for it at the screen: ahead of any backlog (issue 13 attack run).
        topic: 'code',
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
        throw new AttemptsLeftError(403, AUTH_ERROR, limits.maxFailures - clientTries);
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
      return {
        kind: 'otp',
        authToken,
        ...(await sendCode(bookingKey, authToken, holder, tokens.locale)),
      };
    },

    async resend(clearKey, authToken, locale) {
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
      return sendCode(bookingKey, authToken, await contactsOf(bookingKey), locale);
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
        const left = Math.min(limits.codeTries - tries, limits.keyCodeTries - keyTries);
        throw new AttemptsLeftError(403, OTP_ERROR, left);
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
