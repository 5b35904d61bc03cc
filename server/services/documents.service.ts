/**
 * Referral documents of a booking (issue 7 parts 3 and 4). A document
 * belongs to a booking key: while the key is issued and unused it is a
 * temporary document of a booking in progress; the appointment or booking
 * request made with that key owns it from then on, without a copy.
 *
 * Files live in <dataDir>/documents/<storage name>, a random server-made name
 * (no extension, never served by the static handler); the metadata in
 * temporary_documents. A file is written before its row: when the row cannot
 * be written the file is removed, so a refusal leaves nothing behind. Every
 * read and write, allowed or refused, goes to document_audit.
 *
 * Anyone may get a booking key, so the disk is guarded (issue 11 part 5):
 * what one client address uploads to keys that have not booked counts
 * against a budget (UploadLimits, in document_upload_usage) and lives
 * `unbookedTtlHours`; and no upload is stored while the documents directory
 * would keep less than `minFreeBytes` free (DATA_DIR holds the database too).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { isIPv4, isIPv6 } from 'node:net';
import { join, resolve } from 'node:path';
import type {
  Attachment,
  AttachmentLimits,
  AttachmentsResponse,
  DocumentType,
  ExamAttachments,
  ExamDocumentType,
} from '../../src/api/attachments.contract.js';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from '../config.js';
import type { Db, Queryable } from '../db/db.js';
import {
  countDocuments,
  deleteDocument,
  deleteExpiredTemporaryDocuments,
  deleteUploadUsageBefore,
  examsBySlugs,
  findDocument,
  insertAudit,
  insertDocument,
  insertUploadUsage,
  listDocuments,
  listDocumentTypeRules,
  listDocumentTypes,
  lockKeyDocuments,
  lockUploadAddress,
  markDocumentsImported,
  replaceDocumentFile,
  uploadUsage,
  type AuditAction,
  type DocumentRow,
  type DocumentTypeRow,
  type ExamRow,
  type UploadUsage,
} from '../db/documents.repo.js';
import type { KeyRef } from '../db/secrets.js';
import { ApiError } from '../http/errors.js';
import { inspectDocument } from './document-content.js';
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

/** 429 message.upload_quota_exceeded; the route sends `retryAfterSeconds` as Retry-After. */
export class UploadQuotaError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ATTACHMENT_KEYS.quotaExceeded, 'upload quota of the client address used');
  }
}

/** Who uploads: the client address the quota is counted by (request.ip). */
export interface UploadClient {
  address: string;
}

/**
 * The address a quota is counted by: an IPv4 address (also when mapped into
 * IPv6) as it is, an IPv6 address as its /64 prefix, since one subscriber
 * usually holds a whole /64.
 */
