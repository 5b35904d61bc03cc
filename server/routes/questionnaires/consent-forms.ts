/**
 * The consent forms of a booked appointment under /api/secured
 * (R-7-calls-31): the forms and answers, and saving a form's result. The
 * session must hold the appointment.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConsentAnswerRequest } from '../../../src/contract/questionnaire.js';
import { requireAppointment } from '../../http/secured.js';
import { errorResponses } from '../../schemas/common.js';
import {
  AnswerErrorBody,
  ConsentAnswerRequestSchema,
  ConsentAnswerSchema,
  ConsentFormsResponseSchema,
  ConsentParams,
  SlugParams,
} from '../../schemas/questionnaires.schema.js';
import type { BookingRef } from '../../services/questionnaire.service.js';
import type { RouteDeps } from '../deps.js';
import { requestLocale } from '../../http/request-locale.js';

const tags = ['questionnaires'];
const security = [{ session: [] }];

export function registerConsentFormRoutes(
  app: FastifyInstance,
  { db, questionnaires }: RouteDeps,
): void {
  const owned = (request: FastifyRequest<{ Params: SlugParams }>): Promise<BookingRef> =>
    requireAppointment(db, request, { slug: request.params.id });
  const base = '/api/secured/appointments/:id';

  app.get<{ Params: SlugParams }>(
    `${base}/consent_forms`,
    {
      schema: {
        tags,
        security,
        summary: 'The consent forms of the appointment and its answers',
        params: SlugParams,
        response: { 200: ConsentFormsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      questionnaires.consentForms(await owned(request), requestLocale(request, reply)),
  );

  app.post<{ Params: ConsentParams; Body: ConsentAnswerRequest }>(
    `${base}/consent_forms/:consentFormId`,
    {
      schema: {
        tags,
        security,
        summary: 'Saves (or replaces) a consent-form result; 404 message.consent_form_not_found',
        params: ConsentParams,
        body: ConsentAnswerRequestSchema,
        response: { 200: ConsentAnswerSchema, 400: AnswerErrorBody, ...errorResponses },
      },
    },
    async (request) =>
      questionnaires.saveConsent(
        await requireAppointment(db, request, { slug: request.params.id }),
        request.params.consentFormId,
        request.body.questionnaireResult,
      ),
  );
}
