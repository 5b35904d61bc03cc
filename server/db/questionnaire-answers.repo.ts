/**
 * questionnaire_answers: the answers a booking key gives before booking
 * (temporary, naming no booking) and those attached to its appointment or
 * booking request after.
 */
import type {
  AnswerKind,
  Answers,
  QuestionnaireAnswer,
  QuestionnaireType,
} from '../../src/contract/questionnaire.js';
import type { Queryable } from './db.js';
import type { KeyRef } from './secrets.js';

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
