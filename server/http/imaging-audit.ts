/**
 * The imaging audit (issue 17 part 7): every answer of a route whose config
 * names an audit action writes one imaging_audit row with its outcome, the
 * refused ones (401, 403, 404, 410, 429 and validation errors) included.
 * Handlers fill request.imagingAudit with who and which study as they learn it.
 * A refusal often comes before the handler knows either (a foreign booking, a
 * token of another study, a malformed request): the route's
 * imagingAuditRefused then names who asked and what they asked for, so that
 * the row of a refused read says who, what, when and the outcome.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.js';
import {
  insertImagingAudit,
  type ImagingAuditAction,
  type ImagingAuditEntry,
} from '../db/imaging-audit.repo.js';

export type ImagingAuditContext = Partial<
  Pick<
    ImagingAuditEntry,
    'actorKind' | 'actor' | 'studyId' | 'accessionNumber' | 'outcome' | 'messageKey'
  >
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    imagingAudit?: ImagingAuditAction;
    /** Who asked and for which study, when an answer is refused before the handler said so. */
    imagingAuditRefused?: (request: FastifyRequest) => Promise<ImagingAuditContext>;
  }
  interface FastifyRequest {
    imagingAudit?: ImagingAuditContext;
  }
}

/** Records who is asking and about which study, for the row written with the answer. */
export function auditContext(request: FastifyRequest, context: ImagingAuditContext): void {
  request.imagingAudit = { ...request.imagingAudit, ...context };
}

function messageKeyOf(payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const body = JSON.parse(payload) as { message?: unknown };
    return typeof body.message === 'string' ? body.message.slice(0, 100) : null;
  } catch {
    return null;
  }
}

/** What the handler said, completed by the route's account of a refusal where it said nothing. */
async function refusalContext(request: FastifyRequest): Promise<ImagingAuditContext> {
  const known = request.imagingAudit ?? {};
  const resolve = request.routeOptions.config?.imagingAuditRefused;
  if (!resolve || (known.actor && known.studyId)) return known;
  const found = await resolve(request).catch((error: unknown) => {
    request.log.warn({ err: error }, 'imaging audit: refused read not resolved');
    return {};
  });
  const given = Object.entries(known).filter(([, value]) => value !== null && value !== undefined);
  return { ...found, ...Object.fromEntries(given) };
}

export function installImagingAudit(app: FastifyInstance, db: Queryable): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const action = request.routeOptions.config?.imagingAudit;
    if (!action) return payload;
    const known = request.imagingAudit ?? {};
    // A 200 can be a refusal too: an image link answered EXPIRED.
    const refused = known.outcome === 'refused' || reply.statusCode >= 400;
    const context = refused ? await refusalContext(request) : known;
    await insertImagingAudit(db, {
      actorKind: context.actorKind ?? 'anonymous',
      actor: context.actor ?? null,
      action,
      studyId: context.studyId ?? null,
      accessionNumber: context.accessionNumber ?? null,
      outcome: refused ? 'refused' : 'ok',
      status: reply.statusCode,
      messageKey: refused ? (context.messageKey ?? messageKeyOf(payload)) : null,
      clientAddress: request.ip,
    });
    return payload;
  });
}
