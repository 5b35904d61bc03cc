/**
 * Kiosk check-in before any session (spec 3 "Check-in identity", spec 7
 * "send and validate an OTP (type APPOINTMENT)"; issue 16 part 5). The
 * identity step answers opaque handles, never booking keys: random 256-bit,
 * stored hashed, single use, 10 minutes. No match answers one decoy handle of
 * the same form (its code is never sent and never verifies), so the answer
 * does not tell whether a person exists. The code reuses the one-time code
 * machinery of patient authentication (otp_challenges, codeHash, outbox).
 */
import type {
  CheckInIdentityRequest,
  CheckInIdentityResponse,
} from '../../src/contract/check-in.js';
import type { OtpSent } from '../../src/contract/patient-auth.js';
import { findIdentityCandidates } from '../db/check-in.repo.js';
import {
  capSessionLifetime,
  countHandleTry,
  deleteExpiredHandles,
  insertHandle,
  readHandle,
  useHandle,
} from '../db/check-in-handles.repo.js';
import type { Db } from '../db/db.js';
import { insertOutboxMessage } from '../db/booking.repo.js';
import {
  findBookingHolder,
  readOtpChallenge,
  spendBudget,
  upsertOtpChallenge,
  useOtpChallenge,
} from '../db/patient-auth.repo.js';
import { keyRef, secretHash, type KeyRef } from '../db/secrets.js';
import { ApiError, AttemptsLeftError } from '../http/errors.js';
import { readCheckInSettings } from './check-in-config.js';
import { isTodaysVisit } from './check-in.service.js';
import { mailTexts } from './mail-texts.js';
import {
  codeHash,
  codeMessage,
  isWellFormedToken,
  maskEmail,
  maskPhone,
  newCode,
  newToken,
  sameHash,
} from './patient-auth-codes.js';
import {
  AUTH_ERROR,
  MAX_ATTEMPTS,
  OTP_ERROR,
  OTP_SEND_LIMIT,
  RetryLaterError,
} from './patient-auth.types.js';
import type { PortalConfigService } from './portal-config.service.js';
import type { SessionService } from './session.service.js';

export const HANDLE_SECONDS = 10 * 60;
export const HANDLE_CODE_TRIES = 5;
/** A kiosk session lasts at most this long (issue 16: short-lived). */
export const KIOSK_SESSION_SECONDS = 15 * 60;
const CODE_SECONDS = 10 * 60;
const CODES_PER_HANDLE = 3;
const CODES_PER_KEY_HOUR = 5;

/** Case-, accent- and space-insensitive form of a name. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/[\s'’-]+/g, ' ')
    .trim();
}

/** What a decoy "sends" to: never used as an address (no message is queued). */
const DECOY_HOLDER = { email: 'decoy@invalid', phone: null, locale: null } as const;

const DECOY_DOMAINS = ['gmail.com', 'outlook.com', 'bigpond.com', 'yahoo.com.au', 'icloud.com'];

/** The masked destination a decoy handle answers: stable per handle, plausible. */
function decoySentTo(handleHash: string): string {
  const bytes = Buffer.from(handleHash, 'base64url');
  const letter = String.fromCharCode(97 + (bytes[0]! % 26));
  return `${letter}•••@${DECOY_DOMAINS[bytes[1]! % DECOY_DOMAINS.length]}`;
}

export interface CheckInKioskService {
  identity(request: CheckInIdentityRequest, nowMs: number): Promise<CheckInIdentityResponse>;
  sendCode(handle: string, locale?: string): Promise<OtpSent>;
  /** Checks the code; returns the new (short-lived) session's cookie token. */
  validate(handle: string, code: string, sessionToken?: string): Promise<string>;
}

