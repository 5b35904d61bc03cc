/**
 * The attachment calls of spec 7 (R-7-calls-08..20) for appointments and
 * booking requests under /api/secured, and the same calls for a booking in
 * progress under /api/booking/documents, where an issued, unused booking key
 * is the capability. See src/api/attachments.contract.ts for the contract.
 *
 * Upload bodies are multipart (@fastify/multipart, registered only in this
 * plugin): Content-Length is checked before the body is read (413), the
 * file part is limited while it streams, and the bytes are checked by
 * services/document-content.ts before anything is stored. Before the body
 * is read, an upload is refused when the disk is at its floor (413
 * message.upload_storage_full) and, for a booking in progress, when the
 * client address used its budget (429 message.upload_quota_exceeded, with
 * Retry-After): issue 11 part 5.
 */
import { keyRef, secretHash } from '../db/secrets.js';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findBookingKey } from '../db/booking-keys.repo.js';
import { assertKeyOfBrowser } from '../http/key-binding.js';
import {
  appointmentExams,
  bookingRequestExams,
  examsBySlugs,
  type AuditAction,
} from '../db/documents.repo.js';
import { ApiError, errorBody } from '../http/errors.js';
import { requireAppointment, requireBookingRequest, securedSession } from '../http/secured.js';
import {
  AttachmentSchema,
  AttachmentsQuerySchema,
  AttachmentsResponseSchema,
  BookingDocumentsQuery,
  BookingKeyQuery,
  ImportedResponseSchema,
  ItemParams,
  MULTIPART_DESCRIPTION,
  OptionalBookingKeyQuery,
  OwnerItemParams,
  OwnerParams,
} from '../schemas/attachments.schema.js';
import { errorResponses, NoContent } from '../schemas/common.js';
import {
  ATTACHMENT_KEYS,
  DOCUMENT_LIMITS,
  type DocumentActor,
  type AuditedOwner,
  type DocumentOwner,
  type DocumentService,
  type StoredFile,
  type UploadClient,
  type UploadedFile,
  type UploadFields,
  UploadQuotaError,
} from '../services/documents.service.js';
import { SESSION_COOKIE } from '../services/session.service.js';
import type { RouteDeps } from './deps.js';

const tags = ['attachments'];

type OwnerKind = 'appointment' | 'booking_request';
type OwnerRef = AuditedOwner;

/** The most a request may declare: the file plus room for the boundaries and text fields. */
const MAX_CONTENT_LENGTH = DOCUMENT_LIMITS.maxFileBytes + DOCUMENT_LIMITS.multipartOverheadBytes;

/**
 * 413 from the Content-Length header, before a byte of the body is read (and
 * audited as a refusal of `action`).
 */
function contentLengthGuard(
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

function sessionActor(request: FastifyRequest): DocumentActor {
  const token = request.cookies[SESSION_COOKIE];
  const session = request.securedSession;
  return {
    kind: 'session',
    sessionHash: token ? secretHash(token) : null,
    username: session?.user?.username ?? null,
    clientAddress: request.ip,
  };
}

/** The client the upload quota counts (request.ip, which honours TRUST_PROXY). */
function uploadClient(request: FastifyRequest): UploadClient {
  return { address: request.ip };
}

/** The bytes an upload will bring, for the free-space check before its body is read. */
function declaredBytes(request: FastifyRequest): number {
  const declared = Number(request.headers['content-length']);
  return Number.isFinite(declared) && declared > 0 ? declared : MAX_CONTENT_LENGTH;
}

/** Sends Retry-After with a quota refusal, then lets the error answer as usual. */
function withRetryAfter(reply: FastifyReply) {
  return (error: unknown): never => {
    if (error instanceof UploadQuotaError)
      void reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  };
}

function keyActor(request: FastifyRequest): DocumentActor {
  return { kind: 'booking_key', sessionHash: null, username: null, clientAddress: request.ip };
}

/** The status and message key the client gets for an error (as errors.ts answers it). */
function statusOf(error: unknown): { status: number; key: string } {
  if (error instanceof ApiError) return { status: error.statusCode, key: error.messageKey };
  const raw = (error as { statusCode?: unknown }).statusCode;
  const status = typeof raw === 'number' && raw >= 400 && raw < 600 ? raw : 500;
  return { status, key: errorBody(status).message };
}

/** multipart library errors → the attachment message keys. */
function multipartError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, ATTACHMENT_KEYS.tooLarge, 'file part over the limit');
    case 'FST_FILES_LIMIT':
      return new ApiError(400, ATTACHMENT_KEYS.oneFileOnly, 'more than one file part');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ApiError(400, ATTACHMENT_KEYS.invalidField, 'too many parts');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError(400, ATTACHMENT_KEYS.fileMissing, 'not multipart');
    default: {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 413) return new ApiError(413, ATTACHMENT_KEYS.tooLarge, 'body over the limit');
      // A body that ends early or breaks the multipart syntax is the client's fault, never a 500.
      return new ApiError(400, 'message.bad_request', `malformed multipart: ${String(error)}`);
    }
  }
}

