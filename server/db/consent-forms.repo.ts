/**
 * consent_forms and consent_answers: the consent forms that apply to an exam
 * and an appointment's answers to them.
 */
import type {
  Answers,
  ConsentAnswer,
  ModalSize,
  QuestionnaireJson,
} from '../../src/contract/questionnaire.js';
import type { Queryable } from './db.js';

export interface ConsentFormRow {
  id: number;
  /** Names its texts in the provider's translations (consentForm.<code>…). */
  code: string;
  title: string;
  json: QuestionnaireJson;
  modalSize: ModalSize;
  showClosingConfirmation: boolean;
  required: boolean;
}

/** Active consent forms that apply to an exam (or are general), in position order. */
export async function listConsentForms(
  q: Queryable,
  examSlugs: string[],
  modalityIds: number[],
): Promise<ConsentFormRow[]> {
  const { rows } = await q.query<ConsentFormRow>(
    `SELECT id, code, title, definition AS json, modal_size AS "modalSize",
       show_closing_confirmation AS "showClosingConfirmation", required
     FROM consent_forms
     WHERE active AND (general OR exam_slugs && $1::text[] OR modality_ids && $2::int[])
     ORDER BY position, id`,
    [examSlugs, modalityIds],
  );
  return rows;
}

export async function listConsentAnswers(
  q: Queryable,
  appointmentId: number,
): Promise<ConsentAnswer[]> {
  const { rows } = await q.query<Omit<ConsentAnswer, 'dateCreated'> & { dateCreated: Date }>(
    `SELECT c.consent_form_id AS "consentFormId", coalesce(a.slug, a.booking_key) AS "appointmentSlug",
       c.questionnaire_result AS "questionnaireResult", c.created_at AS "dateCreated"
     FROM consent_answers c JOIN appointments a ON a.id = c.appointment_id
     WHERE c.appointment_id = $1 ORDER BY c.consent_form_id`,
    [appointmentId],
  );
  return rows.map((row) => ({ ...row, dateCreated: row.dateCreated.toISOString() }));
}

/** Stores (or replaces) an appointment's answer to a consent form. */
export async function saveConsentAnswer(
  q: Queryable,
  appointmentId: number,
  consentFormId: number,
  result: Answers,
): Promise<void> {
  await q.query(
    `INSERT INTO consent_answers (appointment_id, consent_form_id, questionnaire_result)
     VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (appointment_id, consent_form_id)
     DO UPDATE SET questionnaire_result = EXCLUDED.questionnaire_result, created_at = now()`,
    [appointmentId, consentFormId, JSON.stringify(result)],
  );
}
