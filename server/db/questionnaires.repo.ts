/**
 * questionnaires and questionnaire_outcome_rules: the questionnaire
 * definitions and the rules that turn answers into outcomes. Answers are in
 * questionnaire-answers.repo.ts, consent forms in consent-forms.repo.ts.
 */
import type {
  ModalSize,
  Outcome,
  QuestionnaireJson,
  QuestionnaireType,
} from '../../src/contract/questionnaire.js';
import type { Queryable } from './db.js';

export interface QuestionnaireRow {
  id: number;
  code: string;
  type: QuestionnaireType;
  title: string;
  json: QuestionnaireJson;
  modalSize: ModalSize;
  showClosingConfirmation: boolean;
  general: boolean;
  examSlugs: string[];
  modalityIds: number[];
  active: boolean;
}

const QUESTIONNAIRE_COLUMNS = `id, code, type, title, definition AS json, modal_size AS "modalSize",
  show_closing_confirmation AS "showClosingConfirmation", general, exam_slugs AS "examSlugs",
  modality_ids AS "modalityIds", active`;

export interface QuestionnaireFilter {
  types: readonly QuestionnaireType[];
  examSlugs: string[];
  modalityIds: number[];
}

/**
 * Active questionnaires of the given types that apply to any of the exams or
 * modalities (or are general), in position order.
 */
export async function listQuestionnaires(
  q: Queryable,
  filter: QuestionnaireFilter,
): Promise<QuestionnaireRow[]> {
  const { rows } = await q.query<QuestionnaireRow>(
    `SELECT ${QUESTIONNAIRE_COLUMNS} FROM questionnaires
     WHERE active AND type = ANY($1::text[])
       AND (general OR exam_slugs && $2::text[] OR modality_ids && $3::int[])
     ORDER BY position, id`,
    [filter.types, filter.examSlugs, filter.modalityIds],
  );
  return rows;
}

export async function findQuestionnaire(
  q: Queryable,
  id: number,
): Promise<QuestionnaireRow | undefined> {
  const { rows } = await q.query<QuestionnaireRow>(
    `SELECT ${QUESTIONNAIRE_COLUMNS} FROM questionnaires WHERE id = $1`,
    [id],
  );
  return rows[0];
}

export interface OutcomeRuleRow extends Outcome {
  questionnaireId: number;
  expression: string;
}

export async function listOutcomeRules(
  q: Queryable,
  questionnaireIds: number[],
): Promise<OutcomeRuleRow[]> {
  const { rows } = await q.query<OutcomeRuleRow>(
    `SELECT questionnaire_id AS "questionnaireId", type, expression, result,
       evaluate_result AS "evaluateResult"
     FROM questionnaire_outcome_rules WHERE questionnaire_id = ANY($1::int[])
     ORDER BY questionnaire_id, position`,
    [questionnaireIds],
  );
  return rows;
}
