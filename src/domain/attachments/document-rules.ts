/**
 * Which documents an exam asks for (R-7-calls-08, spec 3 "Attachments"): a
 * document type is shown for an exam when a rule names the exam, its
 * modality or every exam, the most specific rule deciding whether it is
 * required, or when a document of that type was uploaded for the exam. Pure:
 * the server groups the attachments answer with it.
 */
import type { Attachment, ExamAttachments, ExamDocumentType } from '../../contract/attachments';

export interface DocumentTypeRule {
  documentTypeId: number;
  modalitySlug: string | null;
  examSlug: string | null;
  required: boolean;
}

export interface RuleDocumentType {
  id: number;
  title: string;
  description: string;
}

export interface RuleExam {
  examId: number;
  slug: string;
  name: string;
  modalitySlug: string;
}

/** How specific a rule is for an exam: 3 its exam, 2 its modality, 1 every exam, 0 not for it. */
function specificity(rule: DocumentTypeRule, exam: RuleExam): number {
  if (rule.examSlug !== null) return rule.examSlug === exam.slug ? 3 : 0;
  if (rule.modalitySlug !== null) return rule.modalitySlug === exam.modalitySlug ? 2 : 0;
  return 1;
}

/** Document type id → required, by the most specific rule of each type for the exam. */
export function requiredTypesOf(
  rules: readonly DocumentTypeRule[],
  exam: RuleExam,
): Map<number, boolean> {
  const chosen = new Map<number, boolean>();
  const rank = new Map<number, number>();
  for (const rule of rules) {
    const level = specificity(rule, exam);
    if (level > (rank.get(rule.documentTypeId) ?? 0)) {
      rank.set(rule.documentTypeId, level);
      chosen.set(rule.documentTypeId, rule.required);
    }
  }
  return chosen;
}

/**
 * The attachments grouped by exam and document type, and whether every
 * required type has a document. `group` (examGroupName) keeps documents of
 * that group and those of no group.
 */
export function groupByExam(input: {
  exams: readonly RuleExam[];
  rules: readonly DocumentTypeRule[];
  types: readonly RuleDocumentType[];
  attachments: readonly Attachment[];
  group: string | null;
}): { exams: ExamAttachments[]; requiredMet: boolean } {
  const { rules, types, attachments, group } = input;
  let requiredMet = true;
  const exams = input.exams.map((exam): ExamAttachments => {
    const chosen = requiredTypesOf(rules, exam);
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
  return { exams, requiredMet };
}
