import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { listClinicContacts } from '../db/clinics.repo.js';
import { errorResponses } from '../schemas/common.js';
import { ClinicContactList, PortalConfigSchema } from '../schemas/config.schema.js';
import type { RouteDeps } from './deps.js';
import { readBundle } from '../db/translations.repo.js';
import { requestLocale } from '../http/request-locale.js';

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
        summary:
          "Terms and conditions as HTML, in the request's language when the provider's " +
          'translations have them (radiology.terms)',
        response: {
          200: { description: 'Terms HTML', content: { 'text/html': { schema: Type.String() } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const translated = (await readBundle(db, requestLocale(request, reply)))['radiology.terms'];
      const html = translated ?? (await portalConfig.termsHtml());
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
}
