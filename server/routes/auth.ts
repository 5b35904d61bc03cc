import type { FastifyInstance } from 'fastify';
import { AuthenticationStatusSchema } from '../schemas/auth.schema.js';
import { errorResponses, NoContent } from '../schemas/common.js';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '../services/session.service.js';
import type { RouteDeps } from './deps.js';

export function authRoutes(app: FastifyInstance, { sessions }: RouteDeps): void {
  app.get(
    '/api/authenticated',
    {
      schema: {
        tags: ['auth'],
        summary: 'Authentication status of the session cookie (never 401)',
        response: { 200: AuthenticationStatusSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return sessions.status(request.cookies[SESSION_COOKIE]);
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ends the session and clears its cookie',
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await sessions.destroy(request.cookies[SESSION_COOKIE]);
      return reply.clearCookie(SESSION_COOKIE, SESSION_COOKIE_OPTIONS).code(204).send();
    },
  );
}
