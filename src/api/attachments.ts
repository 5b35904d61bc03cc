/**
 * The attachment calls of spec 7 (R-7-calls-08..20) and the public document
 * calls of a booking in progress, exactly as attachments.contract.ts
 * describes them. Every call takes an AbortSignal (R-7-http-01).
 *
 * The upload with a progress bar cannot use fetch (no upload progress), so
 * the upload control sends it with XMLHttpRequest: it takes the method and URL
 * from `uploadTarget` / `replaceTarget` and the body from `uploadFormData`,
 * sends it with `withCredentials = true`, and reads an error body's `message`
 * key with `errorMessageKey` from ./errors. `uploadAttachment` and
 * `replaceAttachment` below are the same calls without progress.
 */
import type {
  Attachment,
  AttachmentOwner,
  AttachmentsQuery,
  AttachmentsResponse,
  DocumentUpload,
  DocumentUploadFields,
  ImportedResponse,
} from '../contract/attachments';
import { api, getApiBase, type CallOptions } from './client';

/** The path (without the API base) of the owner's attachment collection. */
export function attachmentsPath(owner: AttachmentOwner): string {
  switch (owner.kind) {
    case 'appointment':
      return `/api/secured/appointments/${encodeURIComponent(owner.slug)}/attachments`;
    case 'booking_request':
      return `/api/secured/booking_requests/${encodeURIComponent(owner.slug)}/attachments`;
    case 'booking':
      return '/api/booking/documents';
  }
}

/** The bookingKey query of the public calls ('' for the secured ones). */
function keyQuery(owner: AttachmentOwner): string {
  return owner.kind === 'booking' ? `?bookingKey=${encodeURIComponent(owner.bookingKey)}` : '';
}

function itemPath(owner: AttachmentOwner, attachmentId: number, suffix = ''): string {
  return `${attachmentsPath(owner)}/${encodeURIComponent(String(attachmentId))}${suffix}${keyQuery(owner)}`;
}

/** Full URL (API base included) of a document's download link (Content-Disposition: attachment). */
export function attachmentDownloadUrl(owner: AttachmentOwner, attachmentId: number): string {
  return `${getApiBase()}${itemPath(owner, attachmentId, '/download')}`;
}

/** Full URL of a document's view link (inline, sandboxed). */
export function attachmentViewUrl(owner: AttachmentOwner, attachmentId: number): string {
  return `${getApiBase()}${itemPath(owner, attachmentId, '/view')}`;
}

/** R-2.3-19, R-7-calls-18: GET /api/secured/booking_requests/{id}/download, the referral file. */
export function bookingRequestReferralUrl(slug: string): string {
  return `${getApiBase()}/api/secured/booking_requests/${encodeURIComponent(slug)}/download`;
}

/** Turns a relative URL of an Attachment (downloadUrl, viewUrl) into a full one. */
export function absoluteAttachmentUrl(relative: string): string {
  return `${getApiBase()}${relative}`;
}

/**
 * A file behind one of the links above (a document, a referral), read with the
 * session: a page on another origin than the API saves or shows it from memory
 * (src/ui/download-across-origins.ts), since its top-level visit carries no
 * partitioned session cookie.
 */
export function getLinkedFile(url: string, options: CallOptions = {}): Promise<Blob> {
  return api<Blob>(url, { responseType: 'blob', signal: options.signal });
}

export interface UploadTarget {
  method: 'POST' | 'PUT';
  url: string;
}

/** POST target of a new document (R-7-calls-09, R-7-calls-15). */
export function uploadTarget(owner: AttachmentOwner): UploadTarget {
  // A booking in progress names its key in the query too, so the server can refuse a used or
  // unknown key before it reads the file.
  return { method: 'POST', url: `${getApiBase()}${attachmentsPath(owner)}${keyQuery(owner)}` };
}

