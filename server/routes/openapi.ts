import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../schemas/common.js';

export function openapiRoutes(app: FastifyInstance): void {
  app.get(
    '/api/openapi.json',
    {
      schema: {
        tags: ['system'],
        summary: 'This OpenAPI document',
        response: { 200: Type.Object({}, { additionalProperties: true }), ...errorResponses },
      },
    },
    () => app.swagger() as unknown as Record<string, unknown>,
  );
}
