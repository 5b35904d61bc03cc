import type { FastifyInstance } from 'fastify';
import type { User } from '../../src/api/contract.js';
import { AuthenticationStatusSchema, DevLoginBody } from '../schemas/auth.schema.js';
import { errorResponses } from '../schemas/common.js';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '../services/session.service.js';
import type { RouteDeps } from './deps.js';

export const DEV_ROLE_TRANSLATIONS = '{"menu.logout":"Sign out"}';

/** Development only (config.devLogin): signs in a staff user without credentials. */
export function devRoutes(app: FastifyInstance, { sessions }: RouteDeps): void {
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
}
