/**
 * The documents of appointments, booking requests and bookings in progress
 * (spec 2.4, 2.5, 4 "Upload"; spec 7 attachment calls). One entry per owner,
 * keyed by ownerKey; the parts that show them read $attachments and call the
 * verbs below. After every upload, replace or delete the list is loaded
 * again, so what is shown is what the server holds.
 */
import { map } from 'nanostores';
import { deleteAttachment, getAttachments } from '../api/attachments';
import type {
  Attachment,
  AttachmentOwner,
  AttachmentsQuery,
  AttachmentsResponse,
  DocumentUploadFields,
} from '../contract/attachments';
import { isAbortError } from '../api/errors';
import { failed, latestCall, LOADING, loaded, type LatestCall, type Loadable } from './loadable';
import { sendDocument, type UploadProgress } from '../api/upload';

export type AttachmentsLoad = Loadable<AttachmentsResponse>;

export const $attachments = map<Record<string, AttachmentsLoad>>({});

export type AttachmentsFilter = AttachmentsQuery & { examSlugs?: string[] | null };

/** The key of an owner in $attachments. */
export function ownerKey(owner: AttachmentOwner): string {
  return owner.kind === 'booking' ? `booking:${owner.bookingKey}` : `${owner.kind}:${owner.slug}`;
}

const filters = new Map<string, AttachmentsFilter>();
/** One owner of cancellation per owner key: only the latest load of a list writes it. */
const loads = new Map<string, LatestCall>();

/**
 * R-7-calls-08/14: loads (or reloads) an owner's documents. A reload keeps
 * the list on screen while it runs; only the latest load counts.
 */
export async function loadAttachments(
  owner: AttachmentOwner,
  filter?: AttachmentsFilter,
): Promise<void> {
  const key = ownerKey(owner);
  if (filter) filters.set(key, filter);
  const latest = loads.get(key) ?? latestCall();
  loads.set(key, latest);
  const call = latest.start();
  if ($attachments.get()[key]?.state !== 'loaded') $attachments.setKey(key, LOADING);
  try {
    const response = await getAttachments(owner, filters.get(key) ?? {}, { signal: call.signal });
    if (call.current()) $attachments.setKey(key, loaded(response));
  } catch (error) {
    if (isAbortError(error) || !call.current()) return;
    $attachments.setKey(key, failed(error));
  }
}

type SentListener = (file: File) => void;
const sentListeners = new Set<SentListener>();

/**
 * Hears of every document the patient sends (the chat passes them into the
 * conversation, src/integrations/chat); returns the way to stop.
 */
export function onDocumentSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => void sentListeners.delete(listener);
}

export interface SendOptions {
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

/**
 * R-4-upload-01/02: sends a file at once: a replacement (PUT) when
 * `attachmentId` is given, otherwise a new document (POST). A refusal
 * rejects with the server's ApiError and changes nothing that was stored.
 */
export async function submitDocument(
  owner: AttachmentOwner,
  fields: Omit<DocumentUploadFields, 'bookingKey'>,
  attachmentId: number | null,
  file: File,
  options: SendOptions,
): Promise<Attachment> {
  const attachment = await sendDocument(
    owner,
    { ...fields, file, fileName: file.name },
    { attachmentId, onProgress: options.onProgress, signal: options.signal },
  );
  void loadAttachments(owner);
  for (const listener of sentListeners) listener(file);
  return attachment;
}

/** R-7-calls-11/17: deletes one document, then reloads the list. */
export async function removeAttachment(
  owner: AttachmentOwner,
  attachmentId: number,
): Promise<void> {
  await deleteAttachment(owner, attachmentId);
  await loadAttachments(owner);
}

/** The referral documents (document types marked isReferral), oldest first. */
export function referralsOf(response: AttachmentsResponse): Attachment[] {
  const referralTypes = new Set(
    response.documentTypes.filter((type) => type.isReferral).map((type) => type.id),
  );
  return response.attachments.filter((item) => referralTypes.has(item.documentTypeId));
}

/** The referral document type, or the first type when none is marked. */
export function referralTypeId(response: AttachmentsResponse): number | null {
  const types = response.documentTypes;
  return (types.find((type) => type.isReferral) ?? types[0])?.id ?? null;
}

/** Documents that belong to none of the listed exams (for the whole booking). */
export function generalAttachments(response: AttachmentsResponse): Attachment[] {
  const listed = new Set(
    response.exams.flatMap((exam) =>
      exam.examDocumentTypes.flatMap((type) => type.attachments.map((item) => item.id)),
    ),
  );
  return response.attachments.filter((item) => !listed.has(item.id));
}