const FIELD_NAMES = new Set([
  'bookingKey',
  'documentTypeId',
  'examSlug',
  'groupName',
  'additional',
]);

interface ParsedUpload {
  file: UploadedFile;
  fields: UploadFields;
  bookingKey: string | undefined;
}

function parseFields(raw: Record<string, string>): Omit<ParsedUpload, 'file'> {
  const fields: UploadFields = {};
  const typeId = raw.documentTypeId;
  if (typeId !== undefined && typeId !== '') {
    if (!/^[1-9][0-9]{0,8}$/.test(typeId))
      throw new ApiError(400, ATTACHMENT_KEYS.invalidDocumentType, 'documentTypeId');
    fields.documentTypeId = Number(typeId);
  }
  if (raw.examSlug !== undefined) {
    if (raw.examSlug !== '' && !/^[a-z0-9-]{1,100}$/.test(raw.examSlug))
      throw new ApiError(400, ATTACHMENT_KEYS.invalidExam, 'examSlug');
    fields.examSlug = raw.examSlug || null;
  }
  if (raw.groupName !== undefined) {
    // eslint-disable-next-line no-control-regex
    if (raw.groupName.length > 100 || /[\u0000-\u001f\u007f]/.test(raw.groupName))
      throw new ApiError(400, ATTACHMENT_KEYS.invalidField, 'groupName');
    fields.groupName = raw.groupName.trim() || null;
  }
  if (raw.additional !== undefined) {
    if (!['', 'true', 'false'].includes(raw.additional))
      throw new ApiError(400, ATTACHMENT_KEYS.invalidField, 'additional');
    fields.additional = raw.additional === 'true';
  }
  const bookingKey = raw.bookingKey;
  if (bookingKey !== undefined && !/^[A-Za-z0-9_-]{22,64}$/.test(bookingKey))
    throw new ApiError(404, 'message.booking_key_invalid', 'malformed booking key');
  return { fields, bookingKey };
}

/** Reads the multipart body: known text fields and exactly one `file` part (buffered, limited). */
async function readUpload(request: FastifyRequest): Promise<ParsedUpload> {
  if (!request.isMultipart()) throw new ApiError(400, ATTACHMENT_KEYS.fileMissing, 'not multipart');
  const raw: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file)
          throw new ApiError(400, ATTACHMENT_KEYS.oneFileOnly, 'unexpected file part');
        const bytes = await part.toBuffer();
        file = { bytes, fileName: part.filename, declaredType: part.mimetype };
      } else {
        if (
          !FIELD_NAMES.has(part.fieldname) ||
          part.valueTruncated ||
          raw[part.fieldname] !== undefined
        )
          throw new ApiError(400, ATTACHMENT_KEYS.invalidField, `field ${part.fieldname}`);
        raw[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (!file) throw new ApiError(400, ATTACHMENT_KEYS.fileMissing, 'no file part');
  return { file, ...parseFields(raw) };
}

/** Headers of a served document: its stored type, a safe name, no caching, no sniffing. */
function sendFile(
  reply: FastifyReply,
  stored: StoredFile,
  disposition: 'attachment' | 'inline',
  frameAncestors: string[],
): FastifyReply {
  const { row } = stored;
  const ascii = row.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(row.fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const ancestors = ["'self'", ...frameAncestors].join(' ');
  // The view is a sandboxed document of its own (Chromium's PDF viewer still opens in it:
  // checked with Debian Chromium, top level and in an iframe); a download may not be framed.
  const csp =
    disposition === 'inline'
      ? `default-src 'none'; img-src 'self'; object-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors ${ancestors}`
      : "default-src 'none'; sandbox; frame-ancestors 'none'";
  return reply
    .header('content-type', row.contentType)
    .header('content-length', String(row.sizeBytes))
    .header(
      'content-disposition',
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp)
    .header('cross-origin-resource-policy', 'same-site')
    .send(stored.stream);
}

/** The secured and public attachment routes. */
export function attachmentRoutes(app: FastifyInstance, deps: RouteDeps): void {
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: DOCUMENT_LIMITS.maxFileBytes,
        files: 1,
        fields: 8,
        parts: 9,
        fieldSize: 1024,
        fieldNameSize: 40,
        headerPairs: 20,
      },
      // Keep the name as sent, so a name with path parts is refused, not silently cut.
      preservePath: true,
    });
    installRefusalAudit(scope, deps.documents);
    installSweep(scope, deps.documents);
    registerRoutes(scope, deps);
  });
}

function registerRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, documents, config } = deps;
  const frameAncestors = config.frameAncestors;

  const audited = <T>(...args: AuditedArgs<T>): Promise<T> => auditedWith(documents, ...args);

  const owners: Record<
    OwnerKind,
    (request: FastifyRequest, slug: string) => Promise<DocumentOwner>
  > = {
    appointment: async (request, slug) => {
      const found = await requireAppointment(db, request, { slug });
      return {
        kind: 'appointment',
        slug: found.slug,
        keyRef: found.bookingKey,
        exams: () => appointmentExams(db, found.bookingKey, found.id),
      };
    },
    booking_request: async (request, slug) => {
      const found = await requireBookingRequest(db, request, { slug });
      return {
        kind: 'booking_request',
        slug: found.slug,
        keyRef: found.bookingKey,
        exams: () => bookingRequestExams(db, found.id),
      };
    },
  };

  for (const kind of ['appointment', 'booking_request'] as const) {
    const base = `/api/secured/${kind === 'appointment' ? 'appointments' : 'booking_requests'}/:id/attachments`;
    const resolveOwner = owners[kind];
    const urlOwner = (request: FastifyRequest<{ Params: OwnerParams }>): OwnerRef => ({
      kind,
      slug: request.params.id,
      keyRef: securedSession(request).bookingKey,
    });
    const what = kind === 'appointment' ? 'an appointment' : 'a booking request';

    app.get<{ Params: OwnerParams; Querystring: AttachmentsQuerySchema }>(
      `${base}/response`,
      {
        schema: {
          tags,
          summary: `The documents of ${what}, grouped by exam and document type (R-7-calls-08, R-7-calls-14)`,
          params: OwnerParams,
          querystring: AttachmentsQuerySchema,
          response: { 200: AttachmentsResponseSchema, ...errorResponses },
          security: [{ session: [] }],
        },
      },
      (request) =>
        audited(sessionActor(request), 'list', urlOwner(request), null, async (report) => {
          const owner = await resolveOwner(request, request.params.id);
          report(owner, {});
          const changed = request.query.changedExamSlugs;
          return documents.list(owner, {
            examGroupName: request.query.examGroupName || null,
            changedExamSlugs: changed ? changed.split(',') : null,
          });
        }),
    );

    app.post<{ Params: OwnerParams }>(
      base,
      {
        onRequest: contentLengthGuard(documents, 'upload', (r) => ({
          actor: sessionActor(r),
          owner: urlOwner(r as FastifyRequest<{ Params: OwnerParams }>),
        })),
        schema: {
          tags,
          summary: `Uploads a document to ${what} (R-7-calls-09, R-7-calls-15). ${MULTIPART_DESCRIPTION}`,
          params: OwnerParams,
          response: { 201: AttachmentSchema, ...errorResponses },
          security: [{ session: [] }],
        },
      },
      async (request, reply) => {
        const attachment = await audited(
          sessionActor(request),
          'upload',
          urlOwner(request),
          null,
          async (report) => {
            const owner = await resolveOwner(request, request.params.id);
            report(owner, {});
            await documents.assertRoom(owner);
            await documents.assertCanUpload(kind, null, declaredBytes(request));
            const upload = await readUpload(request);
            report(owner, { fileName: upload.file.fileName });
            const stored = await documents.upload(owner, upload.file, upload.fields);
            report(owner, { documentId: stored.id, fileName: stored.fileName });
            return stored;
          },
        );
        return reply.code(201).send(attachment);
      },
    );

    app.put<{ Params: OwnerItemParams }>(
      `${base}/:attachmentId`,
      {
        onRequest: contentLengthGuard(documents, 'replace', (r) => ({
          actor: sessionActor(r),
          owner: urlOwner(r as FastifyRequest<{ Params: OwnerParams }>),
        })),
        schema: {
          tags,
          summary: `Replaces the file of a document of ${what} (R-7-calls-10, R-7-calls-16). ${MULTIPART_DESCRIPTION}`,
          params: OwnerItemParams,
          response: { 200: AttachmentSchema, ...errorResponses },
          security: [{ session: [] }],
        },
      },
      (request) =>
        audited(
          sessionActor(request),
          'replace',
          urlOwner(request),
          request.params.attachmentId,
          async (report) => {
            const owner = await resolveOwner(request, request.params.id);
            report(owner, {});
            await documents.assertCanUpload(kind, null, declaredBytes(request));
            const upload = await readUpload(request);
            report(owner, { fileName: upload.file.fileName });
            const stored = await documents.replace(
              owner,
              request.params.attachmentId,
              upload.file,
              upload.fields,
            );
            report(owner, { fileName: stored.fileName });
            return stored;
          },
        ),
    );

    app.delete<{ Params: OwnerItemParams }>(
      `${base}/:attachmentId`,
      {
        schema: {
          tags,
          summary: `Deletes a document of ${what} (R-7-calls-11, R-7-calls-17); 404 message.attachment_not_found`,
          params: OwnerItemParams,
          response: { 204: NoContent, ...errorResponses },
          security: [{ session: [] }],
        },
      },
      async (request, reply) => {
        await audited(
          sessionActor(request),
          'delete',
          urlOwner(request),
          request.params.attachmentId,
          async (report) => {
            const owner = await resolveOwner(request, request.params.id);
            report(owner, {});
            const row = await documents.remove(owner, request.params.attachmentId);
            report(owner, { fileName: row.fileName });
          },
        );
        return reply.code(204).send();
      },
    );

    app.post<{ Params: OwnerParams }>(
      `${base}/imported`,
      {
        schema: {
          tags,
          summary: `Marks the documents of ${what} as imported (R-7-calls-12); empty body`,
          params: OwnerParams,
          response: { 200: ImportedResponseSchema, ...errorResponses },
          security: [{ session: [] }],
        },
      },
      (request) =>
        audited(sessionActor(request), 'imported', urlOwner(request), null, async (report) => {
          const owner = await resolveOwner(request, request.params.id);
          report(owner, {});
          return { imported: await documents.markImported(owner) };
        }),
    );

    for (const mode of ['download', 'view'] as const) {
      app.get<{ Params: OwnerItemParams }>(
        `${base}/:attachmentId/${mode}`,
        {
          schema: {
            tags,
            summary: `The file of a document of ${what}, ${mode === 'download' ? 'as a download' : 'inline, sandboxed'} (R-7-calls-20)`,
            params: OwnerItemParams,
            response: errorResponses,
            security: [{ session: [] }],
          },
        },
        async (request, reply) => {
          const stored = await audited(
            sessionActor(request),
            mode,
            urlOwner(request),
            request.params.attachmentId,
            async (report) => {
              const owner = await resolveOwner(request, request.params.id);
              report(owner, {});
              const file = await documents.open(owner, request.params.attachmentId);
              report(owner, { fileName: file.row.fileName });
              return file;
            },
          );
          return sendFile(
            reply,
            stored,
            mode === 'download' ? 'attachment' : 'inline',
            frameAncestors,
          );
        },
      );
    }
  }

  app.get<{ Params: OwnerParams }>(
    '/api/secured/booking_requests/:id/download',
    {
      schema: {
        tags,
        summary:
          'The referral of a booking request (R-7-calls-18, R-2.3-19); 404 ' +
          'message.referral_download_disabled when bookingRequestsDownloadReferralEnabled is off, ' +
          '404 message.attachment_not_found without one',
        params: OwnerParams,
        response: errorResponses,
        security: [{ session: [] }],
      },
    },
    async (request, reply) => {
      const stored = await audited(
        sessionActor(request),
        'referral_download',
        {
          kind: 'booking_request',
          slug: request.params.id,
          keyRef: securedSession(request).bookingKey,
        },
        null,
        async (report) => {
          const owner = await owners.booking_request(request, request.params.id);
          report(owner, {});
          const file = await documents.openReferral(owner);
          report(owner, { documentId: file.row.id, fileName: file.row.fileName });
          return file;
        },
      );
      return sendFile(reply, stored, 'attachment', frameAncestors);
    },
  );

  registerBookingDocumentRoutes(app, deps);
}

