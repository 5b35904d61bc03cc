/**
 * The shapes and limits of the document service (services/documents.service.ts):
 * who asks, whose documents, what an upload brings, and the message keys of
 * the attachment calls.
 */
import type { ReadStream } from 'node:fs';
import type {
  Attachment,
  AttachmentLimits,
  AttachmentsResponse,
} from '../../src/contract/attachments.js';
import type { UploadLimits } from '../config.js';
import type { DocumentRow } from '../db/documents.repo.js';
import type { AuditAction } from '../db/document-audit.repo.js';
import type { ExamRow } from '../db/document-exams.repo.js';
import { type UploadClient } from './document-quota.js';
import type { KeyRef } from '../db/secrets.js';
import type { PortalConfigService } from './portal-config.service.js';

export const DOCUMENT_LIMITS = {
  /** 10 MiB a file: a phone photo of a referral is 2–5 MB. */
  maxFileBytes: 10 * 1024 * 1024,
  /** Documents a booking key may hold. */
  maxFiles: 10,
  /** 50 megapixels: above any phone camera, far below a decompression bomb. */
  maxPixels: 50_000_000,
  /** Multipart overhead and text fields allowed on top of the file in Content-Length. */
  multipartOverheadBytes: 64 * 1024,
  /**
   * Temporary documents of a key never used are deleted this long after the key was issued
   * (and UploadLimits.unbookedTtlHours after they were stored, whichever comes first).
   */
  abandonedDays: 7,
  /** A file without a row is deleted once it is this old. */
  orphanFileMs: 60 * 60 * 1000,
} as const;

export const ATTACHMENT_KEYS = {
  notFound: 'message.attachment_not_found',
  limitReached: 'message.attachment_limit_reached',
  invalidDocumentType: 'message.attachment_invalid_document_type',
  invalidExam: 'message.attachment_invalid_exam',
  fileMissing: 'message.attachment_file_missing',
  oneFileOnly: 'message.attachment_one_file_only',
  tooLarge: 'message.attachment_too_large',
  invalidField: 'message.attachment_invalid_field',
  downloadDisabled: 'message.referral_download_disabled',
  /** 429: the client address used its budget for keys that have not booked. */
  quotaExceeded: 'message.upload_quota_exceeded',
  /** 413: storing the file would leave the documents directory under UPLOAD_MIN_FREE_BYTES. */
  storageFull: 'message.upload_storage_full',
} as const;

/** Who asks (for the audit log). */
export interface DocumentActor {
  kind: 'session' | 'booking_key';
  sessionHash: string | null;
  username: string | null;
  clientAddress: string | null;
}

/** Whose documents: an appointment, a booking request, or a booking in progress. */
export interface DocumentOwner {
  kind: 'appointment' | 'booking_request' | 'booking';
  /** The appointment's or booking request's slug; null for a booking in progress. */
  slug: string | null;
  /** The stored form of the booking's key (db/secrets.ts). */
  keyRef: KeyRef;
  /** The clear key of a booking in progress, which its document links carry; never stored. */
  bookingKey?: string;
  /** The exams the response groups by. */
  exams: () => Promise<ExamRow[]>;
}

/** Whom an audited request was about, as far as the request tells (the key may be unknown). */
export interface AuditedOwner {
  kind: DocumentOwner['kind'];
  slug: string | null;
  keyRef: KeyRef | null;
}

export interface UploadFields {
  documentTypeId?: number | undefined;
  examSlug?: string | null | undefined;
  groupName?: string | null | undefined;
  additional?: boolean | undefined;
}

export interface UploadedFile {
  bytes: Buffer;
  fileName: string;
  declaredType: string | undefined;
}

export interface StoredFile {
  row: DocumentRow;
  stream: ReadStream;
}

export interface DocumentService {
  readonly limits: Omit<AttachmentLimits, 'validContentTypes'>;
  audit(
    actor: DocumentActor,
    owner: AuditedOwner | null,
    action: AuditAction,
    result: {
      documentId?: number | null;
      fileName?: string | null;
      status: number;
      messageKey?: string | null;
    },
  ): Promise<void>;
  list(
    owner: DocumentOwner,
    query: { examGroupName?: string | null; changedExamSlugs?: string[] | null },
  ): Promise<AttachmentsResponse>;
  /** Refuses (409) when the key already holds maxFiles documents; cheap, before the body is read. */
  assertRoom(owner: DocumentOwner): Promise<void>;
  /**
   * Before the body is read: 413 message.upload_storage_full when `incomingBytes`
   * would leave less than minFreeBytes free, and, for a booking in progress,
   * 429 message.upload_quota_exceeded when the client's budget is used up.
   */
  assertCanUpload(
    kind: DocumentOwner['kind'],
    client: UploadClient | null,
    incomingBytes: number,
  ): Promise<void>;
  /** A booking in progress's file counts against `client`'s quota. */
  upload(
    owner: DocumentOwner,
    file: UploadedFile,
    fields: UploadFields,
    client?: UploadClient | null,
  ): Promise<Attachment>;
  replace(
    owner: DocumentOwner,
    id: number,
    file: UploadedFile,
    fields: UploadFields,
    client?: UploadClient | null,
  ): Promise<Attachment>;
  remove(owner: DocumentOwner, id: number): Promise<DocumentRow>;
  markImported(owner: DocumentOwner): Promise<number>;
  open(owner: DocumentOwner, id: number): Promise<StoredFile>;
  /** The first referral document of the owner (404 when none). */
  openReferral(owner: DocumentOwner): Promise<StoredFile>;
  /**
   * Housekeeping: deletes the documents of booking keys never used that were
   * stored more than UploadLimits.unbookedTtlHours ago or whose key was issued
   * more than DOCUMENT_LIMITS.abandonedDays ago (an abandoned booking's
   * referral is health information nobody will claim; documents of keys that
   * booked stay), quota rows that left the window, and files no row names
   * that are older than an hour (a crash between writing a file and its row).
   */
  sweep(): Promise<{ abandoned: number; orphanFiles: number }>;
}

export interface DocumentServiceOptions {
  dataDir: string;
  portalConfig: PortalConfigService;
  /** Current time for the quota window and the sweep (BuildAppOptions.clock). */
  clock?: () => Date;
  /** Default DEFAULT_UPLOAD_LIMITS. */
  uploadLimits?: UploadLimits;
  /** Free bytes of the file system holding `directory`; default statfs. Tests simulate a full disk. */
  freeSpace?: (directory: string) => Promise<number>;
  /** Told when an upload is refused for want of space. */
  log?: { warn(details: object, message: string): void };
}
