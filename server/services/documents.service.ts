/**
 * Referral documents of a booking (spec 4 "Upload", R-7-calls-08/14). A document
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
 * Anyone may get a booking key, so the disk is guarded (docs/security.md §5):
 * what one client address uploads to keys that have not booked counts
 * against a budget (UploadLimits, in document_upload_usage) and lives
 * `unbookedTtlHours`; and no upload is stored while the documents directory
 * would keep less than `minFreeBytes` free (DATA_DIR holds the database too).
 */
import { createHash } from 'node:crypto';
import { DEFAULT_UPLOAD_LIMITS } from '../config.js';
import type { Db, Queryable } from '../db/db.js';
import {
  countDocuments,
  deleteDocument,
  findDocument,
  insertDocument,
  listDocuments,
  lockKeyDocuments,
  markDocumentsImported,
  replaceDocumentFile,
  type DocumentRow,
} from '../db/documents.repo.js';
import { insertAudit } from '../db/document-audit.repo.js';
import { examsBySlugs, examExists } from '../db/document-exams.repo.js';
import {
  listDocumentTypeRules,
  listDocumentTypes,
  type DocumentTypeRow,
} from '../db/document-types.repo.js';
import { documentFiles } from './document-files.js';
import { quotaAddress, uploadQuota, type UploadClient } from './document-quota.js';
import { ApiError } from '../http/errors.js';
import { inspectDocument } from './document-content.js';
import {
  ATTACHMENT_KEYS,
  DOCUMENT_LIMITS,
  type DocumentOwner,
  type DocumentService,
  type DocumentServiceOptions,
  type StoredFile,
  type UploadedFile,
  type UploadFields,
} from './documents.types.js';

export * from './documents.types.js';
import { attachmentsAnswer, toAttachment } from './document-attachments.js';
import { sweepDocuments } from './document-sweep.js';

export function createDocumentService(db: Db, options: DocumentServiceOptions): DocumentService {
  const files = documentFiles(options);
  const limits = {
    maxFileBytes: DOCUMENT_LIMITS.maxFileBytes,
    maxFiles: DOCUMENT_LIMITS.maxFiles,
    maxPixels: DOCUMENT_LIMITS.maxPixels,
  };
  const clock = options.clock ?? (() => new Date());
  const uploadLimits = options.uploadLimits ?? DEFAULT_UPLOAD_LIMITS;
  const windowMs = uploadLimits.unbookedTtlHours * 60 * 60 * 1000;
  const quota = uploadQuota(uploadLimits, clock);
  const assertFreeSpace = (incomingBytes: number) =>
    files.assertFreeSpace(incomingBytes, uploadLimits.minFreeBytes, ATTACHMENT_KEYS.storageFull);

  /** Inside the write's transaction: a booking in progress pays from its address's budget. */
  async function chargeQuota(
    tx: Queryable,
    owner: DocumentOwner,
    client: UploadClient | null | undefined,
    bytes: number,
  ): Promise<void> {
    if (owner.kind === 'booking' && client) await quota.charge(tx, client, owner.keyRef, bytes);
  }

  async function allowedTypes(): Promise<string[]> {
    return (await options.portalConfig.portalConfig()).bookingForm.validReferralContentTypes;
  }

  async function typeMap(q: Queryable): Promise<Map<number, DocumentTypeRow>> {
    return new Map((await listDocumentTypes(q)).map((type) => [type.id, type]));
  }

  const removeFile = (storageName: string) => files.remove(storageName);

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
          ? await examExists(db, fields.examSlug)
          : exams.some((exam) => exam.slug === fields.examSlug);
      if (!known) throw new ApiError(400, ATTACHMENT_KEYS.invalidExam, 'exam not of the booking');
    }
    const inspected = await inspectDocument(file.bytes, file.fileName, file.declaredType, {
      allowedTypes: await allowedTypes(),
      maxPixels: limits.maxPixels,
    });
    if (owner.kind === 'booking' && client)
      await quota.assert(db, quotaAddress(client.address), file.bytes.length);
    await assertFreeSpace(file.bytes.length);
    const storageName = await files.write(file.bytes);
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
    return { row, stream: await files.open(row.storageName, ATTACHMENT_KEYS.notFound) };
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
      return attachmentsAnswer({
        owner,
        rows,
        types,
        rules,
        exams,
        group: query.examGroupName ?? null,
        limits: { validContentTypes: allowed, ...limits },
      });
    },

    async assertRoom(owner) {
      if ((await countDocuments(db, owner.keyRef)) >= limits.maxFiles)
        throw new ApiError(409, ATTACHMENT_KEYS.limitReached, 'too many documents');
    },

    async assertCanUpload(kind, client, incomingBytes) {
      if (kind === 'booking' && client) await quota.assert(db, quotaAddress(client.address), 0);
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

    sweep: () => sweepDocuments(db, files, { now: clock().getTime(), windowMs }),

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
