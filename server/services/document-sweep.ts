/**
 * Housekeeping of documents (docs/security.md part 5): temporary documents
 * of keys that never booked are deleted UPLOAD_UNBOOKED_HOURS after they were
 * stored (or DOCUMENT_LIMITS.abandonedDays after the key was issued), each
 * deletion audited; files no row names are removed once an hour old.
 */
import type { Db } from '../db/db.js';
import { deleteExpiredTemporaryDocuments, knownStorageNames } from '../db/documents.repo.js';
import { insertAudit } from '../db/document-audit.repo.js';
import { deleteUploadUsageBefore } from '../db/upload-usage.repo.js';
import type { DocumentFiles } from './document-files.js';
import { DOCUMENT_LIMITS } from './documents.types.js';

export async function sweepDocuments(
  db: Db,
  files: DocumentFiles,
  { now, windowMs }: { now: number; windowMs: number },
): Promise<{ abandoned: number; orphanFiles: number }> {
  const removeFile = (storageName: string) => files.remove(storageName);
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
  const old = await files.oldNames(DOCUMENT_LIMITS.orphanFileMs);
  const known = new Set(await knownStorageNames(db, old));
  const orphans = old.filter((name) => !known.has(name));
  for (const name of orphans) await removeFile(name);
  const orphanFiles = orphans.length;
  return { abandoned: abandoned.length, orphanFiles };
}
