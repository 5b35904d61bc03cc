import { keyRef } from '../db/secrets.js';
import type { FastifyInstance } from 'fastify';
import type { User } from '../../src/contract/portal.js';
import { AuthenticationStatusSchema, DevLoginBody } from '../schemas/auth.schema.js';
import { errorResponses, Token } from '../schemas/common.js';
import { DevConfigPatchSchema } from '../schemas/config.schema.js';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '../services/session.service.js';
import { Type } from '@sinclair/typebox';
import { readSetting, writeSetting } from '../db/settings.repo.js';
import { startPatientSession } from '../http/booking-session.js';
import { ApiError } from '../http/errors.js';
import type { RouteDeps } from './deps.js';

export const DEV_ROLE_TRANSLATIONS = '{"menu.logout":"Sign out"}';

/** Development only (config.devLogin): signs in a staff user without credentials. */
export function devRoutes(app: FastifyInstance, { sessions, db }: RouteDeps): void {
  app.post<{ Body: DevLoginBody }>(
    '/api/dev/login',
    {
      schema: {
        tags: ['development'],
        summary: 'Creates a staff session for any username (DEV_LOGIN=1 only)',
        body: DevLoginBody,
        response: { 200: AuthenticationStatusSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user: User = {
        username: request.body.username,
        userId: `dev-${request.body.username}`,
        organization: null,
        currentDoctor: { firstName: 'Anna', lastName: 'Nguyen' },
      };
      const token = await sessions.create({
        kind: 'staff',
        user,
        roleTranslations: DEV_ROLE_TRANSLATIONS,
      });
      void reply
        .setCookie(SESSION_COOKIE, token, SESSION_COOKIE_OPTIONS)
        .header('cache-control', 'no-store');
      return { authenticated: true, user, roleTranslations: DEV_ROLE_TRANSLATIONS };
    },
  );

  // Development and end-to-end tests: become the holder of a booking without
  // the date of birth and the one-time code (DEV_LOGIN=1 only).
  app.post<{ Body: { bookingKey: string } }>(
    '/api/dev/patient-login',
    {
      schema: {
        tags: ['development'],
        summary: 'Creates a patient session for a booking key (DEV_LOGIN=1 only)',
        body: Type.Object(
          { bookingKey: Token({ maxLength: 64 }) },
          { additionalProperties: false },
        ),
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { bookingKey } = request.body;
      const { rows } = await db.query<{ kind: 'appointment' | 'booking_request' }>(
        `SELECT 'appointment' AS kind FROM appointments WHERE booking_key = $1
         UNION ALL SELECT 'booking_request' FROM booking_requests WHERE booking_key = $1 LIMIT 1`,
        [keyRef(bookingKey)],
      );
      const kind = rows[0]?.kind;
      if (!kind) throw new ApiError(404, 'message.not_found');
      await startPatientSession(sessions, request, reply, { key: bookingKey, kind });
      return reply.header('cache-control', 'no-store').code(204).send();
    },
  );

  const ConfigSection = Type.Union(
    [
      'app',
      'integration',
      'bodyFigure',
      'radiology',
      'application',
      'bookingRequest',
      'bookingForm',
      'checkIn',
    ].map((name) => Type.Literal(name)),
  );

  // End-to-end tests change one provider setting (an external menu URL, the
  // read-only banner) through this route, against the real server.
  app.patch<{ Params: { section: string }; Body: Record<string, unknown> }>(
    '/api/dev/config/:section',
    {
      schema: {
        tags: ['development'],
        summary: 'Merges fields into one provider settings section (DEV_LOGIN=1 only)',
        params: Type.Object({ section: ConfigSection }),
        body: DevConfigPatchSchema,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const current = (await readSetting(db, request.params.section)) ?? {};
      await writeSetting(db, request.params.section, { ...(current as object), ...request.body });
      return reply.code(204).send();
    },
  );
}
