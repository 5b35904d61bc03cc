/**
 * document_audit: one row for every read, write and refusal of a document
 * (who, booking, action, document, outcome, client address).
 */
import type { KeyRef } from './secrets.js';
import type { Queryable } from './db.js';

export type AuditAction =
  | 'list'
  | 'upload'
  | 'replace'
  | 'delete'
  | 'download'
  | 'view'
  | 'referral_download'
  | 'imported'
  | 'move';

export interface AuditEntry {
  actorKind: 'session' | 'booking_key' | 'system';
  sessionHash: string | null;
  username: string | null;
  bookingKey: KeyRef | null;
  ownerKind: 'appointment' | 'booking_request' | 'booking' | null;
  ownerSlug: string | null;
  action: AuditAction;
  documentId: number | null;
  fileName: string | null;
  outcome: 'ok' | 'refused';
  status: number;
  messageKey: string | null;
  clientAddress: string | null;
}

export async function insertAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO document_audit (actor_kind, session_hash, username, booking_key, owner_kind,
       owner_slug, action, document_id, file_name, outcome, status, message_key, client_address)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      entry.actorKind,
      entry.sessionHash,
      entry.username,
      entry.bookingKey,
      entry.ownerKind,
      entry.ownerSlug,
      entry.action,
      entry.documentId,
      // The name as sent, for the record; NUL cannot be stored in text, so control characters show as U+FFFD.
      // eslint-disable-next-line no-control-regex
      entry.fileName?.slice(0, 300).replace(/[\u0000-\u001f\u007f]/g, '\ufffd') ?? null,
      entry.outcome,
      entry.status,
      entry.messageKey,
      entry.clientAddress,
    ],
  );
}
