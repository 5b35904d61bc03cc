/**
 * document_types and document_type_rules: the kinds of document a booking may
 * hold and which exams or modalities need or offer each.
 */
import type { Queryable } from './db.js';

export interface DocumentTypeRow {
  id: number;
  code: string;
  title: string;
  description: string;
  isReferral: boolean;
}

export async function listDocumentTypes(q: Queryable): Promise<DocumentTypeRow[]> {
  const { rows } = await q.query<DocumentTypeRow>(
    `SELECT id, code, title, description, is_referral AS "isReferral"
     FROM document_types WHERE active ORDER BY position, id`,
  );
  return rows;
}

export interface DocumentTypeRuleRow {
  documentTypeId: number;
  modalitySlug: string | null;
  examSlug: string | null;
  required: boolean;
}

export async function listDocumentTypeRules(q: Queryable): Promise<DocumentTypeRuleRow[]> {
  const { rows } = await q.query<DocumentTypeRuleRow>(
    `SELECT r.document_type_id AS "documentTypeId", r.modality_slug AS "modalitySlug",
            r.exam_slug AS "examSlug", r.required
     FROM document_type_rules r JOIN document_types t ON t.id = r.document_type_id
     WHERE t.active ORDER BY t.position, t.id, r.id`,
  );
  return rows;
}
