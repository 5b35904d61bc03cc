/**
 * Kiosk check-in before any session (spec 3 "Check-in identity", spec 7;
 * issue 16 part 5): identity by last name and date of birth, then a code
 * sent for the handle and validated into a short patient session.
 * The identity call is limited per client address and per kiosk device at
 * that address (kioskIdentity cookie), 10 in 15 minutes by default: 429
 * message.too_many_requests.
 */
import type { FastifyInstance } from 'fastify';
import type {
  CheckInIdentityRequest,
  CheckInOtpSendRequest,
  CheckInOtpValidateRequest,
} from '../../src/contract/check-in.js';
import { KIOSK_COOKIES } from '../../src/contract/check-in.js';
import { secretHash } from '../db/secrets.js';
import { strictRateLimit, type RateLimitOptions } from '../http/rate-limit.js';
import { requestLocale } from '../http/request-locale.js';
import { noStore, withRetryAfter } from '../http/secret-reply.js';
import {
  CheckInIdentityRequestSchema,
  CheckInIdentityResponseSchema,
  CheckInOtpSendSchema,
  CheckInOtpValidatedSchema,
  CheckInOtpValidateSchema,
} from '../schemas/check-in.schema.js';
import { errorResponses } from '../schemas/common.js';
import { OtpSentSchema } from '../schemas/patient-auth.schema.js';
import { createCheckInKioskService } from '../services/check-in-kiosk.service.js';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '../services/session.service.js';
import type { RouteDeps } from './deps.js';

export const CHECK_IN_IDENTITY_RATE_LIMIT: RateLimitOptions = { max: 10, windowSeconds: 15 * 60 };

const tags = ['check-in'];

export function checkInKioskRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, config, clock } = deps;
  const kiosk = createCheckInKioskService(db, deps);
  const limit = config.checkInRateLimit ?? CHECK_IN_IDENTITY_RATE_LIMIT;
  const perAddress = strictRateLimit(db, 'check-in-identity', limit);
  // Per device at its address: the device's name is no secret (the kiosk shows it), so a
  // budget per name alone would let anyone who types it into a cookie lock that kiosk out.
  const perDevice = strictRateLimit(db, 'check-in-identity', limit, (request) => {
    const device = request.cookies[KIOSK_COOKIES.device];
    return device ? `kiosk:${secretHash(device)}@${request.ip}` : undefined;
  });

  app.post<{ Body: CheckInIdentityRequest }>(
    '/api/check_in/identity',
    {
      onRequest: [perAddress, perDevice],
      schema: {
        tags,
        summary:
          "Kiosk identity: today's live appointments by last name (case and accent ignored) and " +
          'date of birth. Answers opaque single-use handles (10 minutes), one per booking key; no ' +
          'match answers one decoy handle of the same form. 429 message.too_many_requests after ' +
          '10 checks of one address or one kiosk device (at its address) in 15 minutes',
        body: CheckInIdentityRequestSchema,
        response: { 200: CheckInIdentityResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return kiosk.identity(request.body, clock().getTime());
    },
  );

  app.post<{ Body: CheckInOtpSendRequest }>(
    '/api/check_in/otp/send',
    {
      schema: {
        tags,
        summary:
          'Sends a one-time code (type APPOINTMENT) for a handle; masked destination, the same ' +
          'shape for a decoy (nothing sent). 403 message.authentication_error for an unknown, ' +
          'used or expired handle; 429 message.otp_send_limit (3 per handle, 5 per key an hour)',
        body: CheckInOtpSendSchema,
        response: { 200: OtpSentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return withRetryAfter(reply, () =>
        kiosk.sendCode(request.body.handle, requestLocale(request)),
      );
    },
  );

  app.post<{ Body: CheckInOtpValidateRequest }>(
    '/api/check_in/otp/validate',
    {
      schema: {
        tags,
        summary:
          'Checks the code of a handle and starts a patient session for its booking key (at ' +
          'most 15 minutes). 400 message.authentication_otp_error (attemptsLeft); 429 ' +
          'message.max_attempts_reached after 5 wrong codes (the handle ends)',
        body: CheckInOtpValidateSchema,
        response: { 200: CheckInOtpValidatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const token = await kiosk.validate(
        request.body.handle,
        request.body.code,
        request.cookies[SESSION_COOKIE],
      );
      void reply.setCookie(SESSION_COOKIE, token, SESSION_COOKIE_OPTIONS);
      return { bookingKey: '' };
    },
  );
}
