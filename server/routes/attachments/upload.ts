/**
 * Reading an upload: the Content-Length and quota checks before the body,
 * and the multipart body itself (known text fields and exactly one file
 * part, limited while it streams).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.js';
import {
  ATTACHMENT_KEYS,
  DOCUMENT_LIMITS,
  type UploadedFile,
  type UploadFields,
} from '../../services/documents.service.js';
import { UploadQuotaError, type UploadClient } from '../../services/document-quota.js';

/** The most a request may declare: the file plus room for the boundaries and text fields. */
export const MAX_CONTENT_LENGTH =
  DOCUMENT_LIMITS.maxFileBytes + DOCUMENT_LIMITS.multipartOverheadBytes;

/** The client the upload quota counts (request.ip, which honours TRUST_PROXY). */
export function uploadClient(request: FastifyRequest): UploadClient {
  return { address: request.ip };
}

/** The bytes an upload will bring, for the free-space check before its body is read. */
export function declaredBytes(request: FastifyRequest): number {
  const declared = Number(request.headers['content-length']);
  return Number.isFinite(declared) && declared > 0 ? declared : MAX_CONTENT_LENGTH;
}

/** Sends Retry-After with a quota refusal, then lets the error answer as usual. */
export function withRetryAfter(reply: FastifyReply) {
  return (error: unknown): never => {
    if (error instanceof UploadQuotaError)
      void reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  };
}

/** multipart library errors → the attachment message keys. */
export function multipartError(error: unknown): unknown {
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

export const FIELD_NAMES = new Set([
  'bookingKey',
  'documentTypeId',
  'examSlug',
  'groupName',
  'additional',
]);

export interface ParsedUpload {
  file: UploadedFile;
  fields: UploadFields;
  bookingKey: string | undefined;
}

export function parseFields(raw: Record<string, string>): Omit<ParsedUpload, 'file'> {
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
export async function readUpload(request: FastifyRequest): Promise<ParsedUpload> {
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
