/**
 * The attachment routes of a booking in progress under /api/booking/documents:
 * an issued, unused key, in the browser it was issued to, is the capability.
 */
import { keyRef } from '../../db/secrets.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findBookingKey } from '../../db/booking-keys.repo.js';
import { assertKeyOfBrowser } from '../../http/key-binding.js';
import { examsBySlugs } from '../../db/document-exams.repo.js';
import { ApiError } from '../../http/errors.js';
import {
  AttachmentSchema,
  AttachmentsResponseSchema,
  BookingDocumentsQuery,
  BookingKeyQuery,
  ItemParams,
  MULTIPART_DESCRIPTION,
  OptionalBookingKeyQuery,
} from '../../schemas/attachments.schema.js';
import { errorResponses, NoContent } from '../../schemas/common.js';
import { ATTACHMENT_KEYS, type DocumentOwner } from '../../services/documents.service.js';
import type { RouteDeps } from '../deps.js';
import {
  auditedWith,
  contentLengthGuard,
  keyActor,
  type AuditedArgs,
  type OwnerRef,
} from './audit.js';
import { declaredBytes, readUpload, uploadClient, withRetryAfter } from './upload.js';
import { sendFile } from './send-file.js';

const tags = ['attachments'];

/**
 * A booking in progress: its issued, unused key is the capability, in the
 * browser it was issued to (http/key-binding.ts).
 */
export async function keyOwner(
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

export function registerBookingDocumentRoutes(app: FastifyInstance, deps: RouteDeps): void {
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
          config.allowedOrigins,
        );
      },
    );
  }
}
