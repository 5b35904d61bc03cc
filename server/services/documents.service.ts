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
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type {
  Attachment,
  AttachmentLimits,
  AttachmentsResponse,
  DocumentType,
  ExamAttachments,
  ExamDocumentType,
} from '../../src/api/attachments.contract.js';
import type { Db, Queryable } from '../db/db.js';
import {
  countDocuments,
  deleteDocument,
  examsBySlugs,
  findDocument,
  insertAudit,
  insertDocument,
  listDocuments,
  listDocumentTypeRules,
  listDocumentTypes,
  lockKeyDocuments,
  markDocumentsImported,
  replaceDocumentFile,
  type AuditAction,
  type DocumentRow,
  type DocumentTypeRow,
  type ExamRow,
} from '../db/documents.repo.js';
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
  /** Temporary documents of a key never used are deleted this long after the key was issued. */
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
  bookingKey: string;
  /** The exams the response groups by. */
  exams: () => Promise<ExamRow[]>;
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
    owner: Pick<DocumentOwner, 'kind' | 'slug' | 'bookingKey'> | null,
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
  upload(owner: DocumentOwner, file: UploadedFile, fields: UploadFields): Promise<Attachment>;
  replace(
    owner: DocumentOwner,
    id: number,
    file: UploadedFile,
    fields: UploadFields,
  ): Promise<Attachment>;
  remove(owner: DocumentOwner, id: number): Promise<DocumentRow>;
  markImported(owner: DocumentOwner): Promise<number>;
  open(owner: DocumentOwner, id: number): Promise<StoredFile>;
  /** The first referral document of the owner (404 when none). */
  openReferral(owner: DocumentOwner): Promise<StoredFile>;
  /**
   * Housekeeping: deletes the documents of booking keys issued more than
   * DOCUMENT_LIMITS.abandonedDays ago and never used (an abandoned booking's
   * referral is health information nobody will claim), and files no row names
   * that are older than an hour (a crash between writing a file and its row).
   */
  sweep(): Promise<{ abandoned: number; orphanFiles: number }>;
}

export interface DocumentServiceOptions {
  dataDir: string;
  portalConfig: PortalConfigService;
}

function basePath(owner: Pick<DocumentOwner, 'kind' | 'slug' | 'bookingKey'>): {
  base: string;
  query: string;
} {
  if (owner.kind === 'booking')
    return {
      base: '/api/booking/documents',
      query: `?bookingKey=${encodeURIComponent(owner.bookingKey)}`,
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

  async function allowedTypes(): Promise<string[]> {
    return (await options.portalConfig.portalConfig()).bookingForm.validReferralContentTypes;
  }

  async function typeMap(q: Queryable): Promise<Map<number, DocumentTypeRow>> {
    return new Map((await listDocumentTypes(q)).map((type) => [type.id, type]));
  }

  async function removeFile(storageName: string): Promise<void> {
    await rm(pathOf(storageName), { force: true });
  }

  /** Checks the bytes and the fields and writes the file; returns what the row needs. */
  async function prepare(owner: DocumentOwner, file: UploadedFile, fields: Required<UploadFields>) {
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
    const row = await findDocument(db, owner.bookingKey, id);
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
        bookingKey: owner?.bookingKey || null,
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
        listDocuments(db, owner.bookingKey),
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
      if ((await countDocuments(db, owner.bookingKey)) >= limits.maxFiles)
        throw new ApiError(409, ATTACHMENT_KEYS.limitReached, 'too many documents');
    },

    async upload(owner, file, fields) {
      if (fields.documentTypeId === undefined)
        throw new ApiError(400, ATTACHMENT_KEYS.invalidDocumentType, 'documentTypeId missing');
      const { types, doc } = await prepare(owner, file, {
        documentTypeId: fields.documentTypeId,
        examSlug: fields.examSlug ?? null,
        groupName: fields.groupName ?? null,
        additional: fields.additional ?? false,
      });
      try {
        const id = await db.transaction(async (tx) => {
          await lockKeyDocuments(tx, owner.bookingKey);
          if ((await countDocuments(tx, owner.bookingKey)) >= limits.maxFiles)
            throw new ApiError(409, ATTACHMENT_KEYS.limitReached, 'too many documents');
          return insertDocument(tx, { bookingKey: owner.bookingKey, ...doc });
        });
        const row = await requireDocument(owner, id);
        return toAttachment(owner, row, types);
      } catch (error) {
        await removeFile(doc.storageName);
        throw error;
      }
    },

    async replace(owner, id, file, fields) {
      const existing = await requireDocument(owner, id);
      const { types, doc } = await prepare(owner, file, {
        documentTypeId: fields.documentTypeId ?? existing.documentTypeId,
        examSlug: fields.examSlug === undefined ? existing.examSlug : fields.examSlug,
        groupName: fields.groupName === undefined ? existing.groupName : fields.groupName,
        additional: fields.additional ?? existing.additional,
      });
      let old: string;
      try {
        old = await db.transaction(async (tx) => {
          await lockKeyDocuments(tx, owner.bookingKey);
          const current = await findDocument(tx, owner.bookingKey, id);
          if (!current) throw new ApiError(404, ATTACHMENT_KEYS.notFound, 'deleted meanwhile');
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
        await lockKeyDocuments(tx, owner.bookingKey);
        const current = await findDocument(tx, owner.bookingKey, id);
        if (!current) throw new ApiError(404, ATTACHMENT_KEYS.notFound, 'no such document');
        await deleteDocument(tx, id);
        return current;
      });
      await removeFile(row.storageName);
      return row;
    },

    async markImported(owner) {
      return markDocumentsImported(db, owner.bookingKey);
    },

    async open(owner, id) {
      return openRow(await requireDocument(owner, id));
    },

    async sweep() {
      const { rows: abandoned } = await db.query<{
        id: number;
        bookingKey: string;
        fileName: string;
        storageName: string;
      }>(
        `DELETE FROM temporary_documents d USING booking_keys k
         WHERE d.booking_key = k.booking_key AND k.used_at IS NULL
           AND k.issued_at < now() - make_interval(days => $1) AND d.storage_name IS NOT NULL
         RETURNING d.id::int AS id, d.booking_key AS "bookingKey", d.file_name AS "fileName",
           d.storage_name AS "storageName"`,
        [DOCUMENT_LIMITS.abandonedDays],
      );
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
      const row = (await listDocuments(db, owner.bookingKey)).find(
        (doc) => doc.documentTypeId === referral?.id,
      );
      if (!row) throw new ApiError(404, ATTACHMENT_KEYS.notFound, 'no referral');
      return openRow(row);
    },
  };
}
