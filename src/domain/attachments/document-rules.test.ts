import { describe, expect, it } from 'vitest';
import { groupByExam, requiredTypesOf, type DocumentTypeRule } from './document-rules';

const knee = { examId: 1, slug: 'mri-knee', name: 'MRI knee', modalitySlug: 'mri' };
const rule = (
  documentTypeId: number,
  required: boolean,
  where: { examSlug?: string; modalitySlug?: string } = {},
): DocumentTypeRule => ({
  documentTypeId,
  required,
  examSlug: where.examSlug ?? null,
  modalitySlug: where.modalitySlug ?? null,
});

describe('document rules of an exam (R-7-calls-08)', () => {
  it('the most specific rule decides: the exam over its modality over every exam', () => {
    const rules = [
      rule(1, true),
      rule(1, false, { modalitySlug: 'mri' }),
      rule(2, false),
      rule(2, true, { examSlug: 'mri-knee' }),
      rule(3, true, { examSlug: 'ct-head' }),
    ];
    expect(requiredTypesOf(rules, knee)).toEqual(
      new Map([
        [1, false],
        [2, true],
      ]),
    );
  });

  it('a required type without a document leaves the requirement unmet; an uploaded type is listed', () => {
    const types = [
      { id: 1, title: 'Referral', description: '' },
      { id: 2, title: 'Medicare card', description: '' },
    ];
    const upload = { slug: 'mri-knee', documentTypeId: 2, groupNames: [] } as never;
    const answer = groupByExam({
      exams: [knee],
      rules: [rule(1, true)],
      types,
      attachments: [upload],
      group: null,
    });
    expect(answer.requiredMet).toBe(false);
    expect(answer.exams[0]?.examDocumentTypes.map((t) => [t.documentTypeId, t.required])).toEqual([
      [1, true],
      [2, false],
    ]);
  });
});
