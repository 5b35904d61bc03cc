/**
 * The read-only DICOMweb service (PS3.18; issue 17 part 2; docs/dicomweb.md).
 * Every request needs a viewer token of its study (Authorization: Bearer, or
 * ?token= for viewers that cannot set headers): 401 message.viewer_token_invalid
 * without a valid one, 403 message.viewer_token_scope for another study.
 * Answers are no-store; every request is audited. A request with a valid
 * token counts against its token's rate budget, not its address's
 * (http/dicomweb-token.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { ImagingAuditAction } from '../db/imaging-audit.repo.js';
import type { StudyRow } from '../db/imaging.repo.js';
import { dicomWebTokenCheck } from '../http/dicomweb-token.js';
import { ApiError } from '../http/errors.js';
import { auditContext, type ImagingAuditContext } from '../http/imaging-audit.js';
import { matches, originOf } from '../http/origin-check.js';
import type { RateLimitOptions } from '../http/rate-limit.js';
import { errorResponses } from '../schemas/common.js';
import {
  FrameParams,
  InstanceParams,
  QidoQuery,
  RenderedQuery,
  SeriesParams,
  StudyParams,
  TokenQuery,
  type DicomWebParams,
} from '../schemas/dicomweb.schema.js';
import type { DicomWebService, StudySearch } from '../services/dicomweb.service.js';
import type { Multipart } from '../services/dicomweb.service.js';
import { DICOMWEB_ROOT, type ViewerTokens } from '../services/viewer-token.js';

const tags = ['dicomweb'];
const security = [{ viewerToken: [] }];
const DicomJsonArray = Type.Array(Type.Object({}, { additionalProperties: true }), {
  description: 'application/dicom+json (PS3.18 F.2)',
});
const Binary = Type.String({ description: 'multipart/related or image/png' });

type Query = QidoQuery & RenderedQuery & TokenQuery;
type Req = FastifyRequest<{ Params: DicomWebParams; Querystring: Query }>;

function search(query: QidoQuery): StudySearch {
  return {
    StudyInstanceUID: query.StudyInstanceUID ?? query['0020000D'],
    PatientID: query.PatientID ?? query['00100020'],
    AccessionNumber: query.AccessionNumber ?? query['00080050'],
    StudyDate: query.StudyDate ?? query['00080020'],
    ModalitiesInStudy: query.ModalitiesInStudy ?? query['00080061'],
    Modality: query.Modality ?? query['00080060'],
    SeriesInstanceUID: query.SeriesInstanceUID ?? query['0020000E'],
    SOPInstanceUID: query.SOPInstanceUID ?? query['00080018'],
    limit: query.limit,
    offset: query.offset,
    includefield: query.includefield,
  };
}

function renderOptions(query: RenderedQuery, thumbnail: boolean) {
  const [w, h] = (query.viewport ?? (thumbnail ? '128,128' : '')).split(',').map(Number);
  const [center, width] = (query.window ?? '').split(',').map(Number);
  return {
    ...(w && h ? { viewport: { width: w, height: h } } : {}),
    ...(query.window && width ? { window: { center: center ?? 0, width } } : {}),
  };
}

export function dicomWebRoutes(
  app: FastifyInstance,
  service: DicomWebService,
  tokens: ViewerTokens,
  corsOrigins: readonly string[],
  tokenRateLimit: RateLimitOptions,
): void {
  const check = dicomWebTokenCheck(tokens, tokenRateLimit);
  const allowed = corsOrigins.map((o) => o.toLowerCase());
  const corsOrigin = (request: FastifyRequest) => {
    const raw = request.headers.origin;
    const origin = typeof raw === 'string' ? originOf(raw) : undefined;
    return origin && allowed.some((entry) => matches(entry, origin)) ? origin : undefined;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(`${DICOMWEB_ROOT}/`)) return payload;
    void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    reply.header('vary', 'Origin');
    const origin = corsOrigin(request);
    if (origin)
      void reply
        .header('access-control-allow-origin', origin)
        .header('access-control-expose-headers', 'content-type, content-length, www-authenticate');
    return payload;
  });

  // The preflight of a viewer on another origin that sends the Authorization header.
  app.options(`${DICOMWEB_ROOT}/*`, { schema: { hide: true } }, async (request, reply) => {
    if (!corsOrigin(request)) throw new ApiError(403, 'message.forbidden_origin');
    return reply
      .header('access-control-allow-methods', 'GET, HEAD')
      .header('access-control-allow-headers', 'authorization, accept')
      .header('access-control-max-age', '600')
      .code(204)
      .send();
  });

  async function authorize(request: Req, reply: FastifyReply): Promise<string> {
    const claims = await check.claimsOf(request);
    auditContext(request, { actorKind: 'viewer_token', actor: claims?.audience ?? null });
    if (!claims) {
      void reply.header('www-authenticate', 'Bearer realm="dicomweb", error="invalid_token"');
      throw new ApiError(401, 'message.viewer_token_invalid');
    }
    return claims.studyInstanceUid;
  }

  /** A refused read (another study, no token, a malformed request): the token's holder and the study asked for. */
  async function refused(request: FastifyRequest): Promise<ImagingAuditContext> {
    const claims = await check.claimsOf(request);
    const named = (request.params as { study?: unknown } | undefined)?.study;
    const asked = typeof named === 'string' ? await service.studyNamed(named) : undefined;
    return {
      ...(claims ? { actorKind: 'viewer_token', actor: claims.audience } : {}),
      ...(asked ? { studyId: asked.id, accessionNumber: asked.accessionNumber } : {}),
    };
  }

  const seen = (request: FastifyRequest, study: StudyRow) =>
    auditContext(request, { studyId: study.id, accessionNumber: study.accessionNumber });

  const json = (reply: FastifyReply, body: unknown) =>
    reply.type('application/dicom+json').send(JSON.stringify(body));
  const parts = (reply: FastifyReply, multipart: Multipart) =>
    reply.type(multipart.contentType).send(multipart.body);

  /** A rendered frame or thumbnail of the scope's study, as PNG. */
  const sendRendered =
    (thumbnail: boolean) => async (request: Req, reply: FastifyReply, scope: string) => {
      const found = await service.rendered(
        scope,
        request.params as { study: string },
        renderOptions(request.query, thumbnail),
      );
      seen(request, found.study);
      return reply.type('image/png').send(found.png);
    };

  const route = (
    path: string,
    action: ImagingAuditAction,
    params:
      typeof StudyParams | typeof SeriesParams | typeof InstanceParams | typeof FrameParams | null,
    querystring: typeof QidoQuery | typeof RenderedQuery | typeof TokenQuery,
    summary: string,
    handler: (request: Req, reply: FastifyReply, scope: string) => Promise<unknown>,
  ) =>
    app.get<{ Params: DicomWebParams; Querystring: Query }>(
      `${DICOMWEB_ROOT}${path}`,
      {
        config: {
          imagingAudit: action,
          imagingAuditRefused: refused,
          ownRateBudget: check.budgetOf,
        },
        schema: {
          tags,
          security,
          summary,
          ...(params ? { params } : {}),
          querystring,
          response: {
            200:
              action.startsWith('dicomweb_search') || action === 'dicomweb_metadata'
                ? DicomJsonArray
                : Binary,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => handler(request, reply, await authorize(request, reply)),
    );

  route(
    '/studies',
    'dicomweb_search',
    null,
    QidoQuery,
    'QIDO-RS: search for studies',
    async (request, reply, scope) => {
      const found = await service.searchStudies(scope, search(request.query));
      seen(request, found.study);
      return json(reply, found.json);
    },
  );
  for (const path of ['/studies/:study/series/:series/instances', '/studies/:study/instances'])
    route(
      path,
      'dicomweb_search',
      path.includes(':series') ? SeriesParams : StudyParams,
      QidoQuery,
      'QIDO-RS: search for instances',
      async (request, reply, scope) => {
        const { study, series } = request.params;
        const found = await service.searchInstances(scope, study, series, search(request.query));
        seen(request, found.study);
        return json(reply, found.json);
      },
    );
  route(
    '/studies/:study/series',
    'dicomweb_search',
    StudyParams,
    QidoQuery,
    'QIDO-RS: search for series',
    async (request, reply, scope) => {
      const found = await service.searchSeries(scope, request.params.study, search(request.query));
      seen(request, found.study);
      return json(reply, found.json);
    },
  );

  for (const [path, params] of [
    ['/studies/:study', StudyParams],
    ['/studies/:study/series/:series', SeriesParams],
    ['/studies/:study/series/:series/instances/:sop', InstanceParams],
  ] as const) {
    route(
      `${path}/metadata`,
      'dicomweb_metadata',
      params,
      TokenQuery,
      'WADO-RS: metadata (application/dicom+json)',
      async (request, reply, scope) => {
        const { study, series, sop } = request.params;
        const found = await service.metadata(scope, study, series, sop);
        seen(request, found.study);
        return reply.type('application/dicom+json').send(found.body);
      },
    );
    route(
      path,
      'dicomweb_retrieve',
      params,
      TokenQuery,
      'WADO-RS: instances (multipart/related; type="application/dicom")',
      async (request, reply, scope) => {
        const { study, series, sop } = request.params;
        const found = await service.retrieve(scope, study, series, sop);
        seen(request, found.study);
        return parts(reply, found.reply);
      },
    );
    route(
      `${path}/thumbnail`,
      'dicomweb_rendered',
      params,
      RenderedQuery,
      'WADO-RS: thumbnail (image/png)',
      sendRendered(true),
    );
  }
  for (const path of [
    '/studies/:study/series/:series/instances/:sop/rendered',
    '/studies/:study/series/:series/instances/:sop/frames/:frames/rendered',
  ])
    route(
      path,
      'dicomweb_rendered',
      path.includes(':frames') ? FrameParams : InstanceParams,
      RenderedQuery,
      'WADO-RS: rendered frame (image/png)',
      sendRendered(false),
    );
  route(
    '/studies/:study/series/:series/instances/:sop/frames/:frames',
    'dicomweb_retrieve',
    FrameParams,
    TokenQuery,
    'WADO-RS: frames (multipart/related; type="application/octet-stream")',
    async (request, reply, scope) => {
      const { study, series, sop, frames } = request.params as Required<DicomWebParams>;
      const found = await service.frames(scope, study, series, sop, frames.split(',').map(Number));
      seen(request, found.study);
      return parts(reply, found.reply);
    },
  );
}
