/**
 * Image links (spec 7: GET /api/image_viewer, POST /api/image_viewer/generate;
 * R-7-calls-22, R-7-calls-25) and the referrer's quick report and viewer
 * token. The lookups are rate-limited per client address and audited; an
 * unknown, foreign or expired code gets the same EXPIRED answer (200) or
 * the same 404 message.image_link_not_active.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ImagingConfig } from '../config-imaging.js';
import type { StudyRow } from '../db/imaging.repo.js';
import { ApiError } from '../http/errors.js';
import { auditContext } from '../http/imaging-audit.js';
import { addressBlock, strictRateLimit } from '../http/rate-limit.js';
import { SESSION_COOKIE } from '../services/session.service.js';
import { errorResponses } from '../schemas/common.js';
import {
  GeneratedImageLinkSchema,
  GenerateQuery,
  ImageViewerQuery,
  ImageViewerResponseSchema,
  QuickReportSchema,
  ViewerTokenSchema,
} from '../schemas/imaging.schema.js';
import type { ImageLinkService, LinkLookup } from '../services/image-links.service.js';
import type { ResultsService } from '../services/results.service.js';
import type { RouteDeps } from './deps.js';

const tags = ['image-viewer'];

function seen(request: FastifyRequest, { link, study }: LinkLookup): void {
  auditContext(request, {
    actorKind: 'imsec',
    actor: link ? `link:${link.id}` : null,
    studyId: study?.id ?? link?.studyId ?? null,
    accessionNumber: study?.accessionNumber ?? link?.accessionNumber ?? null,
  });
}

export function imageViewerRoutes(
  app: FastifyInstance,
  { db, sessions }: RouteDeps,
  imaging: ImagingConfig,
  links: ImageLinkService,
  results: ResultsService,
): void {
  // Per IPv6 /64, not per address: a guesser may not rotate through its own network.
  const limited = strictRateLimit(db, 'image-link', imaging.lookupRateLimit, (request) =>
    addressBlock(request.ip),
  );
  const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

  app.get<{ Querystring: ImageViewerQuery }>(
    '/api/image_viewer',
    {
      onRequest: limited,
      config: { imagingAudit: 'image_link' },
      schema: {
        tags,
        summary:
          'Spec 3 image viewer response for an image link (imsec): ACTIVE with the viewer url ' +
          '(null: images not available), preference and pacsUrl; EXPIRED with redirectUrl for an ' +
          'expired, unknown or foreign code alike',
        querystring: ImageViewerQuery,
        response: { 200: ImageViewerResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const found = await links.lookup(request.query.input, request.query.repositorySource);
      seen(request, found);
      if (found.answer.imageViewerLinkStatus === 'EXPIRED')
        auditContext(request, { outcome: 'refused', messageKey: 'message.image_link_expired' });
      void reply.headers(noStore);
      return found.answer;
    },
  );

  const active = async (request: FastifyRequest<{ Querystring: ImageViewerQuery }>) => {
    const found = await links.find(request.query.input, request.query.repositorySource);
    seen(request, found);
    if (!found.link || !found.study || found.link.status === 'EXPIRED')
      throw new ApiError(404, 'message.image_link_not_active');
    return found.study as StudyRow;
  };

  app.get<{ Querystring: ImageViewerQuery }>(
    '/api/image_viewer/report',
    {
      onRequest: limited,
      config: { imagingAudit: 'quick_report' },
      schema: {
        tags,
        summary:
          "The referrer's quick report of an ACTIVE image link: patient, exam, the report (null " +
          'while none) and whether images exist. 404 message.image_link_not_active otherwise',
        querystring: ImageViewerQuery,
        response: { 200: QuickReportSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const study = await active(request);
      void reply.headers(noStore);
      return results.quickReport(study);
    },
  );

  app.post<{ Querystring: ImageViewerQuery }>(
    '/api/image_viewer/token',
    {
      onRequest: limited,
      config: { imagingAudit: 'viewer_token' },
      schema: {
        tags,
        summary:
          'A fresh viewer token (DICOMweb, one study, short-lived) for an ACTIVE image link with ' +
          'images; 404 message.image_link_not_active or message.images_not_available',
        querystring: ImageViewerQuery,
        response: { 200: ViewerTokenSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await active(request);
      const found = await links.token(request.query.input, request.query.repositorySource);
      if (!found.token) throw new ApiError(404, 'message.images_not_available');
      void reply.headers(noStore);
      return found.token;
    },
  );

  app.post<{ Querystring: GenerateQuery }>(
    '/api/image_viewer/generate',
    {
      config: { imagingAudit: 'image_link_generate' },
      schema: {
        tags,
        security: [{ session: [] }],
        summary:
          'A new image link for an accession number (logged-in staff; empty body): the code is ' +
          'shown once and stored hashed. 401 without a staff session, 404 for an unknown accession',
        querystring: GenerateQuery,
        response: { 200: GeneratedImageLinkSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = await sessions.read(request.cookies[SESSION_COOKIE]);
      const username = session?.kind === 'staff' ? (session.user?.username ?? 'staff') : undefined;
      auditContext(request, {
        actorKind: username ? 'staff' : 'anonymous',
        actor: username ?? null,
      });
      if (!username) throw new ApiError(401, 'message.unauthorized');
      const { accessionNumber, repositorySource } = request.query;
      const made = await links.generate(accessionNumber, repositorySource, username);
      auditContext(request, { studyId: made?.study.id ?? null, accessionNumber });
      if (!made) throw new ApiError(404, 'message.not_found');
      const { study: _study, ...link } = made;
      void reply.headers(noStore);
      return link;
    },
  );
}