/** PUT target that replaces a document's file (R-7-calls-10, R-7-calls-16). */
export function replaceTarget(owner: AttachmentOwner, attachmentId: number): UploadTarget {
  return { method: 'PUT', url: `${getApiBase()}${itemPath(owner, attachmentId)}` };
}

/**
 * The multipart body: text fields first, `file` last (the server reads the
 * fields before it streams the file). bookingKey is added for the public calls.
 */
export function uploadFormData(owner: AttachmentOwner, upload: DocumentUpload): FormData {
  const form = new FormData();
  const fields: DocumentUploadFields = {
    ...(owner.kind === 'booking' ? { bookingKey: owner.bookingKey } : {}),
    documentTypeId: upload.documentTypeId,
    examSlug: upload.examSlug,
    groupName: upload.groupName,
    additional: upload.additional,
  };
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null && value !== '') form.append(name, String(value));
  }
  const fileName = upload.fileName ?? (upload.file instanceof File ? upload.file.name : 'document');
  form.append('file', upload.file, fileName);
  return form;
}

function attachmentsQuery(
  owner: AttachmentOwner,
  query: AttachmentsQuery & { examSlugs?: string[] | null },
): Record<string, string> {
  const result: Record<string, string> = {};
  if (owner.kind === 'booking') result.bookingKey = owner.bookingKey;
  if (query.examGroupName) result.examGroupName = query.examGroupName;
  if (query.changedExamSlugs?.length) result.changedExamSlugs = query.changedExamSlugs.join(',');
  if (owner.kind === 'booking' && query.examSlugs?.length)
    result.examSlugs = query.examSlugs.join(',');
  return result;
}

/**
 * R-7-calls-08, R-7-calls-14: the documents grouped by exam and document type.
 * For a booking in progress, `examSlugs` names the exams being booked.
 */
export function getAttachments(
  owner: AttachmentOwner,
  query: AttachmentsQuery & { examSlugs?: string[] | null } = {},
  options: CallOptions = {},
): Promise<AttachmentsResponse> {
  const path =
    owner.kind === 'booking' ? attachmentsPath(owner) : `${attachmentsPath(owner)}/response`;
  return api<AttachmentsResponse>(path, {
    query: attachmentsQuery(owner, query),
    signal: options.signal,
  });
}

/** R-7-calls-09, R-7-calls-15 without progress events (the upload control uses uploadTarget). */
export function uploadAttachment(
  owner: AttachmentOwner,
  upload: DocumentUpload,
  options: CallOptions = {},
): Promise<Attachment> {
  return api<Attachment>(`${attachmentsPath(owner)}${keyQuery(owner)}`, {
    method: 'POST',
    body: uploadFormData(owner, upload),
    signal: options.signal,
  });
}

/** R-7-calls-10, R-7-calls-16: replaces the file (and type fields) of a document. */
export function replaceAttachment(
  owner: AttachmentOwner,
  attachmentId: number,
  upload: DocumentUpload,
  options: CallOptions = {},
): Promise<Attachment> {
  return api<Attachment>(itemPath(owner, attachmentId), {
    method: 'PUT',
    body: uploadFormData(owner, upload),
    signal: options.signal,
  });
}

/** R-7-calls-11, R-7-calls-17: no payload, 204. */
export async function deleteAttachment(
  owner: AttachmentOwner,
  attachmentId: number,
  options: CallOptions = {},
): Promise<void> {
  await api(itemPath(owner, attachmentId), { method: 'DELETE', signal: options.signal });
}

/** R-7-calls-12: POST …/attachments/imported with an empty body (secured owners only). */
export function markAttachmentsImported(
  owner: Extract<AttachmentOwner, { kind: 'appointment' | 'booking_request' }>,
  options: CallOptions = {},
): Promise<ImportedResponse> {
  return api<ImportedResponse>(`${attachmentsPath(owner)}/imported`, {
    method: 'POST',
    signal: options.signal,
  });
}
