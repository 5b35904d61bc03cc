/**
 * The documents section in the patient's language (issue 13 part 8): exam
 * names by slug (catalogueKey) and the provider's document types by code,
 * `documentType.<code>.title` and `documentType.<code>.description`, over
 * what the API sends.
 */
import type { AttachmentsResponse, DocumentTypeText } from '../../contract/attachments';
import { catalogueKey, type TextOr } from './catalogue-texts';

export function documentTypeKey(code: string, field: keyof DocumentTypeText): string {
  return `documentType.${code}.${field}`;
}

export function localizeAttachments(
  response: AttachmentsResponse,
  text: TextOr,
): AttachmentsResponse {
  const codes = new Map(response.documentTypes.map((type) => [type.id, type.code]));
  const typeText = <T extends DocumentTypeText>(id: number, type: T): T => {
    const code = codes.get(id);
    if (!code) return type;
    return {
      ...type,
      title: text(documentTypeKey(code, 'title'), type.title),
      description: text(documentTypeKey(code, 'description'), type.description),
    };
  };
  const attachment = <A extends { documentTypeId: number; documentType: DocumentTypeText }>(
    item: A,
  ): A => ({ ...item, documentType: typeText(item.documentTypeId, item.documentType) });
  return {
    ...response,
    exams: response.exams.map((exam) => ({
      ...exam,
      name: text(catalogueKey.exam(exam.slug), exam.name),
      examDocumentTypes: exam.examDocumentTypes.map((type) => ({
        ...attachment(type),
        attachments: type.attachments.map(attachment),
      })),
    })),
    attachments: response.attachments.map(attachment),
    documentTypes: response.documentTypes.map((type) => typeText(type.id, type)),
  };
}
