/**
 * What an appointment page shows of the provider's texts, in the patient's
 * language (issue 13 part 8): the exam and its preparation (catalogue
 * keys), and the cancel reasons of the provider's settings.
 */
import { localizeExam, type TextOr } from './catalogue-texts';

/**
 * A cancel reason of the provider's settings has no code: its English label
 * names it (`cancelReason.I am feeling better`). The label, not the
 * translation, is what the server stores.
 */
export function cancelReasonKey(label: string): string {
  return `cancelReason.${label}`;
}

/** What an appointment page shows of its exam, in the provider's words (the API sends English). */
export function localizeAppointment<
  T extends {
    examSlug: string;
    examName: string;
    preparation: string;
    examDetails: Parameters<typeof localizeExam>[0];
  },
>(appointment: T, text: TextOr): T {
  if (!appointment.examSlug) return appointment;
  const exam = localizeExam(appointment.examDetails, text);
  return {
    ...appointment,
    examName: exam.name,
    examDetails: exam,
    // As the server writes it: exam notes, then notes.
    preparation: [exam.examNotes, exam.notes].filter(Boolean).join('\n\n'),
  };
}
