import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { listClinicContacts } from '../db/clinics.repo.js';
import { errorResponses } from '../schemas/common.js';
import { ClinicContactList, PortalConfigSchema } from '../schemas/config.schema.js';
import type { RouteDeps } from './deps.js';

export function configRoutes(app: FastifyInstance, { db, portalConfig }: RouteDeps): void {
  app.get(
    '/api/config/portal',
    {
      schema: {
        tags: ['config'],
        summary: 'Provider configuration the front end starts with (spec 3)',
        response: { 200: PortalConfigSchema, ...errorResponses },
      },
    },
    () => portalConfig.portalConfig(),
  );

  app.get(
    '/api/config/contact',
    {
      schema: {
        tags: ['config'],
        summary: 'Clinic contacts',
        response: { 200: ClinicContactList, ...errorResponses },
      },
    },
    () => listClinicContacts(db),
  );

  app.get(
    '/api/config/terms',
    {
      schema: {
        tags: ['config'],
        summary: 'Terms and conditions as HTML',
        response: {
          200: { description: 'Terms HTML', content: { 'text/html': { schema: Type.String() } } },
          ...errorResponses,
        },
      },
    },
    async (_request, reply) => {
      const html = await portalConfig.termsHtml();
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
}
