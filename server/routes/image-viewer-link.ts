/**
 * The referrer's report quality feedback (spec 2.3, 4 "Feedback", 7
 * GET and POST /api/image_viewer_link/questionnaires; R-7-calls-23,
 * R-7-calls-24): the feedback questionnaire of the study an image link (imsec,
 * ACTIVE) or, for a logged-in staff member or doctor, an accession number
 * (pacsAppointmentId: how the PACS names the visit) points at; 204 when the
 * feedback was already given or no questionnaire applies. Rate-limited with
 * the other image link lookups and audited, refusals included.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnswerRequest } from '../../src/contract/questionnaire.js';
import type { ImagingConfig } from '../config-imaging.js';
import { studyByAccession, type StudyRow } from '../db/imaging.repo.js';
import { ApiError } from '../http/errors.js';
import { auditContext } from '../http/imaging-audit.js';
import { strictRateLimit } from '../http/rate-limit.js';
import { requestLocale } from '../http/request-locale.js';
import { errorResponses, NoContent } from '../schemas/common.js';
import {
  FeedbackLinkQuery,
  ReferrerFeedbackAnswerSchema,
} from '../schemas/image-viewer-link.schema.js';
import {
  AnswerRequestSchema,
  FeedbackQuestionnaireSchema,
} from '../schemas/questionnaires.schema.js';
import type { ImageLinkService } from '../services/image-links.service.js';
import type { ReferrerFeedback } from '../services/referrer-feedback.service.js';
import { SESSION_COOKIE } from '../services/session.service.js';
import type { RouteDeps } from './deps.js';

const PATH = '/api/image_viewer_link/questionnaires';
const tags = ['image-viewer'];

export function imageViewerLinkRoutes(
  app: FastifyInstance,
  { db, sessions }: RouteDeps,
  imaging: ImagingConfig,
  links: ImageLinkService,
  feedback: ReferrerFeedback,
): void {
  const limited = strictRateLimit(db, 'image-link', imaging.lookupRateLimit);

  /** The study the feedback is about, and who gives it ('link:<id>' or 'staff:<user>'). */
  async function studyOf(
    request: FastifyRequest<{ Querystring: FeedbackLinkQuery }>,
  ): Promise<{ study: StudyRow; givenBy: string }> {
    const { imsec, pacsAppointmentId } = request.query;
    if ((imsec === undefined) === (pacsAppointmentId === undefined))
      throw new ApiError(400, 'message.bad_request', 'give imsec or pacsAppointmentId');
    if (imsec !== undefined) {
      const { link, study } = await links.find(imsec);
      auditContext(request, {
        actorKind: 'imsec',
        actor: link ? `link:${link.id}` : null,
        studyId: study?.id ?? null,
        accessionNumber: study?.accessionNumber ?? null,
      });
      if (!link || !study || link.status === 'EXPIRED')
        throw new ApiError(404, 'message.image_link_not_active');
      return { study, givenBy: `link:${link.id}` };
    }
    const session = await sessions.read(request.cookies[SESSION_COOKIE]);
    const username = session?.kind === 'staff' ? (session.user?.username ?? 'staff') : undefined;
    auditContext(request, {
      actorKind: username ? 'staff' : 'anonymous',
      actor: username ?? null,
      accessionNumber: pacsAppointmentId ?? null,
    });
    if (!username) throw new ApiError(401, 'message.unauthorized');
    const study = await studyByAccession(db, pacsAppointmentId!, 'PORTAL');
    if (!study) throw new ApiError(404, 'message.not_found');
    auditContext(request, { studyId: study.id });
    return { study, givenBy: `staff:${username}` };
  }

  app.get<{ Querystring: FeedbackLinkQuery }>(
    PATH,
    {
      onRequest: limited,
      config: { imagingAudit: 'referrer_feedback' },
      schema: {
        tags,
        summary:
          "The referrer's report quality feedback questionnaire for an image link (imsec) or, " +
          'with a staff session, an accession (pacsAppointmentId); 204 when already given or none ' +
          'applies. 404 message.image_link_not_active, message.referrer_feedback_disabled',
        querystring: FeedbackLinkQuery,
        response: { 200: FeedbackQuestionnaireSchema, 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { study } = await studyOf(request);
      const found = await feedback.questionnaire(study, requestLocale(request, reply));
      void reply.header('cache-control', 'no-store');
      return found ?? reply.code(204).send();
    },
  );

  app.post<{ Querystring: FeedbackLinkQuery; Body: AnswerRequest }>(
    PATH,
    {
      onRequest: limited,
      config: { imagingAudit: 'referrer_feedback_answer' },
      schema: {
        tags,
        summary:
          "Saves the referrer's report quality feedback ({questionnaireId, questionnaireResult}); " +
          '409 message.feedback_already_provided the second time, 400 ' +
          'message.error_answering_questionnaire when the answers do not fit',
        querystring: FeedbackLinkQuery,
        body: AnswerRequestSchema,
        response: { 200: ReferrerFeedbackAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { study, givenBy } = await studyOf(request);
      return feedback.save(study, request.body, givenBy);
    },
  );
}
