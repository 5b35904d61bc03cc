/**
 * What the questionnaire services share (spec 4 "Questionnaires"): which types each
 * save call takes, the shapes sent to the client, the checks every save runs.
 */
import { type KeyRef } from '../db/secrets.js';
import type {
  AnswerKind,
  Questionnaire,
  QuestionnaireAnswer,
  QuestionnaireExam,
  QuestionnairesResponse,
  QuestionnaireType,
} from '../../src/contract/questionnaire.js';
import { AFTER_BOOKING_TYPES, BEFORE_BOOKING_TYPES } from '../../src/contract/questionnaire.js';
import { allQuestions } from '../../src/domain/questionnaire/visibility.js';
import { bookingContext } from '../../src/domain/questionnaire/booking-facts.js';
import { findBookingKey } from '../db/booking-keys.repo.js';
import type { Queryable } from '../db/db.js';
import { findQuestionnaire, type QuestionnaireRow } from '../db/questionnaires.repo.js';
import { saveAnswer, type AnswerRow } from '../db/questionnaire-answers.repo.js';
import { findExamFacts, type ExamFacts } from '../db/questionnaire-facts.repo.js';
import { ApiError } from '../http/errors.js';
import { checkAnswers, painScoreOf } from './questionnaire-answers.js';

/** The booking a secured route has checked the session holds. */
export interface BookingRef {
  id: number;
  slug: string;
  bookingKey: string;
}

const ALL_TYPES: readonly QuestionnaireType[] = [...BEFORE_BOOKING_TYPES, ...AFTER_BOOKING_TYPES];

/** Which questionnaire types each save call stores (R-4-quest-02). */
export const TYPES_BY_KIND: Record<AnswerKind | 'FEEDBACK', readonly QuestionnaireType[]> = {
  TEMPORARY: BEFORE_BOOKING_TYPES,
  APPOINTMENT: AFTER_BOOKING_TYPES,
  FEEDBACK: ['FEEDBACK'],
  PAIN_SCORE: ['PAIN_SCORE_INITIAL', 'PAIN_SCORE_FINAL'],
  BOOKING_REQUEST: [
    'CREATE_BOOKING_REQUEST',
    'CREATE_BOOKING_REQUEST_REFERRER',
    'MODALITY_ROUTING',
    'BOOKING_FORM',
    'REQUIRED_ON_CONFIRMATION',
  ],
  PROTOCOL: ['PROTOCOL'],
};

/** Spec 8: the message key the client shows when a save of this kind fails. */
const SAVE_ERROR: Record<AnswerKind, string> = {
  TEMPORARY: 'message.error_answering_questionnaire',
  APPOINTMENT: 'message.error_answering_questionnaire',
  BOOKING_REQUEST: 'message.error_answering_questionnaire',
  PAIN_SCORE: 'message.pain_score_problem',
  PROTOCOL: 'message.booking_request_waiting_protocol_error',
};

export const BOOKING_REQUEST_TYPES: readonly QuestionnaireType[] = [
  'CREATE_BOOKING_REQUEST',
  'CREATE_BOOKING_REQUEST_REFERRER',
  'PROTOCOL',
  'REQUIRED_ON_CONFIRMATION',
];

/** The types that end an appointment when answered (spec 4; DECLINE is our decision). */
export const CANCELLING: readonly QuestionnaireType[] = [
  'CANCEL_APPOINTMENT_PATIENT',
  'DECLINE_APPOINTMENT',
];

/** The cancel reason stored on the appointment: the chosen reason's text, and a note. */
export function cancelNote(
  row: QuestionnaireRow,
  result: Record<string, unknown>,
): { reason: string; note: string } {
  const reason = typeof result.reason === 'string' ? result.reason : row.title;
  const question = allQuestions(row.json).find((q) => q.name === 'reason');
  const choice =
    question && 'choices' in question
      ? question.choices.find((c) => (typeof c === 'object' ? c.value : c) === reason)
      : undefined;
  const label = typeof choice === 'object' && choice.text ? choice.text : reason;
  return { reason: label, note: typeof result.note === 'string' ? result.note : '' };
}

export function splitList(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

export function parseTypes(
  value: string | undefined,
  fallback: readonly QuestionnaireType[],
): QuestionnaireType[] {
  const types = splitList(value);
  if (types.length === 0) return [...fallback];
  const unknown = types.find((type) => !ALL_TYPES.includes(type as QuestionnaireType));
  if (unknown !== undefined)
    throw new ApiError(400, 'message.bad_request', `unknown type ${unknown}`);
  return types as QuestionnaireType[];
}

export function toQuestionnaire(row: QuestionnaireRow): Questionnaire {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    modalSize: row.modalSize,
    showClosingConfirmation: row.showClosingConfirmation,
    examSlugs: row.examSlugs,
    modalityIds: row.modalityIds,
    general: row.general,
    json: row.json,
  };
}

