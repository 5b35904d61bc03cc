/**
 * The questionnaire calls of a booking request under /api/secured
 * (R-7-calls-30): its questionnaires and answers for the session that holds
 * it, and the radiologist's protocol, which a staff session may read and save
 * for any booking request (R-8-07).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnswerRequest } from '../../../src/contract/questionnaire.js';
import { requireBookingRequest, securedSession } from '../../http/secured.js';
import { errorResponses } from '../../schemas/common.js';
import {
  AnswerRequestSchema,
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

export function registerBookingRequestQuestionnaireRoutes(
  app: FastifyInstance,
  { db, questionnaires }: RouteDeps,
): void {
  const owned = (request: FastifyRequest<{ Params: SlugParams }>): Promise<BookingRef> =>
    requireBookingRequest(db, request, { slug: request.params.id });
  const base = '/api/secured/booking_requests/:id';

  app.get<{ Params: SlugParams; Querystring: TypesQuery }>(
    `${base}/questionnaires`,
    {
      schema: {
        tags,
        security,
        summary:
          'Questionnaires of the booking request and its answers. A staff session (it holds no ' +
          'booking) may ask for types=PROTOCOL only: it gets the protocol questionnaires and ' +
          'protocol answers, without the booking key; other types answer 403',
        params: SlugParams,
        querystring: TypesQuery,
        response: { 200: QuestionnairesResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (securedSession(request).kind !== 'staff')
        return questionnaires.listForBookingRequest(
          await owned(request),
          request.query.types,
          requestLocale(request, reply),
        );
      return questionnaires.listProtocolForStaff(request.params.id, request.query.types);
    },
  );

  app.post<{ Params: SlugParams; Body: AnswerRequest }>(
    `${base}/questionnaire_answers`,
    {
      schema: {
        tags,
        security,
        summary: 'Saves an answer about the booking request',
        params: SlugParams,
        body: AnswerRequestSchema,
        response: SaveAnswerResponses,
      },
    },
    async (request) =>
      questionnaires.saveForBookingRequest(await owned(request), request.body, 'BOOKING_REQUEST'),
  );

  app.post<{ Params: SlugParams; Body: AnswerRequest }>(
    `${base}/protocol`,
    {
      schema: {
        tags,
        security,
        summary:
          "Saves the radiologist's protocol (staff, or the request's holder); " +
          '400 message.booking_request_waiting_protocol_error',
        params: SlugParams,
        body: AnswerRequestSchema,
        response: SaveAnswerResponses,
      },
    },
    async (request) => {
      // Staff sessions hold no booking: they may protocol any booking request.
      if (securedSession(request).kind === 'staff')
        return questionnaires.saveProtocolForStaff(request.params.id, request.body);
      return questionnaires.saveForBookingRequest(await owned(request), request.body, 'PROTOCOL');
    },
  );
}
