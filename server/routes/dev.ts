import type { FastifyInstance } from 'fastify';
import type { User } from '../../src/api/contract.js';
import { AuthenticationStatusSchema, DevLoginBody } from '../schemas/auth.schema.js';
import { errorResponses } from '../schemas/common.js';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '../services/session.service.js';
import { Type } from '@sinclair/typebox';
import { readSetting, writeSetting } from '../db/settings.repo.js';
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

  const ConfigSection = Type.Union(
    [
      'app',
      'integration',
      'bodyFigure',
      'radiology',
      'application',
      'bookingRequest',
      'bookingForm',
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
        body: Type.Record(Type.String(), Type.Unknown()),
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
