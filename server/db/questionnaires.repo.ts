import type { KeyRef } from './secrets.js';
import type {
  AnswerKind,
  Answers,
  ConsentAnswer,
  ModalSize,
  Outcome,
  QuestionnaireAnswer,
  QuestionnaireJson,
  QuestionnaireType,
} from '../../src/contract/questionnaire.js';
import type { Queryable } from './db.js';

/** questionnaires, questionnaire_outcome_rules, questionnaire_answers, consent_forms, consent_answers. */

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

export interface AnswerRow extends Omit<QuestionnaireAnswer, 'dateCreated'> {
  bookingKey: KeyRef;
  appointmentId: number | null;
  bookingRequestId: number | null;
  dateCreated: Date;
}

const ANSWER_COLUMNS = `a.id, a.booking_key AS "bookingKey", a.questionnaire_id AS "questionnaireId",
  coalesce(a.questionnaire_type, qn.type) AS "questionnaireType",
  a.questionnaire_result AS "questionnaireResult", a.modality_id AS modality,
  a.exam_slug AS "examSlug", a.kind, a.pain_score AS "painScore",
  a.appointment_id AS "appointmentId", a.booking_request_id AS "bookingRequestId",
  a.created_at AS "dateCreated"`;
const ANSWER_FROM =
  'FROM questionnaire_answers a LEFT JOIN questionnaires qn ON qn.id = a.questionnaire_id';

/** Answers given before booking: the key's answers that name no booking. */
export async function listTemporaryAnswers(q: Queryable, bookingKey: KeyRef): Promise<AnswerRow[]> {
  const { rows } = await q.query<AnswerRow>(
    `SELECT ${ANSWER_COLUMNS} ${ANSWER_FROM}
     WHERE a.booking_key = $1 AND a.appointment_id IS NULL AND a.booking_request_id IS NULL
     ORDER BY a.created_at, a.id`,
    [bookingKey],
  );
  return rows;
}

/** Every answer of a booking: its own ones and those its key gave before booking. */
export async function listBookingAnswers(
  q: Queryable,
  ref: { bookingKey: KeyRef; appointmentId?: number; bookingRequestId?: number },
): Promise<AnswerRow[]> {
  const { rows } = await q.query<AnswerRow>(
    `SELECT ${ANSWER_COLUMNS} ${ANSWER_FROM}
     WHERE (a.booking_key = $1 AND a.appointment_id IS NULL AND a.booking_request_id IS NULL)
        OR a.appointment_id = $2 OR a.booking_request_id = $3
     ORDER BY a.created_at, a.id`,
    [ref.bookingKey, ref.appointmentId ?? null, ref.bookingRequestId ?? null],
  );
  return rows;
}

export interface NewAnswer {
  bookingKey: KeyRef;
  questionnaireId: number;
  questionnaireType: QuestionnaireType;
  questionnaireResult: Answers;
  kind: AnswerKind;
  examSlug: string | null;
  modalityId: number | null;
  painScore: number | null;
  appointmentId: number | null;
  bookingRequestId: number | null;
  createdAt: Date;
}

/**
 * Stores an answer, replacing the earlier answer of the same questionnaire
 * for the same key (before booking) or booking (after). Feedback is never
 * replaced: its unique index turns a second answer into 23505.
 */
export async function saveAnswer(q: Queryable, answer: NewAnswer): Promise<AnswerRow> {
  if (answer.questionnaireType !== 'FEEDBACK') {
    await q.query(
      `DELETE FROM questionnaire_answers
       WHERE questionnaire_id = $1 AND booking_key = $2
         AND appointment_id IS NOT DISTINCT FROM $3 AND booking_request_id IS NOT DISTINCT FROM $4`,
      [answer.questionnaireId, answer.bookingKey, answer.appointmentId, answer.bookingRequestId],
    );
  }
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO questionnaire_answers (booking_key, questionnaire_id, questionnaire_type,
       questionnaire_result, kind, exam_slug, modality_id, pain_score, appointment_id, booking_request_id,
       created_at, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
    [
      answer.bookingKey,
      answer.questionnaireId,
      answer.questionnaireType,
      JSON.stringify(answer.questionnaireResult),
      answer.kind,
      answer.examSlug,
      answer.modalityId,
      answer.painScore,
      answer.appointmentId,
      answer.bookingRequestId,
      answer.createdAt,
    ],
  );
  const id = rows[0]?.id;
  const saved = await q.query<AnswerRow>(
    `SELECT ${ANSWER_COLUMNS} ${ANSWER_FROM} WHERE a.id = $1`,
    [id],
  );
  if (!saved.rows[0]) throw new Error('answer not stored');
  return saved.rows[0];
}