export function createCheckInKioskService(
  db: Db,
  deps: { sessions: SessionService; portalConfig: PortalConfigService },
): CheckInKioskService {
  async function spend(scope: string, max: number, windowSeconds: number): Promise<void> {
    const spent = await spendBudget(db, scope, { max, windowSeconds });
    if (!spent.allowed) throw new RetryLaterError(429, OTP_SEND_LIMIT, spent.retryInSeconds);
  }

  async function liveHandle(handle: string) {
    if (!isWellFormedToken(handle)) throw new ApiError(403, AUTH_ERROR);
    const hash = secretHash(handle);
    const found = await readHandle(db, hash);
    if (!found?.live) throw new ApiError(403, AUTH_ERROR);
    return { hash, ...found };
  }

  return {
    async identity(request, nowMs) {
      await deleteExpiredHandles(db);
      const wanted = normaliseName(request.lastName);
      const settings = await readCheckInSettings(db);
      const candidates = (await findIdentityCandidates(db, request.dateOfBirth, nowMs)).filter(
        (row) =>
          normaliseName(row.patient.lastName) === wanted && isTodaysVisit(row, settings, nowMs),
      );
      const keys = [...new Set(candidates.map((row) => row.bookingKey))];
      const identityRef = secretHash(`check-in-identity|${wanted}|${request.dateOfBirth}`);
      const firstNames = new Set(candidates.map((row) => normaliseName(row.patient.firstName)));
      const targets: (KeyRef | null)[] = keys.length > 0 ? keys : [null];
      const handles: string[] = [];
      for (const key of targets) {
        const handle = newToken();
        await insertHandle(db, secretHash(handle), key, HANDLE_SECONDS, identityRef);
        handles.push(handle);
      }
      return {
        appointmentBookingKeys: handles,
        samePatient: firstNames.size <= 1,
        // Nothing about the appointments before the code is verified.
        feedbackQuestionnaireAnswered: false,
        disabledReason: null,
      };
    },

    async sendCode(handle, locale) {
      const found = await liveHandle(handle);
      const config = await deps.portalConfig.portalConfig();
      const resendSeconds = config.application.otpResendSeconds ?? 5;
      await spend(`kiosk-sent:${found.hash}`, CODES_PER_HANDLE, HANDLE_SECONDS);
      // Per identity asked, match or not: a person's budget runs out exactly as a stranger's.
      const asked = found.identityRef ?? found.hash;
      await spend(`kiosk-identity:${asked}`, CODES_PER_KEY_HOUR, 3600);
      const key = found.bookingKey ?? keyRef(`decoy:${found.hash}`);
      await spend(`sent:${key}`, CODES_PER_KEY_HOUR, 3600);
      // A decoy does the same work as a real handle (budgets, holder lookup, a stored
      // challenge that can never verify) but queues no message: timing tells nothing.
      const decoy = found.decoy || !found.bookingKey;
      const holder = decoy ? DECOY_HOLDER : await findBookingHolder(db, key);
      if (decoy) await findBookingHolder(db, key);
      const recipient = holder?.email ?? holder?.phone ?? null;
      // Nobody to send to (no e-mail, no phone): answered as a decoy is, never a 409, which
      // would tell a stranger that this person has an appointment today. The patient sees
      // the code step's hint (reception can check you in) and, after wrong codes, the error step.
      const to = decoy ? null : recipient;
      const channel = holder?.phone && !holder.email ? 'sms' : 'email';
      const code = newCode();
      const texts = await mailTexts(db, holder?.locale ?? locale);
      const message = codeMessage(code, CODE_SECONDS / 60, config.radiology.name, texts);
      await db.transaction(async (tx) => {
        await upsertOtpChallenge(tx, {
          tokenHash: found.hash,
          bookingKey: key,
          channel,
          // Never sent, never verifies: the schema takes 6 digits only.
          codeHash: codeHash(handle, key, to ? code : 'unsent'),
          codeSeconds: CODE_SECONDS,
        });
        if (to)
          await insertOutboxMessage(tx, {
            channel,
            recipient: to,
            subject: message.subject,
            body: message.body,
            reference: null,
          });
      });
      return {
        channel,
        sentTo: !to ? decoySentTo(found.hash) : channel === 'email' ? maskEmail(to) : maskPhone(to),
        resendSeconds,
      };
    },

    async validate(handle, code, sessionToken) {
      const found = await liveHandle(handle);
      const tries = await countHandleTry(db, found.hash, HANDLE_CODE_TRIES);
      if (tries === undefined) throw new ApiError(429, MAX_ATTEMPTS);
      const challenge = found.bookingKey ? await readOtpChallenge(db, found.hash, 0) : undefined;
      const right =
        !!found.bookingKey &&
        !!challenge &&
        !challenge.used &&
        !challenge.codeExpired &&
        challenge.bookingKey === found.bookingKey &&
        sameHash(codeHash(handle, found.bookingKey, code), challenge.codeHash);
      if (!right || !found.bookingKey) {
        if (tries >= HANDLE_CODE_TRIES) throw new ApiError(429, MAX_ATTEMPTS);
        throw new AttemptsLeftError(400, OTP_ERROR, HANDLE_CODE_TRIES - tries);
      }
      if (!(await useHandle(db, found.hash)) || !(await useOtpChallenge(db, found.hash)))
        throw new ApiError(403, AUTH_ERROR);
      const token = await deps.sessions.create(
        {
          kind: 'patient',
          user: null,
          roleTranslations: null,
          booking: { key: found.bookingKey, kind: 'appointment' },
        },
        sessionToken,
      );
      await capSessionLifetime(db, secretHash(token), KIOSK_SESSION_SECONDS);
      return token;
    },
  };
}