export function quotaAddress(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(bare)) return bare;
  // An embedded IPv4 tail is the last two groups; only the first four matter here.
  const hex = bare.replace(/(\d{1,3}(?:\.\d{1,3}){3})$/, '0:0');
  const [head = '', tail] = hex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = Array<string>(tail === undefined ? 0 : 8 - left.length - right.length).fill('0');
  const groups = [...left, ...zeros, ...right].slice(0, 4);
  return `${groups.map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}

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

/** Bytes an unprivileged process may still write on the file system of `directory`. */
export async function statfsFreeBytes(directory: string): Promise<number> {
  const info = await statfs(directory);
  return Number(info.bavail) * Number(info.bsize);
}

function basePath(owner: Pick<DocumentOwner, 'kind' | 'slug' | 'bookingKey'>): {
  base: string;
  query: string;
} {
  if (owner.kind === 'booking')
    return {
      base: '/api/booking/documents',
      query: `?bookingKey=${encodeURIComponent(owner.bookingKey ?? '')}`,
    };
  const resource = owner.kind === 'appointment' ? 'appointments' : 'booking_requests';
  return {
    base: `/api/secured/${resource}/${encodeURIComponent(owner.slug ?? '')}/attachments`,
    query: '',
  };
}

function toAttachment(
  owner: DocumentOwner,
  row: DocumentRow,
  types: Map<number, DocumentTypeRow>,
): Attachment {
  const type = types.get(row.documentTypeId);
  const { base, query } = basePath(owner);
  return {
    id: row.id,
    attachmentId: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.sizeBytes,
    documentTypeId: row.documentTypeId,
    documentType: { title: type?.title ?? '', description: type?.description ?? '' },
    slug: row.examSlug,
    examIds: row.examId === null ? [] : [row.examId],
    groupNames: row.groupName ? [row.groupName] : [],
    uploadedDocument: { id: row.id, fileName: row.fileName },
    additional: row.additional,
    uploadedAt: row.updatedAt.toISOString(),
    downloadUrl: `${base}/${row.id}/download${query}`,
    viewUrl: `${base}/${row.id}/view${query}`,
  };
}

const STORAGE_NAME = /^[A-Za-z0-9_-]{32}$/;

export function createDocumentService(db: Db, options: DocumentServiceOptions): DocumentService {
  const directory = resolve(options.dataDir, 'documents');
  let ready: Promise<unknown> | undefined;
  const ensureDirectory = () => (ready ??= mkdir(directory, { recursive: true, mode: 0o700 }));
  const pathOf = (storageName: string) => {
    if (!STORAGE_NAME.test(storageName)) throw new Error('bad storage name');
    return join(directory, storageName);
  };
  const limits = {
    maxFileBytes: DOCUMENT_LIMITS.maxFileBytes,
    maxFiles: DOCUMENT_LIMITS.maxFiles,
    maxPixels: DOCUMENT_LIMITS.maxPixels,
  };
  const clock = options.clock ?? (() => new Date());
  const uploadLimits = options.uploadLimits ?? DEFAULT_UPLOAD_LIMITS;
  const windowMs = uploadLimits.unbookedTtlHours * 60 * 60 * 1000;
  const freeSpace = options.freeSpace ?? statfsFreeBytes;

  /** 413 message.upload_storage_full when `incomingBytes` would go below the floor. */
  async function assertFreeSpace(incomingBytes: number): Promise<void> {
    if (uploadLimits.minFreeBytes <= 0) return;
    await ensureDirectory();
    // Unknown free space counts as none: the floor protects the database beside the files.
    const free = await freeSpace(directory).catch((error: unknown) => {
      options.log?.warn({ err: error, directory }, 'free space of the documents directory unknown');
      return 0;
    });
    if (free - incomingBytes >= uploadLimits.minFreeBytes) return;
    options.log?.warn(
      { freeBytes: free, minFreeBytes: uploadLimits.minFreeBytes, directory },
      'upload refused: the documents directory is at its free-space floor (UPLOAD_MIN_FREE_BYTES)',
    );
    throw new ApiError(413, ATTACHMENT_KEYS.storageFull, 'free space under the floor');
  }

  function quotaError(usage: UploadUsage, now: Date): UploadQuotaError {
    const leaves = (usage.oldest?.getTime() ?? now.getTime()) + windowMs - now.getTime();
    return new UploadQuotaError(Math.max(1, Math.ceil(leaves / 1000)));
  }

  /** 429 when one more file of `incomingBytes` would take the address over its budget (no lock). */
  async function assertQuota(
    q: Queryable,
    address: string,
    incomingBytes: number,
  ): Promise<{ now: Date }> {
    const now = clock();
    const usage = await uploadUsage(q, address, new Date(now.getTime() - windowMs));
    // With nothing incoming (before the body is read), a budget used up to the last byte is full.
    const full =
      usage.files >= uploadLimits.quotaFiles ||
      usage.bytes + Math.max(incomingBytes, 1) > uploadLimits.quotaBytes;
    if (full) throw quotaError(usage, now);
    return { now };
  }

  /** Inside the write's transaction: checks the budget under a lock and records the upload. */
  async function chargeQuota(
    tx: Queryable,
    owner: DocumentOwner,
    client: UploadClient | null | undefined,
    bytes: number,
  ): Promise<void> {
    if (owner.kind !== 'booking' || !client) return;
    const address = quotaAddress(client.address);
    await lockUploadAddress(tx, address);
    const { now } = await assertQuota(tx, address, bytes);
    await insertUploadUsage(tx, {
      clientAddress: address,
      bookingKey: owner.keyRef,
      bytes,
      at: now,
    });
  }

  async function allowedTypes(): Promise<string[]> {
    return (await options.portalConfig.portalConfig()).bookingForm.validReferralContentTypes;
  }

  async function typeMap(q: Queryable): Promise<Map<number, DocumentTypeRow>> {
    return new Map((await listDocumentTypes(q)).map((type) => [type.id, type]));
  }

  async function removeFile(storageName: string): Promise<void> {
    await rm(pathOf(storageName), { force: true });
  }

  /** Checks the bytes, the fields, the quota and the space, and writes the file; returns what the row needs. */
  async function prepare(
    owner: DocumentOwner,
    file: UploadedFile,
    fields: Required<UploadFields>,
    client: UploadClient | null | undefined,
  ) {
    if (file.bytes.length > limits.maxFileBytes)
      throw new ApiError(413, ATTACHMENT_KEYS.tooLarge, 'file over the limit');
    const types = await typeMap(db);
    if (!types.has(fields.documentTypeId))
      throw new ApiError(400, ATTACHMENT_KEYS.invalidDocumentType, 'unknown document type');
    if (fields.examSlug !== null) {
      const exams = owner.kind === 'booking' ? null : await owner.exams();
      const known =
        exams === null
          ? (await db.query('SELECT 1 FROM exams WHERE slug = $1', [fields.examSlug])).rows.length >
            0
          : exams.some((exam) => exam.slug === fields.examSlug);
      if (!known) throw new ApiError(400, ATTACHMENT_KEYS.invalidExam, 'exam not of the booking');
    }
    const inspected = await inspectDocument(file.bytes, file.fileName, file.declaredType, {
      allowedTypes: await allowedTypes(),
      maxPixels: limits.maxPixels,
    });
    if (owner.kind === 'booking' && client)
      await assertQuota(db, quotaAddress(client.address), file.bytes.length);
    await assertFreeSpace(file.bytes.length);
    await ensureDirectory();
    const storageName = randomBytes(24).toString('base64url');
    await writeFile(pathOf(storageName), file.bytes, { mode: 0o600, flag: 'wx' });
    return {
      types,
      doc: {
        fileName: inspected.fileName,
        contentType: inspected.contentType,
        sizeBytes: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        documentTypeId: fields.documentTypeId,
        examSlug: fields.examSlug,
        groupName: fields.groupName,
        additional: fields.additional,
        storageName,
      },
    };
  }

  async function openRow(row: DocumentRow): Promise<StoredFile> {
    const path = pathOf(row.storageName);
    try {
      await stat(path);
    } catch {
      throw new ApiError(404, ATTACHMENT_KEYS.notFound, 'file missing on disk');
    }
    return { row, stream: createReadStream(path) };
  }

  async function requireDocument(owner: DocumentOwner, id: number): Promise<DocumentRow> {
    const row = await findDocument(db, owner.keyRef, id);
    if (!row) throw new ApiError(404, ATTACHMENT_KEYS.notFound, 'no such document');
    return row;
  }

  return {
    limits,

    async audit(actor, owner, action, result) {
      await insertAudit(db, {
        actorKind: actor.kind,
        sessionHash: actor.sessionHash,
        username: actor.username,
        bookingKey: owner?.keyRef ?? null,
        ownerKind: owner?.kind ?? null,
        ownerSlug: owner?.slug ?? null,
        action,
        documentId: result.documentId ?? null,
        fileName: result.fileName ?? null,
        outcome: result.status < 400 ? 'ok' : 'refused',
        status: result.status,
        messageKey: result.messageKey ?? null,
        clientAddress: actor.clientAddress,
      });
    },

    async list(owner, query) {
      const [types, rules, rows, allowed] = await Promise.all([
        listDocumentTypes(db),
        listDocumentTypeRules(db),
        listDocuments(db, owner.keyRef),
        allowedTypes(),
      ]);
      let exams = await owner.exams();
      if (query.changedExamSlugs?.length) {
        const changed = await examsBySlugs(db, query.changedExamSlugs);
        if (changed.length !== new Set(query.changedExamSlugs).size)
          throw new ApiError(400, ATTACHMENT_KEYS.invalidExam, 'unknown changed exam');
        exams = changed;
      }
      const typeById = new Map(types.map((type) => [type.id, type]));
      const attachments = rows.map((row) => toAttachment(owner, row, typeById));
      const group = query.examGroupName ?? null;
      let requiredMet = true;
      const grouped: ExamAttachments[] = exams.map((exam) => {
        // The most specific rule of each type: exam slug, then modality, then every exam.
        const chosen = new Map<number, boolean>();
        const rank = new Map<number, number>();
        for (const rule of rules) {
          const level =
            rule.examSlug !== null
              ? rule.examSlug === exam.slug
                ? 3
                : 0
              : rule.modalitySlug !== null
                ? rule.modalitySlug === exam.modalitySlug
                  ? 2
                  : 0
                : 1;
          if (level > (rank.get(rule.documentTypeId) ?? 0)) {
            rank.set(rule.documentTypeId, level);
            chosen.set(rule.documentTypeId, rule.required);
          }
        }
        const belongs = (attachment: Attachment) =>
          (attachment.slug === null || attachment.slug === exam.slug) &&
          (group === null ||
            attachment.groupNames.length === 0 ||
            attachment.groupNames.includes(group));
        const mine = attachments.filter(belongs);
        for (const attachment of mine)
          if (!chosen.has(attachment.documentTypeId)) chosen.set(attachment.documentTypeId, false);
        const examDocumentTypes: ExamDocumentType[] = types
          .filter((type) => chosen.has(type.id))
          .map((type) => {
            const required = chosen.get(type.id) ?? false;
            const ofType = mine.filter((attachment) => attachment.documentTypeId === type.id);
            if (required && ofType.length === 0) requiredMet = false;
            return {
              documentTypeId: type.id,
              documentType: { title: type.title, description: type.description },
              required,
              attachments: ofType,
            };
          });
        return {
          examId: exam.examId,
          slug: exam.slug,
          name: exam.name,
          groupName: group,
          examDocumentTypes,
        };
      });
      const documentTypes: DocumentType[] = types.map((type) => ({
        id: type.id,
        code: type.code,
        title: type.title,
        description: type.description,
        isReferral: type.isReferral,
      }));
      return {
        exams: grouped,
        attachments,
        documentTypes,
        requiredReferralUploaded: requiredMet,
        limits: { validContentTypes: allowed, ...limits },
      };
    },

    async assertRoom(owner) {
      if ((await countDocuments(db, owner.keyRef)) >= limits.maxFiles)
        throw new ApiError(409, ATTACHMENT_KEYS.limitReached, 'too many documents');
    },

    async assertCanUpload(kind, client, incomingBytes) {
      if (kind === 'booking' && client) await assertQuota(db, quotaAddress(client.address), 0);
      await assertFreeSpace(incomingBytes);
    },

    async upload(owner, file, fields, client) {
      if (fields.documentTypeId === undefined)
        throw new ApiError(400, ATTACHMENT_KEYS.invalidDocumentType, 'documentTypeId missing');
      const { types, doc } = await prepare(
        owner,
        file,
        {
          documentTypeId: fields.documentTypeId,
          examSlug: fields.examSlug ?? null,
          groupName: fields.groupName ?? null,
          additional: fields.additional ?? false,
        },
        client,
      );
      try {
        const id = await db.transaction(async (tx) => {
          await lockKeyDocuments(tx, owner.keyRef);
          if ((await countDocuments(tx, owner.keyRef)) >= limits.maxFiles)
            throw new ApiError(409, ATTACHMENT_KEYS.limitReached, 'too many documents');
          await chargeQuota(tx, owner, client, doc.sizeBytes);
          return insertDocument(tx, { bookingKey: owner.keyRef, ...doc });
        });
        const row = await requireDocument(owner, id);
        return toAttachment(owner, row, types);
      } catch (error) {
        await removeFile(doc.storageName);
        throw error;
      }
    },

    async replace(owner, id, file, fields, client) {
      const existing = await requireDocument(owner, id);
      const { types, doc } = await prepare(
        owner,
        file,
        {
          documentTypeId: fields.documentTypeId ?? existing.documentTypeId,
          examSlug: fields.examSlug === undefined ? existing.examSlug : fields.examSlug,
          groupName: fields.groupName === undefined ? existing.groupName : fields.groupName,
          additional: fields.additional ?? existing.additional,
        },
        client,
      );
      let old: string;
      try {
        old = await db.transaction(async (tx) => {
          await lockKeyDocuments(tx, owner.keyRef);
          const current = await findDocument(tx, owner.keyRef, id);
          if (!current) throw new ApiError(404, ATTACHMENT_KEYS.notFound, 'deleted meanwhile');
          await chargeQuota(tx, owner, client, doc.sizeBytes);
          await replaceDocumentFile(tx, id, doc);
          return current.storageName;
        });
      } catch (error) {
        await removeFile(doc.storageName);
        throw error;
      }
      await removeFile(old);
      return toAttachment(owner, await requireDocument(owner, id), types);
    },

    async remove(owner, id) {
      const row = await db.transaction(async (tx) => {
        await lockKeyDocuments(tx, owner.keyRef);
        const current = await findDocument(tx, owner.keyRef, id);
        if (!current) throw new ApiError(404, ATTACHMENT_KEYS.notFound, 'no such document');
        await deleteDocument(tx, id);
        return current;
      });
      await removeFile(row.storageName);
      return row;
    },

    async markImported(owner) {
      return markDocumentsImported(db, owner.keyRef);
    },

    async open(owner, id) {
      return openRow(await requireDocument(owner, id));
    },

    async sweep() {
      const now = clock().getTime();
      const abandoned = await deleteExpiredTemporaryDocuments(db, {
        storedBefore: new Date(now - windowMs),
        issuedBefore: new Date(now - DOCUMENT_LIMITS.abandonedDays * 24 * 60 * 60 * 1000),
      });
      await deleteUploadUsageBefore(db, new Date(now - windowMs));
      for (const doc of abandoned) {
        await removeFile(doc.storageName);
        await insertAudit(db, {
          actorKind: 'system',
          sessionHash: null,
          username: null,
          bookingKey: doc.bookingKey,
          ownerKind: 'booking',
          ownerSlug: null,
          action: 'delete',
          documentId: doc.id,
          fileName: doc.fileName,
          outcome: 'ok',
          status: 200,
          messageKey: null,
          clientAddress: null,
        });
      }
      let orphanFiles = 0;
      const names = await readdir(directory).catch(() => [] as string[]);
      const candidates = names.filter((name) => STORAGE_NAME.test(name));
      if (candidates.length > 0) {
        const { rows } = await db.query<{ storageName: string }>(
          `SELECT storage_name AS "storageName" FROM temporary_documents
           WHERE storage_name = ANY($1::text[])`,
          [candidates],
        );
        const known = new Set(rows.map((row) => row.storageName));
        for (const name of candidates) {
          if (known.has(name)) continue;
          const info = await stat(pathOf(name)).catch(() => undefined);
          if (!info || Date.now() - info.mtimeMs < DOCUMENT_LIMITS.orphanFileMs) continue;
          await removeFile(name);
          orphanFiles += 1;
        }
      }
      return { abandoned: abandoned.length, orphanFiles };
    },

    async openReferral(owner) {
      const config = await options.portalConfig.portalConfig();
      if (!config.bookingRequest.bookingRequestsDownloadReferralEnabled)
        throw new ApiError(404, ATTACHMENT_KEYS.downloadDisabled, 'referral download disabled');
      const referral = (await listDocumentTypes(db)).find((type) => type.isReferral);
      const row = (await listDocuments(db, owner.keyRef)).find(
        (doc) => doc.documentTypeId === referral?.id,
      );
      if (!row) throw new ApiError(404, ATTACHMENT_KEYS.notFound, 'no referral');
      return openRow(row);
    },
  };
}
