import { Type, type Static } from '@sinclair/typebox';
import type {
  Attachment,
  AttachmentsResponse,
  ImportedResponse,
} from '../../src/contract/attachments.js';
import { assertSameShape, Id, Text, Token, type Equal } from './common.js';

const DocumentTypeTextSchema = Type.Object({
  title: Type.String(),
  description: Type.String(),
});

export const AttachmentSchema = Type.Object(
  {
    id: Type.Integer(),
    attachmentId: Type.Integer(),
    fileName: Type.String(),
    contentType: Type.String({ description: 'Found from the bytes: application/pdf or an image' }),
    size: Type.Integer({ description: 'Bytes' }),
    documentTypeId: Type.Integer(),
    documentType: DocumentTypeTextSchema,
    slug: Type.Union([Type.String(), Type.Null()], { description: 'Exam slug, or null' }),
    examIds: Type.Array(Type.Integer()),
    groupNames: Type.Array(Type.String()),
    uploadedDocument: Type.Object({ id: Type.Integer(), fileName: Type.String() }),
    additional: Type.Boolean(),
    uploadedAt: Type.String({ description: 'ISO 8601 UTC' }),
    downloadUrl: Type.String(),
    viewUrl: Type.String(),
  },
  { description: 'Spec 3 "Attachment"' },
);
assertSameShape<Equal<Static<typeof AttachmentSchema>, Attachment>>();

export const AttachmentsResponseSchema = Type.Object({
  exams: Type.Array(
    Type.Object({
      examId: Type.Integer(),
      slug: Type.String(),
      name: Type.String(),
      groupName: Type.Union([Type.String(), Type.Null()]),
      examDocumentTypes: Type.Array(
        Type.Object({
          documentTypeId: Type.Integer(),
          documentType: DocumentTypeTextSchema,
          required: Type.Boolean(),
          attachments: Type.Array(AttachmentSchema),
        }),
      ),
    }),
  ),
  attachments: Type.Array(AttachmentSchema),
  documentTypes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      code: Type.String(),
      title: Type.String(),
      description: Type.String(),
      isReferral: Type.Boolean(),
    }),
  ),
  requiredReferralUploaded: Type.Boolean(),
  limits: Type.Object({
    validContentTypes: Type.Array(Type.String()),
    maxFileBytes: Type.Integer(),
    maxFiles: Type.Integer(),
    maxPixels: Type.Integer(),
  }),
});
assertSameShape<Equal<Static<typeof AttachmentsResponseSchema>, AttachmentsResponse>>();

export const ImportedResponseSchema = Type.Object({ imported: Type.Integer() });
assertSameShape<Equal<Static<typeof ImportedResponseSchema>, ImportedResponse>>();

const Slug = Token({ maxLength: 100 });
const AttachmentId = Id();
const BookingKeyValue = Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]{22,64}$' });
const SlugList = Type.String({
  maxLength: 1000,
  pattern: '^[a-z0-9-]+(,[a-z0-9-]+)*$',
  description: 'Comma-separated exam slugs',
});

export const OwnerParams = Type.Object({ id: Slug });
export type OwnerParams = Static<typeof OwnerParams>;

export const OwnerItemParams = Type.Object({ id: Slug, attachmentId: AttachmentId });
export type OwnerItemParams = Static<typeof OwnerItemParams>;

export const ItemParams = Type.Object({ attachmentId: AttachmentId });
export type ItemParams = Static<typeof ItemParams>;

export const AttachmentsQuerySchema = Type.Object({
  examGroupName: Type.Optional(Text({ maxLength: 100 })),
  changedExamSlugs: Type.Optional(Type.Union([Type.Literal(''), SlugList])),
});
export type AttachmentsQuerySchema = Static<typeof AttachmentsQuerySchema>;

export const BookingKeyQuery = Type.Object({ bookingKey: BookingKeyValue });
export type BookingKeyQuery = Static<typeof BookingKeyQuery>;

export const OptionalBookingKeyQuery = Type.Object({ bookingKey: Type.Optional(BookingKeyValue) });
export type OptionalBookingKeyQuery = Static<typeof OptionalBookingKeyQuery>;

export const BookingDocumentsQuery = Type.Object({
  bookingKey: BookingKeyValue,
  examSlugs: Type.Optional(Type.Union([Type.Literal(''), SlugList])),
  examGroupName: Type.Optional(Text({ maxLength: 100 })),
  changedExamSlugs: Type.Optional(Type.Union([Type.Literal(''), SlugList])),
});
export type BookingDocumentsQuery = Static<typeof BookingDocumentsQuery>;

/** What the OpenAPI document says about the multipart bodies (parsed by @fastify/multipart). */
export const MULTIPART_DESCRIPTION =
  'multipart/form-data: documentTypeId, examSlug, groupName, additional (text fields), then ' +
  'exactly one `file` part. Refusals: 400 message.attachment_file_missing, ' +
  'message.attachment_one_file_only, message.attachment_empty, message.attachment_invalid_name, ' +
  'message.attachment_invalid_document_type, message.attachment_invalid_exam, ' +
  'message.attachment_invalid_field, message.bad_request (malformed body); 409 ' +
  'message.attachment_limit_reached; 413 message.attachment_too_large; 415 ' +
  'message.attachment_invalid_type, message.attachment_type_mismatch, ' +
  'message.attachment_unsafe_content; 422 message.attachment_too_many_pixels';