/**
 * A booking in progress: its issued, unused key is the capability, in the
 * browser it was issued to (http/key-binding.ts).
 */
async function keyOwner(
  deps: RouteDeps,
  request: FastifyRequest,
  bookingKey: string,
  examSlugs: string[] = [],
): Promise<DocumentOwner> {
  await assertKeyOfBrowser(deps.db, request, bookingKey);
  const ref = keyRef(bookingKey);
  const key = await findBookingKey(deps.db, ref);
  if (!key) throw new ApiError(404, 'message.booking_key_invalid', 'booking key not issued');
  if (key.usedAt !== null) throw new ApiError(409, 'message.booking_key_used', 'booking key used');
  return {
    kind: 'booking',
    slug: null,
    keyRef: ref,
    bookingKey,
    exams: () => examsBySlugs(deps.db, examSlugs),
  };
}

function registerBookingDocumentRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { documents, config } = deps;
  const audited = <T>(...args: AuditedArgs<T>): Promise<T> => auditedWith(documents, ...args);
  const base = '/api/booking/documents';
  const keyOwnerRef = (bookingKey: string | undefined): OwnerRef | null =>
    bookingKey ? { kind: 'booking', slug: null, keyRef: keyRef(bookingKey) } : null;
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const list = (value: string | undefined) => (value ? value.split(',') : []);

  app.get<{ Querystring: BookingDocumentsQuery }>(
    base,
    {
      schema: {
        tags,
        summary:
          'The documents of a booking in progress, grouped by the exams in examSlugs; ' +
          '404 message.booking_key_invalid, 409 message.booking_key_used',
        querystring: BookingDocumentsQuery,
        response: { 200: AttachmentsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { bookingKey, examSlugs, examGroupName, changedExamSlugs } = request.query;
      return audited(keyActor(request), 'list', keyOwnerRef(bookingKey), null, async () => {
        const owner = await keyOwner(deps, request, bookingKey, list(examSlugs));
        const unknown = list(examSlugs).length !== (await owner.exams()).length;
        if (unknown) throw new ApiError(400, ATTACHMENT_KEYS.invalidExam, 'unknown exam slug');
        return documents.list(owner, {
          examGroupName: examGroupName || null,
          changedExamSlugs: changedExamSlugs ? list(changedExamSlugs) : null,
        });
      });
    },
  );

  app.post<{ Querystring: OptionalBookingKeyQuery }>(
    base,
    {
      onRequest: contentLengthGuard(documents, 'upload', (r) => ({
        actor: keyActor(r),
        owner: keyOwnerRef((r.query as OptionalBookingKeyQuery).bookingKey),
      })),
      schema: {
        tags,
        summary:
          'Uploads a temporary document of a booking in progress (bookingKey in the query or ' +
          `as a field). ${MULTIPART_DESCRIPTION}`,
        querystring: OptionalBookingKeyQuery,
        response: { 201: AttachmentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const queryKey = request.query.bookingKey;
      const client = uploadClient(request);
      const attachment = await audited(
        keyActor(request),
        'upload',
        keyOwnerRef(queryKey),
        null,
        async (report) => {
          if (queryKey) await documents.assertRoom(await keyOwner(deps, request, queryKey));
          await documents.assertCanUpload('booking', client, declaredBytes(request));
          const upload = await readUpload(request);
          const bookingKey = queryKey ?? upload.bookingKey;
          if (!bookingKey) throw new ApiError(404, 'message.booking_key_invalid', 'no booking key');
          if (queryKey && upload.bookingKey && upload.bookingKey !== queryKey)
            throw new ApiError(400, 'message.bad_request', 'two different booking keys');
          const owner = await keyOwner(deps, request, bookingKey);
          report(owner, { fileName: upload.file.fileName });
          await documents.assertRoom(owner);
          const stored = await documents.upload(owner, upload.file, upload.fields, client);
          report(owner, { documentId: stored.id, fileName: stored.fileName });
          return stored;
        },
      ).catch(withRetryAfter(reply));
      return reply.code(201).send(attachment);
    },
  );

  app.put<{ Params: ItemParams; Querystring: BookingKeyQuery }>(
    `${base}/:attachmentId`,
    {
      onRequest: contentLengthGuard(documents, 'replace', (r) => ({
        actor: keyActor(r),
        owner: keyOwnerRef((r.query as OptionalBookingKeyQuery).bookingKey),
      })),
      schema: {
        tags,
        summary: `Replaces the file of a temporary document. ${MULTIPART_DESCRIPTION}`,
        params: ItemParams,
        querystring: BookingKeyQuery,
        response: { 200: AttachmentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { bookingKey } = request.query;
      return audited(
        keyActor(request),
        'replace',
        keyOwnerRef(bookingKey),
        request.params.attachmentId,
        async (report) => {
          const owner = await keyOwner(deps, request, bookingKey);
          const client = uploadClient(request);
          await documents.assertCanUpload('booking', client, declaredBytes(request));
          const upload = await readUpload(request);
          report(owner, { fileName: upload.file.fileName });
          const stored = await documents.replace(
            owner,
            request.params.attachmentId,
            upload.file,
            upload.fields,
            client,
          );
          report(owner, { fileName: stored.fileName });
          return stored;
        },
      ).catch(withRetryAfter(reply));
    },
  );

  app.delete<{ Params: ItemParams; Querystring: BookingKeyQuery }>(
    `${base}/:attachmentId`,
    {
      schema: {
        tags,
        summary: 'Deletes a temporary document; 404 message.attachment_not_found',
        params: ItemParams,
        querystring: BookingKeyQuery,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { bookingKey } = request.query;
      await audited(
        keyActor(request),
        'delete',
        keyOwnerRef(bookingKey),
        request.params.attachmentId,
        async (report) => {
          const owner = await keyOwner(deps, request, bookingKey);
          const row = await documents.remove(owner, request.params.attachmentId);
          report(owner, { fileName: row.fileName });
        },
      );
      return noStore(reply).code(204).send();
    },
  );

  for (const mode of ['download', 'view'] as const) {
    app.get<{ Params: ItemParams; Querystring: BookingKeyQuery }>(
      `${base}/:attachmentId/${mode}`,
      {
        schema: {
          tags,
          summary: `The file of a temporary document, ${mode === 'download' ? 'as a download' : 'inline, sandboxed'}`,
          params: ItemParams,
          querystring: BookingKeyQuery,
          response: errorResponses,
        },
      },
      async (request, reply) => {
        const { bookingKey } = request.query;
        const stored = await audited(
          keyActor(request),
          mode,
          keyOwnerRef(bookingKey),
          request.params.attachmentId,
          async (report) => {
            const owner = await keyOwner(deps, request, bookingKey);
            const file = await documents.open(owner, request.params.attachmentId);
            report(owner, { fileName: file.row.fileName });
            return file;
          },
        );
        return sendFile(
          reply,
          stored,
          mode === 'download' ? 'attachment' : 'inline',
          config.frameAncestors,
        );
      },
    );
  }
}

type Report = (owner: OwnerRef, result: { documentId?: number | null; fileName?: string }) => void;
type AuditedArgs<T> = [
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
async function auditedWith<T>(
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
const auditedErrors = new WeakSet<object>();
function markAudited(error: unknown): void {
  if (typeof error === 'object' && error !== null) auditedErrors.add(error);
}

/** What a document route does, for refusals that happen before its handler (401, schema 400). */
function routeAction(method: string, url: string): AuditAction {
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
function installRefusalAudit(app: FastifyInstance, documents: DocumentService): void {
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

/**
 * Runs the documents' housekeeping when the server is ready and every hour
 * (temporary documents of keys that have not booked live a day).
 */
function installSweep(app: FastifyInstance, documents: DocumentService): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    documents
      .sweep()
      .then((result) => {
        if (result.abandoned || result.orphanFiles) app.log.info(result, 'documents swept');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'document sweep failed'));
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, 60 * 60 * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
