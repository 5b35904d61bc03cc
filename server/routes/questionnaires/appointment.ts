/**
 * The questionnaire calls of a booked appointment under /api/secured
 * (R-7-calls-30): its after-booking questionnaires and answers, pain scores
 * and feedback (given once). The session must hold the appointment.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnswerRequest } from '../../../src/contract/questionnaire.js';
import { requireAppointment } from '../../http/secured.js';
import { errorResponses, NoContent } from '../../schemas/common.js';
import {
  AnswerRequestSchema,
  FeedbackQuestionnaireSchema,
  QuestionnairesResponseSchema,
  SaveAnswerResponses,
  SlugParams,
  TypesQuery,
} from '../../schemas/questionnaires.schema.js';
import type { BookingRef } from '../../services/questionnaire.service.js';
import type { RouteDeps } from '../deps.js';
import { requestLocale } from '../../http/request-locale.js';

const tags = ['questionnaires'];
const security = [{ session: [] }];

export function registerAppointmentQuestionnaireRoutes(
  app: FastifyInstance,
  { db, questionnaires }: RouteDeps,
): void {
  const owned = (request: FastifyRequest<{ Params: SlugParams }>): Promise<BookingRef> =>
    requireAppointment(db, request, { slug: request.params.id });
  const base = '/api/secured/appointments/:id';

  app.get<{ Params: SlugParams; Querystring: TypesQuery }>(
    `${base}/questionnaires`,
    {
      schema: {
        tags,
        security,
        summary: 'After-booking questionnaires of the appointment and its answers (feedback once)',
        params: SlugParams,
        querystring: TypesQuery,
        response: { 200: QuestionnairesResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      questionnaires.listForAppointment(
        await owned(request),
        request.query.types,
        requestLocale(request, reply),
      ),
  );

  app.post<{ Params: SlugParams; Body: AnswerRequest }>(
    `${base}/questionnaire_answers`,
    {
      schema: {
        tags,
        security,
        summary:
          'Saves an after-booking answer; CANCEL_APPOINTMENT_PATIENT and DECLINE_APPOINTMENT set ' +
          'the appointment CANCELED',
        params: SlugParams,
        body: AnswerRequestSchema,
        response: SaveAnswerResponses,
      },
    },
    async (request) =>
      questionnaires.saveForAppointment(await owned(request), request.body, 'APPOINTMENT'),
  );

  app.post<{ Params: SlugParams; Body: AnswerRequest }>(
    `${base}/pain_score`,
    {
      schema: {
        tags,
        security,
        summary:
          'Saves a pain score (PAIN_SCORE_INITIAL or _FINAL); 400 message.pain_score_problem',
        params: SlugParams,
        body: AnswerRequestSchema,
        response: SaveAnswerResponses,
      },
    },
    async (request) =>
      questionnaires.saveForAppointment(await owned(request), request.body, 'PAIN_SCORE'),
  );

  app.get<{ Params: SlugParams }>(
    `${base}/feedback`,
    {
      schema: {
        tags,
        security,
        summary: 'The feedback questionnaire, or 204 when feedback was already given',
        params: SlugParams,
        response: { 200: FeedbackQuestionnaireSchema, 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const feedback = await questionnaires.feedback(
        await owned(request),
        requestLocale(request, reply),
      );
      return feedback ?? reply.code(204).send();
    },
  );

  app.post<{ Params: SlugParams; Body: AnswerRequest }>(
    `${base}/feedback`,
    {
      schema: {
        tags,
        security,
        summary: 'Saves the feedback once; 409 message.feedback_already_provided',
        params: SlugParams,
        body: AnswerRequestSchema,
        response: SaveAnswerResponses,
      },
    },
    async (request) =>
      questionnaires.saveForAppointment(await owned(request), request.body, 'FEEDBACK'),
  );
}
