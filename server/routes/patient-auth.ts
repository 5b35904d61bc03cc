/**
 * Patient authentication calls (spec 7 "Authentication", R-7-calls-28) and
 * the keep-alive ping (R-7-calls-51/52). Handlers are thin: the rules are in
 * services/patient-auth.service.ts.
 */
import { secretHash } from '../db/secrets.js';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.js';
import { requestLocale } from '../http/request-locale.js';
import { noStore, withRetryAfter } from '../http/secret-reply.js';
import { errorResponses, NoContent } from '../schemas/common.js';
import {
  CaptchaChallengeSchema,
  OtpSentSchema,
  PatientAuthenticationRequestSchema,
  PatientAuthenticationResponseSchema,
  SendOtpRequestSchema,
  ValidateOtpRequestSchema,
  ValidateOtpResponseSchema,
  VerifyCaptchaRequestSchema,
  VerifyCaptchaResponseSchema,
} from '../schemas/patient-auth.schema.js';
import type {
  PatientAuthenticationRequest,
  SendOtpRequest,
  ValidateOtpRequest,
  VerifyCaptchaRequest,
} from '../../src/contract/patient-auth.js';
import { issueCaptcha, verifyCaptcha } from '../services/captcha.service.js';
import { isWellFormedToken, newToken } from '../services/patient-auth-codes.js';
import { createPatientAuthService } from '../services/patient-auth.service.js';
import type { PatientAuthLimits } from '../services/patient-auth.types.js';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '../services/session.service.js';
import type { RouteDeps } from './deps.js';

/** The browser's proof of the date of birth while it waits for its code (10 minutes). */
export const AUTH_COOKIE = '__Host-imaging_auth';
const AUTH_COOKIE_OPTIONS = { ...SESSION_COOKIE_OPTIONS, maxAge: 10 * 60 } as const;


export function patientAuthRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
  limits: Partial<PatientAuthLimits> = {},
): void {
  const { db, sessions } = deps;
  const auth = createPatientAuthService(db, {
    sessions,
    portalConfig: deps.portalConfig,
    limits,
  });

  app.post<{ Body: PatientAuthenticationRequest }>(
    '/api/authentication/patient',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Authenticates the holder of a booking key by date of birth (and contact number when ' +
          'contactNumberAuthEnabled). A booking request gets its session at once; an appointment ' +
          'gets a one-time code (e-mail, else SMS). 403 message.authentication_error; 429 ' +
          'message.max_attempts_reached after 5 tries of one client on the key in 15 minutes; ' +
          '429 message.authentication_try_later (Retry-After) while tries on the key are slowed ' +
          'down; 429 message.otp_send_limit after 5 codes for the key in an hour.',
        body: PatientAuthenticationRequestSchema,
        response: { 200: PatientAuthenticationResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const result = await withRetryAfter(reply, () =>
        auth.authenticate(request.body, {
          authToken: request.cookies[AUTH_COOKIE],
          sessionToken: request.cookies[SESSION_COOKIE],
          client: request.ip,
          locale: requestLocale(request),
        }),
      );
      if (result.kind === 'session') {
        void reply
          .setCookie(SESSION_COOKIE, result.sessionToken, SESSION_COOKIE_OPTIONS)
          .clearCookie(AUTH_COOKIE, SESSION_COOKIE_OPTIONS);
        return { authenticated: true, otpSent: null };
      }
      void reply.setCookie(AUTH_COOKIE, result.authToken, AUTH_COOKIE_OPTIONS);
      return {
        authenticated: false,
        otpSent: {
          channel: result.channel,
          sentTo: result.sentTo,
          resendSeconds: result.resendSeconds,
        },
      };
    },
  );

  app.post<{ Body: SendOtpRequest }>(
    '/api/authentication/otp/send',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sends a new one-time code to the browser that proved the date of birth. 429 ' +
          'message.otp_resend_too_soon (Retry-After) within the resend delay; 403 ' +
          'message.authentication_otp_expired once the code expired; 429 message.otp_send_limit ' +
          'after 5 codes for the key in an hour.',
        body: SendOtpRequestSchema,
        response: { 200: OtpSentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return withRetryAfter(reply, () =>
        auth.resend(request.body.bookingKey, request.cookies[AUTH_COOKIE], requestLocale(request)),
      );
    },
  );

  app.post<{ Body: ValidateOtpRequest }>(
    '/api/authentication/otp/validate',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Checks the one-time code (valid 10 minutes, once, 5 tries) and starts the session. ' +
          '403 message.authentication_otp_error or message.authentication_otp_expired; 429 ' +
          'message.max_attempts_reached after the fifth wrong code.',
        body: ValidateOtpRequestSchema,
        response: { 200: ValidateOtpResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const token = await withRetryAfter(reply, () =>
        auth.validate(request.body, {
          authToken: request.cookies[AUTH_COOKIE],
          sessionToken: request.cookies[SESSION_COOKIE],
          client: request.ip,
        }),
      );
      void reply
        .setCookie(SESSION_COOKIE, token, SESSION_COOKIE_OPTIONS)
        .clearCookie(AUTH_COOKIE, SESSION_COOKIE_OPTIONS);
      return { authenticated: true };
    },
  );

  app.get(
    '/api/authentication/captcha_challenge',
    {
      schema: {
        tags: ['auth'],
        summary:
          'A proof-of-work challenge (ALTCHA format, SHA-256) when the provider setting ' +
          'application.captchaEnabled is on; otherwise enabled=false.',
        response: { 200: CaptchaChallengeSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      if (!(await auth.captchaEnabled()))
        return { enabled: false, algorithm: 'SHA-256', challenge: '', salt: '', maxnumber: 0 };
      return issueCaptcha(db);
    },
  );

  app.post<{ Body: VerifyCaptchaRequest }>(
    '/api/authentication/verify_captcha',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verifies a solved CAPTCHA for this browser (each challenge once)',
        body: VerifyCaptchaRequestSchema,
        response: { 200: VerifyCaptchaResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      noStore(reply);
      let authToken = request.cookies[AUTH_COOKIE];
      if (!isWellFormedToken(authToken)) {
        authToken = newToken();
        void reply.setCookie(AUTH_COOKIE, authToken, AUTH_COOKIE_OPTIONS);
      }
      return { result: await verifyCaptcha(db, request.body.token, secretHash(authToken)) };
    },
  );

  app.post(
    '/api/keep_alive',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Keep-alive ping (spec 7): slides the session idle expiry; 401 when no live session',
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const session = await sessions.read(request.cookies[SESSION_COOKIE]);
      if (!session) throw new ApiError(401, 'message.unauthorized');
      return reply.code(204).send();
    },
  );
}
