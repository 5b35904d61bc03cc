/**
 * What the questionnaires know of the booking they are asked for (issue 13):
 * the exams (names for the page, facts for the conditions) and the notes
 * the answers leave for the patient.
 */

/**
 * An exam the questionnaires are asked about: its name for the page around
 * them, its modality and body part for the conditions that read the
 * booking's facts (`{booking.modalities}`, docs/questionnaire-format.md).
 */
export interface QuestionnaireExam {
  slug: string;
  name: string;
  modalityId: number;
  /** The modality's slug (mri, ct, x-ray…). */
  modality: string;
  /** The body part's slug (knee, chest, breast…), or null. */
  bodyPart: string | null;
}

/**
 * A PATIENT_NOTE outcome: what an answer means for the patient (come early,
 * bring the implant card, a support person is welcome), an i18n message key
 * and its values. Shown after the questionnaires, on the booking summary,
 * under "How to prepare" on the appointment page and in its e-mail.
 */
export interface PatientNote {
  message: string;
  messageParams: Record<string, string>;
}
