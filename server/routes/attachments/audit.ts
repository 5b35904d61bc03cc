/**
 * The document audit log of the attachment routes (R-6-05): every request,
 * served or refused, is written with who asked, what, which document and the
 * outcome; refusals that happen before a handler runs are caught by a hook.
 */
import { keyRef, secretHash } from '../../db/secrets.js';
import { MAX_CONTENT_LENGTH } from './upload.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction } from '../../db/document-audit.repo.js';
import { ApiError, errorBody } from '../../http/errors.js';
import {
  ATTACHMENT_KEYS,
  type DocumentActor,
  type AuditedOwner,
  type DocumentService,
} from '../../services/documents.service.js';
import { SESSION_COOKIE } from '../../services/session.service.js';

export type OwnerRef = AuditedOwner;

/**
 * 413 from the Content-Length header, before a byte of the body is read (and
 * audited as a refusal of `action`).
 */
export function contentLengthGuard(
  documents: DocumentService,
  action: AuditAction,
  who: (request: FastifyRequest) => { actor: DocumentActor; owner: OwnerRef | null },
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared <= MAX_CONTENT_LENGTH) return;
    // The client is told to stop sending; the connection is not reused.
    void reply.header('connection', 'close');
    const { actor, owner } = who(request);
    await documents.audit(actor, owner, action, {
      status: 413,
      messageKey: ATTACHMENT_KEYS.tooLarge,
      documentId: Number((request.params as { attachmentId?: string }).attachmentId) || null,
    });
    const error = new ApiError(413, ATTACHMENT_KEYS.tooLarge, 'Content-Length over the limit');
    markAudited(error);
    throw error;
  };
}

export function sessionActor(request: FastifyRequest): DocumentActor {
  const token = request.cookies[SESSION_COOKIE];
  const session = request.securedSession;
  return {
    kind: 'session',
    sessionHash: token ? secretHash(token) : null,
    username: session?.user?.username ?? null,
    clientAddress: request.ip,
  };
}

export function keyActor(request: FastifyRequest): DocumentActor {
  return { kind: 'booking_key', sessionHash: null, username: null, clientAddress: request.ip };
}

/** The status and message key the client gets for an error (as errors.ts answers it). */
export function statusOf(error: unknown): { status: number; key: string } {
  if (error instanceof ApiError) return { status: error.statusCode, key: error.messageKey };
  const raw = (error as { statusCode?: unknown }).statusCode;
  const status = typeof raw === 'number' && raw >= 400 && raw < 600 ? raw : 500;
  return { status, key: errorBody(status).message };
}

export type Report = (
  owner: OwnerRef,
  result: { documentId?: number | null; fileName?: string },
) => void;

export type AuditedArgs<T> = [
  actor: DocumentActor,
  action: AuditAction,
  fallbackOwner: OwnerRef | null,
  documentId: number | null,
  handler: (report: Report) => Promise<T>,
];

/**
 * Runs a handler and writes its audit row: ok with the owner and document it
 * reported, or refused with the status and message key of what it threw.
 */
export async function auditedWith<T>(
  documents: DocumentService,
  ...[actor, action, fallbackOwner, documentId, handler]: AuditedArgs<T>
): Promise<T> {
  let owner: OwnerRef | null = fallbackOwner;
  let done: { documentId?: number | null; fileName?: string } = { documentId };
  try {
    const result = await handler((resolved, info) => {
      owner = resolved;
      done = { documentId, ...info };
    });
    await documents.audit(actor, owner, action, { ...done, status: 200 });
    return result;
  } catch (error) {
    const { status, key } = statusOf(error);
    await documents.audit(actor, owner, action, { ...done, status, messageKey: key });
    markAudited(error);
    throw error;
  }
}

/** Errors whose refusal is in the audit log already (the onError hook skips them). */
export const auditedErrors = new WeakSet<object>();

export function markAudited(error: unknown): void {
  if (typeof error === 'object' && error !== null) auditedErrors.add(error);
}

/** What a document route does, for refusals that happen before its handler (401, schema 400). */
export function routeAction(method: string, url: string): AuditAction {
  if (url.endsWith('/response') || (method === 'GET' && url === '/api/booking/documents'))
    return 'list';
  if (url === '/api/secured/booking_requests/:id/download') return 'referral_download';
  if (url.endsWith('/download')) return 'download';
  if (url.endsWith('/view')) return 'view';
  if (url.endsWith('/imported')) return 'imported';
  if (method === 'PUT') return 'replace';
  if (method === 'DELETE') return 'delete';
  return 'upload';
}

/**
 * Audits what the handlers never saw: a request refused by the secured area
 * (401), the schema (400) or the multipart parser before a handler ran.
 */
export function installRefusalAudit(app: FastifyInstance, documents: DocumentService): void {
  app.addHook('onError', async (request, _reply, error) => {
    if (auditedErrors.has(error)) return;
    const url = request.routeOptions.url ?? '';
    const params = (request.params ?? {}) as { id?: string; attachmentId?: string };
    const query = (request.query ?? {}) as { bookingKey?: unknown };
    const kind: OwnerRef['kind'] = url.startsWith('/api/secured/appointments')
      ? 'appointment'
      : url.startsWith('/api/secured/booking_requests')
        ? 'booking_request'
        : 'booking';
    const { status, key } = statusOf(error);
    const actor = kind === 'booking' ? keyActor(request) : sessionActor(request);
    const ref =
      kind === 'booking'
        ? typeof query.bookingKey === 'string'
          ? keyRef(query.bookingKey.slice(0, 64))
          : null
        : (request.securedSession?.bookingKey ?? null);
    try {
      await documents.audit(
        actor,
        { kind, slug: params.id?.slice(0, 100) ?? null, keyRef: ref },
        routeAction(request.method, url),
        {
          status,
          messageKey: key,
          documentId: Number(params.attachmentId) || null,
        },
      );
    } catch (auditError) {
      request.log.error({ err: auditError }, 'document audit failed');
    }
  });
}
