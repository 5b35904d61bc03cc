import { describe, expect, it } from 'vitest';
import { localizeAppointment } from './appointment-texts';
import { catalogueKey, localizeExam, type TextOr } from './catalogue-texts';

const mk: Record<string, string> = {
  'exam.mri-knee.name': 'МРИ на колено',
  'exam.mri-knee.examNotes': 'Кажете ни за метал во телото.',
};
const text: TextOr = (key, fallback) => mk[key] ?? fallback;
const exam = {
  slug: 'mri-knee',
  name: 'MRI Knee',
  examNotes: 'Tell us about metal.',
  notes: 'Arrive early.',
};

describe('catalogue texts by slug (issue 13 part 8: providers translate their catalogue)', () => {
  it('keys name the item by slug and the contract field', () => {
    expect(catalogueKey.exam('mri-knee')).toBe('exam.mri-knee.name');
    expect(catalogueKey.exam('mri-knee', 'notes')).toBe('exam.mri-knee.notes');
    expect(catalogueKey.region('perth')).toBe('region.perth.name');
  });

  it('an exam reads in the provider words; what is not translated stays', () => {
    expect(localizeExam(exam, text)).toEqual({
      slug: 'mri-knee',
      name: 'МРИ на колено',
      examNotes: 'Кажете ни за метал во телото.',
      notes: 'Arrive early.',
    });
  });

  it('an appointment shows its exam and its preparation (exam notes, then notes) translated', () => {
    const appointment = {
      examSlug: 'mri-knee',
      examName: 'MRI Knee',
      preparation: 'Tell us about metal.\n\nArrive early.',
      examDetails: exam,
    };
    expect(localizeAppointment(appointment, text)).toMatchObject({
      examName: 'МРИ на колено',
      preparation: 'Кажете ни за метал во телото.\n\nArrive early.',
    });
    expect(localizeAppointment({ ...appointment, examSlug: '' }, text)).toMatchObject({
      examName: 'MRI Knee',
    });
  });
});
