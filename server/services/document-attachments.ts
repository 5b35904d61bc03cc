/**
 * The answers of the attachment calls (spec 3 "Attachments"): a stored
 * document as an Attachment with its download and view links (a booking in
 * progress carries its key in them, R-7-calls-20), and the list grouped by
 * exam and document type (src/domain/attachments/document-rules.ts).
 */
import type {
  Attachment,
  AttachmentLimits,
  AttachmentsResponse,
  DocumentType,
} from '../../src/contract/attachments.js';
import type { DocumentRow } from '../db/documents.repo.js';
import type { ExamRow } from '../db/document-exams.repo.js';
import type { DocumentTypeRow, DocumentTypeRuleRow } from '../db/document-types.repo.js';
import { groupByExam } from '../../src/domain/attachments/document-rules.js';
import type { DocumentOwner } from './documents.types.js';

export function basePath(owner: Pick<DocumentOwner, 'kind' | 'slug' | 'bookingKey'>): {
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

export function toAttachment(
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

/** The list answer: every document, grouped by the exams, with the types and limits. */
export function attachmentsAnswer(input: {
  owner: DocumentOwner;
  rows: DocumentRow[];
  types: DocumentTypeRow[];
  rules: DocumentTypeRuleRow[];
  exams: ExamRow[];
  group: string | null;
  limits: AttachmentLimits;
}): AttachmentsResponse {
  const { owner, rows, types, rules, exams, group, limits } = input;
  const typeById = new Map(types.map((type) => [type.id, type]));
  const attachments = rows.map((row) => toAttachment(owner, row, typeById));
  const grouped = groupByExam({ exams, rules, types, attachments, group });
  const documentTypes: DocumentType[] = types.map((type) => ({
    id: type.id,
    code: type.code,
    title: type.title,
    description: type.description,
    isReferral: type.isReferral,
  }));
  return {
    exams: grouped.exams,
    attachments,
    documentTypes,
    requiredReferralUploaded: grouped.requiredMet,
    limits,
  };
}