/** Re-labels the key's temporary answers given for one exam to another (CHANGE_EXAM). */
export async function moveTemporaryAnswersToExam(
  q: Queryable,
  bookingKey: KeyRef,
  from: string,
  to: { slug: string; modalityId: number },
): Promise<void> {
  await q.query(
    `UPDATE questionnaire_answers SET exam_slug = $3, modality_id = $4, updated_at = now()
     WHERE booking_key = $1 AND exam_slug = $2 AND appointment_id IS NULL AND booking_request_id IS NULL`,
    [bookingKey, from, to.slug, to.modalityId],
  );
}

export async function hasFeedback(q: Queryable, appointmentId: number): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM questionnaire_answers WHERE appointment_id = $1 AND questionnaire_type = 'FEEDBACK' LIMIT 1`,
    [appointmentId],
  );
  return rows.length > 0;
}

export interface AppointmentFacts {
  id: number;
  slug: string;
  bookingKey: KeyRef;
  examSlug: string | null;
  modalityId: number | null;
  status: string;
  startMs: number;
  bookableOnline: boolean;
}

export async function findAppointmentFacts(
  q: Queryable,
  appointmentId: number,
): Promise<AppointmentFacts | undefined> {
  const { rows } = await q.query<Omit<AppointmentFacts, 'startMs'> & { starts: Date }>(
    `SELECT a.id, coalesce(a.slug, a.booking_key) AS slug, a.booking_key AS "bookingKey",
       e.slug AS "examSlug", e.modality_id AS "modalityId", a.status, lower(a.during) AS starts,
       coalesce(e.bookable_online, true) AS "bookableOnline"
     FROM appointments a LEFT JOIN exams e ON e.id = a.exam_id WHERE a.id = $1`,
    [appointmentId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { starts, ...facts } = row;
  return { ...facts, startMs: new Date(starts).getTime() };
}

export interface BookingRequestFacts {
  id: number;
  slug: string;
  bookingKey: KeyRef;
  examSlugs: string[];
  modalityIds: number[];
}

export async function findBookingRequestFacts(
  q: Queryable,
  bookingRequestId: number,
): Promise<BookingRequestFacts | undefined> {
  const { rows } = await q.query<BookingRequestFacts>(
    `SELECT r.id, r.slug, r.booking_key AS "bookingKey",
       coalesce(array_agg(e.slug ORDER BY x.position) FILTER (WHERE e.id IS NOT NULL), '{}') AS "examSlugs",
       coalesce(array_agg(DISTINCT e.modality_id) FILTER (WHERE e.id IS NOT NULL), '{}') AS "modalityIds"
     FROM booking_requests r
     LEFT JOIN booking_request_exams x ON x.booking_request_id = r.id
     LEFT JOIN exams e ON e.id = x.exam_id
     WHERE r.id = $1 GROUP BY r.id`,
    [bookingRequestId],
  );
  return rows[0];
}

export interface ConsentFormRow {
  id: number;
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
    `SELECT id, title, definition AS json, modal_size AS "modalSize",
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

export interface ExamFacts {
  slug: string;
  name: string;
  modalityId: number;
}

export async function findExamFacts(q: Queryable, slugs: string[]): Promise<ExamFacts[]> {
  const { rows } = await q.query<ExamFacts>(
    'SELECT slug, name, modality_id AS "modalityId" FROM exams WHERE slug = ANY($1::text[])',
    [slugs],
  );
  return rows;
}

/** Modality ids by id or slug. */
export async function findModalityIds(q: Queryable, refs: string[]): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    'SELECT id FROM modalities WHERE slug = ANY($1::text[]) OR id::text = ANY($1::text[])',
    [refs],
  );
  return rows.map((row) => row.id);
}

/** A booking request by slug, for staff sessions (which hold no booking). */
export async function findBookingRequestBySlug(
  q: Queryable,
  slug: string,
): Promise<{ id: number; slug: string; bookingKey: KeyRef } | undefined> {
  const { rows } = await q.query<{ id: number; slug: string; bookingKey: KeyRef }>(
    'SELECT id, slug, booking_key AS "bookingKey" FROM booking_requests WHERE slug = $1',
    [slug],
  );
  return rows[0];
}

/**
 * The ids among `questionnaireIds` that `bookingKey` has stored an answer for
 * (before booking, or attached to its booking).
 */
export async function answeredQuestionnaireIds(
  q: Queryable,
  bookingKey: KeyRef,
  questionnaireIds: number[],
): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT DISTINCT questionnaire_id AS id FROM questionnaire_answers
     WHERE booking_key = $1 AND questionnaire_id = ANY($2::int[])`,
    [bookingKey, questionnaireIds],
  );
  return rows.map((row) => row.id);
}

/** Whether the appointment with this slug belongs to the booking key. */
export async function appointmentHasKey(
  q: Queryable,
  slug: string,
  bookingKey: KeyRef,
): Promise<boolean> {
  const { rows } = await q.query(
    'SELECT 1 FROM appointments WHERE coalesce(slug, booking_key) = $1 AND booking_key = $2',
    [slug, bookingKey],
  );
  return rows.length > 0;
}
