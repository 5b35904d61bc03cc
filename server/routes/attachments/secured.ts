/**
 * The attachment routes of a booked appointment or booking request under
 * /api/secured (R-7-calls-08..20): the session must hold the booking.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appointmentExams, bookingRequestExams } from '../../db/document-exams.repo.js';
import { requireAppointment, requireBookingRequest, securedSession } from '../../http/secured.js';
import {
  AttachmentSchema,
  AttachmentsQuerySchema,
  AttachmentsResponseSchema,
  ImportedResponseSchema,
  MULTIPART_DESCRIPTION,
  OwnerItemParams,
  OwnerParams,
} from '../../schemas/attachments.schema.js';
import { errorResponses, NoContent } from '../../schemas/common.js';
import { type DocumentOwner } from '../../services/documents.service.js';
import type { RouteDeps } from '../deps.js';
import {
  auditedWith,
  contentLengthGuard,
  sessionActor,
  type AuditedArgs,
  type OwnerRef,
} from './audit.js';
import { declaredBytes, readUpload } from './upload.js';
import { sendFile } from './send-file.js';

const tags = ['attachments'];

type OwnerKind = 'appointment' | 'booking_request';

export function registerSecuredAttachmentRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, documents, config } = deps;
  const allowedOrigins = config.allowedOrigins;

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
            allowedOrigins,
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
      return sendFile(reply, stored, 'attachment', allowedOrigins);
    },
  );
}
