/**
 * The questionnaire calls before booking (R-7-calls-29/30): keyed by the
 * issued booking key, which only the browser it was issued to may use.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  ChangeExamRequest,
  ProcessOutcomesRequest,
  TemporaryAnswerRequest,
} from '../../../src/contract/questionnaire.js';
import { assertKeyOfBrowser, ensureBrowser } from '../../http/key-binding.js';
import { errorResponses } from '../../schemas/common.js';
import {
  ChangeExamRequestSchema,
  ChangeExamResponseSchema,
  MessageQuery,
  ProcessedOutcomeResponseSchema,
  ProcessOutcomesRequestSchema,
  QuestionnaireIdParams,
  QuestionnaireMessageSchema,
  QuestionnaireSchema,
  QuestionnairesQuery,
  QuestionnairesResponseSchema,
  SaveAnswerResponses,
  TemporaryAnswerRequestSchema,
} from '../../schemas/questionnaires.schema.js';
import type { RouteDeps } from '../deps.js';
import { requestLocale } from '../../http/request-locale.js';

const tags = ['questionnaires'];

/** The public calls take a booking key: only the browser it was issued to may use it. */
export function registerBeforeBookingRoutes(
  app: FastifyInstance,
  { db, bookings, questionnaires }: RouteDeps,
): void {
  const keyOfCaller = (request: FastifyRequest, bookingKey: string) =>
    assertKeyOfBrowser(db, request, bookingKey);

  app.get<{ Querystring: QuestionnairesQuery }>(
    '/api/questionnaires',
    {
      schema: {
        tags,
        summary:
          'Questionnaires of the given types for the exams (or modality), with the answers of the ' +
          'booking key; issues a key when none is given. 404 message.booking_key_invalid, ' +
          '409 message.booking_key_used, 404 message.exam_not_found',
        querystring: QuestionnairesQuery,
        response: { 200: QuestionnairesResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (request.query.bookingKey) await keyOfCaller(request, request.query.bookingKey);
      return questionnaires.list(
        request.query,
        () => bookings.newBookingKey(ensureBrowser(request, reply)),
        requestLocale(request, reply),
      );
    },
  );

  app.get<{ Querystring: MessageQuery }>(
    '/api/questionnaires/message',
    {
      schema: {
        tags,
        summary: 'The message of the outcome that applies to the answers of a booking key',
        querystring: MessageQuery,
        response: { 200: QuestionnaireMessageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      await keyOfCaller(request, request.query.bookingKey);
      return questionnaires.message(request.query.bookingKey, request.query.questionnaireId);
    },
  );

  app.get<{ Params: QuestionnaireIdParams }>(
    '/api/questionnaires/:questionnaireId',
    {
      schema: {
        tags,
        summary: 'One questionnaire; 404 message.questionnaire_not_found',
        params: QuestionnaireIdParams,
        response: { 200: QuestionnaireSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      questionnaires.get(request.params.questionnaireId, requestLocale(request, reply)),
  );

  app.post<{ Body: TemporaryAnswerRequest }>(
    '/api/questionnaires/temporary_answers',
    {
      schema: {
        tags,
        summary:
          'Saves the answer of a booking key before booking (replacing an earlier one), after ' +
          'checking it against the questionnaire: 400 message.error_answering_questionnaire with fields',
        body: TemporaryAnswerRequestSchema,
        response: SaveAnswerResponses,
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      await keyOfCaller(request, request.body.bookingKey);
      return questionnaires.saveTemporary(request.body);
    },
  );

  app.post<{ Body: ProcessOutcomesRequest }>(
    '/api/questionnaires/process_outcomes',
    {
      schema: {
        tags,
        summary: "Evaluates the stored outcome rules on the key's stored answers",
        body: ProcessOutcomesRequestSchema,
        response: { 200: ProcessedOutcomeResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      await keyOfCaller(request, request.body.bookingKey);
      return questionnaires.processOutcomes(request.body);
    },
  );

  app.post<{ Body: ChangeExamRequest }>(
    '/api/questionnaires/change_exam',
    {
      schema: {
        tags,
        summary:
          "Applies a CHANGE_EXAM outcome: the key's answers move to the new exam; " +
          '409 message.exam_change_not_allowed when no stored answer changes the exam',
        body: ChangeExamRequestSchema,
        response: { 200: ChangeExamResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await keyOfCaller(request, request.body.bookingKey);
      return questionnaires.changeExam(request.body);
    },
  );
}
