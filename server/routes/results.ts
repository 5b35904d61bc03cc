/**
 * An appointment's results for its patient (spec 7 "reports; pain score;
 * image viewer URL; import-ready status; results access requirements";
 * R-7-calls-44, R-7-calls-46; issue 17 part 6). Secured like every
 * /api/secured/appointments route: the session must hold the appointment's
 * booking key (401 without a session, 403 for another booking). Every read
 * is audited, refusals included.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditNameOfBooking, type ImagingAuditAction } from '../db/imaging-audit.repo.js';
import { studyOfAppointmentSlug, type StudyRow } from '../db/imaging.repo.js';
import { requireAppointment } from '../http/secured.js';
import { auditContext, type ImagingAuditContext } from '../http/imaging-audit.js';
import { SlugParams } from '../schemas/appointments.schema.js';
import { errorResponses } from '../schemas/common.js';
import {
  AccessionParams,
  ImageViewerUrlResponseSchema,
  ImportReadyStatusSchema,
  PainScoresResponseSchema,
  ReportsResponseSchema,
  ResultsAccessSchema,
} from '../schemas/imaging.schema.js';
import type { ResultsService } from '../services/results.service.js';
import type { RouteDeps } from './deps.js';
import { Type } from '@sinclair/typebox';

const tags = ['results'];
const security = [{ session: [] }];
const BASE = '/api/secured/appointments/:id';

export function resultsRoutes(
  app: FastifyInstance,
  { db }: RouteDeps,
  results: ResultsService,
): void {
  /** The owned appointment; the audit names it as the reader (and its study once known). */
  async function owned(request: FastifyRequest<{ Params: SlugParams }>) {
    const appointment = await requireAppointment(db, request, { slug: request.params.id });
    auditContext(request, { actorKind: 'patient', actor: `appointment:${request.params.id}` });
    return appointment;
  }

  /**
   * A refused read (no session, another patient's booking, results not
   * released): the session that asked, by its own booking or staff name, and
   * the study of the appointment it asked for.
   */
  async function refused(request: FastifyRequest): Promise<ImagingAuditContext> {
    const session = request.securedSession;
    const slug = (request.params as { id?: unknown } | undefined)?.id;
    const asked = typeof slug === 'string' ? await studyOfAppointmentSlug(db, slug) : undefined;
    const who: ImagingAuditContext =
      session?.kind === 'staff'
        ? { actorKind: 'staff', actor: session.user?.username ?? 'staff' }
        : session?.bookingKey && session.bookingKind
          ? {
              actorKind: 'patient',
              actor: await auditNameOfBooking(db, session.bookingKey, session.bookingKind),
            }
          : {};
    return { ...who, studyId: asked?.id ?? null, accessionNumber: asked?.accessionNumber ?? null };
  }
  const seen = (request: FastifyRequest, study: StudyRow | undefined) =>
    auditContext(request, {
      studyId: study?.id ?? null,
      accessionNumber: study?.accessionNumber ?? null,
    });

  const get = <P extends SlugParams>(
    path: string,
    action: ImagingAuditAction,
    summary: string,
    params: typeof SlugParams | typeof AccessionParams,
    response: unknown,
    handler: (
      request: FastifyRequest<{ Params: P }>,
      reply: FastifyReply,
      appointmentId: number,
    ) => Promise<unknown>,
  ) =>
    app.get<{ Params: P }>(
      `${BASE}${path}`,
      {
        config: { imagingAudit: action, imagingAuditRefused: refused },
        schema: { tags, security, summary, params, response: { 200: response, ...errorResponses } },
      },
      async (request, reply) => handler(request, reply, (await owned(request)).id),
    );

  get(
    '/results_access',
    'results_access',
    'When results are available: state NOT_READY, WAITING (availableFrom), RELEASED (until availableUntil) or EXPIRED (resultsExpired), and the rule',
    SlugParams,
    ResultsAccessSchema,
    async (request, _reply, id) => {
      const found = await results.resultsOf(id);
      seen(request, found.study);
      return found.access;
    },
  );

  get(
    '/reports',
    'reports',
    "The radiologist's reports once released; 403 message.results_not_released before, 410 message.results_expired after the access period",
    SlugParams,
    ReportsResponseSchema,
    async (request, _reply, id) => {
      const found = await results.reports(id).catch(async (error: unknown) => {
        seen(request, (await results.resultsOf(id)).study);
        throw error;
      });
      seen(request, found.study);
      return found.reports;
    },
  );

  get<AccessionParams>(
    '/reports/:accessionNumber/pdf',
    'report_pdf',
    'The report as a PDF download (application/pdf), on the same terms as the reports',
    AccessionParams,
    Type.String({ description: 'application/pdf' }),
    async (request, reply, id) => {
      const found = await results.pdf(id, request.params.accessionNumber);
      seen(request, found.study);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="report-${found.study.accessionNumber}.pdf"`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(found.pdf);
    },
  );

  get(
    '/pain_score',
    'pain_score',
    "The patient's pain scores (PAIN_SCORE_INITIAL, PAIN_SCORE_FINAL; 0 to 10)",
    SlugParams,
    PainScoresResponseSchema,
    async (_request, _reply, id) => results.painScores(id),
  );

  get(
    '/image_viewer',
    'image_viewer_url',
    'The image viewer URL with a fresh viewer token (null: images not available), once results are released',
    SlugParams,
    ImageViewerUrlResponseSchema,
    async (request, _reply, id) => {
      const found = await results.imageViewerUrl(id, request.params.id);
      seen(request, found.study);
      return found.answer;
    },
  );

  get(
    '/import_ready',
    'import_ready',
    'Whether the images have arrived (importReady, imagesAvailable) and the report can be read',
    SlugParams,
    ImportReadyStatusSchema,
    async (request, _reply, id) => {
      const found = await results.importReady(id);
      seen(request, found.study);
      return found.answer;
    },
  );
}
