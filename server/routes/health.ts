import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../schemas/common.js';
import type { RouteDeps } from './deps.js';

const Health = Type.Object({
  status: Type.Literal('ok'),
  db: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
});

export function healthRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check (never rate limited)',
        response: { 200: Health, ...errorResponses },
      },
    },
    async (_request, reply) => {
      await db.query('SELECT 1');
      void reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, db: db.kind };
    },
  );
}
