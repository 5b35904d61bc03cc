import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  AnswerRequest,
  ChangeExamRequest,
  ConsentAnswerRequest,
  ProcessOutcomesRequest,
  QuestionnaireAnswer,
  TemporaryAnswerRequest,
} from '../../src/contract/questionnaire.js';
import { findBookingRequestBySlug } from '../db/questionnaire-facts.repo.js';
import { ApiError } from '../http/errors.js';
import { requireAppointment, requireBookingRequest, securedSession } from '../http/secured.js';
import { assertKeyOfBrowser, ensureBrowser } from '../http/key-binding.js';
import { errorResponses, NoContent } from '../schemas/common.js';
import {
  AnswerErrorBody,
  AnswerRequestSchema,
  ChangeExamRequestSchema,
  ChangeExamResponseSchema,
  ConsentAnswerRequestSchema,
  ConsentAnswerSchema,
  ConsentFormsResponseSchema,
  ConsentParams,
  FeedbackQuestionnaireSchema,
  MessageQuery,
  ProcessedOutcomeResponseSchema,
  ProcessOutcomesRequestSchema,
  QuestionnaireAnswerSchema,
  QuestionnaireIdParams,
  QuestionnaireMessageSchema,
  QuestionnaireSchema,
  QuestionnairesQuery,
  QuestionnairesResponseSchema,
  SlugParams,
  TemporaryAnswerRequestSchema,
  TypesQuery,
} from '../schemas/questionnaires.schema.js';
import { splitList } from '../services/questionnaire-common.js';
import type { BookingRef } from '../services/questionnaire.service.js';
import type { RouteDeps } from './deps.js';

const tags = ['questionnaires'];
const security = [{ session: [] }];
const saveResponses = { 200: QuestionnaireAnswerSchema, 400: AnswerErrorBody, ...errorResponses };

/**
 * Questionnaires (R-7-calls-29..31): public calls before booking, keyed by
 * the issued booking key; /api/secured calls after booking, for the booking
 * the session holds ({id} is its slug). See src/contract/questionnaire.ts.
 */
export function questionnaireRoutes(app: FastifyInstance, deps: RouteDeps): void {
  publicRoutes(app, deps);
  appointmentRoutes(app, deps);
  bookingRequestRoutes(app, deps);
}

/** The public calls take a booking key: only the browser it was issued to may use it. */
function publicRoutes(app: FastifyInstance, { db, bookings, questionnaires }: RouteDeps): void {
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
      return questionnaires.list(request.query, () =>
        bookings.newBookingKey(ensureBrowser(request, reply)),
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
    async (request) => questionnaires.get(request.params.questionnaireId),
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
        response: saveResponses,
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

function appointmentRoutes(app: FastifyInstance, { db, questionnaires }: RouteDeps): void {
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
    async (request) => questionnaires.listForAppointment(await owned(request), request.query.types),
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
        response: saveResponses,
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
        response: saveResponses,
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
      const feedback = await questionnaires.feedback(await owned(request));
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
        response: saveResponses,
      },
    },
    async (request) =>
      questionnaires.saveForAppointment(await owned(request), request.body, 'FEEDBACK'),
  );

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
    async (request) => questionnaires.consentForms(await owned(request)),
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

function bookingRequestRoutes(app: FastifyInstance, { db, questionnaires }: RouteDeps): void {
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
    async (request) => {
      if (securedSession(request).kind !== 'staff')
        return questionnaires.listForBookingRequest(await owned(request), request.query.types);
      // R-8-07: the radiologist's protocol entry; nothing else of the request is shown to staff.
      if (splitList(request.query.types).join(',') !== 'PROTOCOL')
        throw new ApiError(403, 'message.forbidden', 'staff may read the protocol only');
      const ref = await findBookingRequestBySlug(db, request.params.id);
      if (!ref) throw new ApiError(404, 'message.not_found', 'no such booking request');
      const list = await questionnaires.listForBookingRequest(ref, 'PROTOCOL');
      const ids = new Set(list.questionnaires.map((q) => q.id));
      const protocol = (answers: QuestionnaireAnswer[]) =>
        answers.filter((a) => ids.has(a.questionnaireId));
      return {
        questionnaires: list.questionnaires,
        bookingKey: '',
        examQuestionnaireAnswers: protocol(list.examQuestionnaireAnswers),
        allQuestionnaireAnswers: protocol(list.allQuestionnaireAnswers),
      };
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
        response: saveResponses,
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
        response: saveResponses,
      },
    },
    async (request) => {
      // Staff sessions hold no booking: they may protocol any booking request.
      const staff = securedSession(request).kind === 'staff';
      const ref = staff
        ? await findBookingRequestBySlug(db, request.params.id)
        : await owned(request);
      if (!ref) throw new ApiError(404, 'message.not_found', 'no such booking request');
      return questionnaires.saveForBookingRequest(ref, request.body, 'PROTOCOL');
    },
  );
}