export function toAnswer(row: AnswerRow): QuestionnaireAnswer {
  return {
    id: row.id,
    questionnaireId: row.questionnaireId,
    questionnaireType: row.questionnaireType,
    questionnaireResult: row.questionnaireResult,
    modality: row.modality,
    examSlug: row.examSlug,
    kind: row.kind,
    painScore: row.painScore,
    dateCreated: row.dateCreated.toISOString(),
  };
}

export function applies(
  row: QuestionnaireRow,
  examSlugs: string[],
  modalityIds: number[],
): boolean {
  return (
    row.general ||
    row.examSlugs.some((slug) => examSlugs.includes(slug)) ||
    row.modalityIds.some((id) => modalityIds.includes(id))
  );
}

export function toExam(exam: ExamFacts): QuestionnaireExam {
  return {
    slug: exam.slug,
    name: exam.name,
    modalityId: exam.modalityId,
    modality: exam.modality,
    bodyPart: exam.bodyPart,
  };
}

export function answersResponse(
  bookingKey: string,
  questionnaires: QuestionnaireRow[],
  answers: AnswerRow[],
  exams: readonly ExamFacts[],
): QuestionnairesResponse {
  const ids = new Set(questionnaires.map((row) => row.id));
  return {
    questionnaires: questionnaires.map(toQuestionnaire),
    exams: exams.map(toExam),
    bookingKey,
    examQuestionnaireAnswers: answers.filter((a) => ids.has(a.questionnaireId)).map(toAnswer),
    allQuestionnaireAnswers: answers.map(toAnswer),
  };
}

/** 404 for a key the server never issued, 409 once it booked something. */
export async function requireOpenKey(q: Queryable, bookingKey: KeyRef): Promise<void> {
  const key = await findBookingKey(q, bookingKey);
  if (!key) throw new ApiError(404, 'message.booking_key_invalid', 'booking key not issued');
  if (key.usedAt !== null) throw new ApiError(409, 'message.booking_key_used', 'booking key used');
}

export async function requireQuestionnaire(
  q: Queryable,
  id: number,
  kind: AnswerKind | 'FEEDBACK',
): Promise<QuestionnaireRow> {
  const row = await findQuestionnaire(q, id);
  if (!row || !row.active)
    throw new ApiError(404, 'message.questionnaire_not_found', 'no such questionnaire');
  if (!TYPES_BY_KIND[kind].includes(row.type)) {
    throw new ApiError(
      400,
      'message.questionnaire_type_mismatch',
      `${row.type} is not saved as ${kind}`,
    );
  }
  return row;
}

export async function examOf(q: Queryable, slug: string | null | undefined) {
  if (!slug) return null;
  const exam = (await findExamFacts(q, [slug]))[0];
  if (!exam) throw new ApiError(404, 'message.exam_not_found', slug);
  return exam;
}

/**
 * Stores an answer checked against its questionnaire and the booking's facts
 * (`bookingExams`: the exams being booked, or the booking's own), so a choice
 * the patient was not offered is refused here too.
 */
export async function storeAnswer(
  q: Queryable,
  clock: () => Date,
  row: QuestionnaireRow,
  kind: AnswerKind,
  request: { questionnaireResult: Record<string, unknown>; examSlug?: string | null | undefined },
  owner: {
    bookingKey: KeyRef;
    appointmentId?: number;
    bookingRequestId?: number;
    modalityId?: number | null;
    examSlug?: string | null;
    bookingExams: readonly string[];
  },
): Promise<AnswerRow> {
  const facts = await findExamFacts(q, [...owner.bookingExams]);
  const result = checkAnswers(
    row.json,
    request.questionnaireResult,
    SAVE_ERROR[kind],
    bookingContext(facts),
  );
  const exam = await examOf(q, request.examSlug ?? owner.examSlug ?? null);
  return saveAnswer(q, {
    bookingKey: owner.bookingKey,
    questionnaireId: row.id,
    questionnaireType: row.type,
    questionnaireResult: result,
    kind,
    examSlug: exam?.slug ?? null,
    modalityId: exam?.modalityId ?? owner.modalityId ?? null,
    painScore: kind === 'PAIN_SCORE' ? painScoreOf(row.json, result) : null,
    appointmentId: owner.appointmentId ?? null,
    bookingRequestId: owner.bookingRequestId ?? null,
    createdAt: clock(),
  });
}
