/**
 * Questionnaires (spec 4 "Questionnaire flow",
 * R-7-calls-29..31): which questionnaires apply, answers saved after they are
 * checked against the questionnaire, outcomes, exam changes. Answers before
 * booking belong to an issued, unused booking key; the calls after booking
 * are in questionnaire-after.service.ts.
 */
import { keyRef } from '../db/secrets.js';
import type {
  AnswerKind,
  ChangeExamRequest,
  ChangeExamResponse,
  ProcessedOutcomeResponse,
  ProcessOutcomesRequest,
  Questionnaire,
  QuestionnaireAnswer,
  QuestionnaireMessage,
  QuestionnairesResponse,
  TemporaryAnswerRequest,
} from '../../src/contract/questionnaire.js';
import { BOOKING_FLOW_TYPES } from '../../src/contract/questionnaire.js';
import type { Db } from '../db/db.js';
import { findQuestionnaire, listQuestionnaires } from '../db/questionnaires.repo.js';
import {
  listTemporaryAnswers,
  moveTemporaryAnswersToExam,
} from '../db/questionnaire-answers.repo.js';
import { findExamFacts, findModalityIds } from '../db/questionnaire-facts.repo.js';
import { ApiError } from '../http/errors.js';
import {
  createAfterBookingQuestionnaires,
  type AfterBookingQuestionnaires,
} from './questionnaire-after.service.js';
import {
  answersResponse,
  examOf,
  parseTypes,
  requireOpenKey,
  requireQuestionnaire,
  splitList,
  storeAnswer,
  toAnswer,
  toQuestionnaire,
  TYPES_BY_KIND,
} from './questionnaire-common.js';
import { questionnairesInLocale } from './questionnaire-locale.js';
import { keyOutcome } from './questionnaire-outcomes.js';
import { createStaffProtocol, type StaffProtocol } from './questionnaire-staff.js';

export type { BookingRef } from './questionnaire-common.js';

export interface QuestionnaireQuery {
  examSlugs?: string | undefined;
  modality?: string | undefined;
  types?: string | undefined;
  bookingKey?: string | undefined;
}

/** The calls before booking (keyed by a booking key), those after it, and the staff protocol. */
export interface QuestionnaireService extends AfterBookingQuestionnaires, StaffProtocol {
  /**
   * `issueKey` gives a new booking key (bound to the caller's browser) when the query has none;
   * `locale` (the request's) translates the questionnaires (questionnaire-locale.ts).
   */
  list(
    query: QuestionnaireQuery,
    issueKey: () => Promise<string>,
    locale?: string,
  ): Promise<QuestionnairesResponse>;
  get(id: number, locale?: string): Promise<Questionnaire>;
  saveTemporary(request: TemporaryAnswerRequest): Promise<QuestionnaireAnswer>;
  processOutcomes(request: ProcessOutcomesRequest): Promise<ProcessedOutcomeResponse>;
  message(bookingKey: string, questionnaireId?: number): Promise<QuestionnaireMessage>;
  changeExam(request: ChangeExamRequest): Promise<ChangeExamResponse>;
}

export function createQuestionnaireService(
  db: Db,
  options: { clock: () => Date; publicUrl: string },
): QuestionnaireService {
  const { clock } = options;
  const after = createAfterBookingQuestionnaires(db, options);
  return {
    ...after,
    ...createStaffProtocol(db, after),
    async list(query, issueKey, locale) {
      const types = parseTypes(query.types, BOOKING_FLOW_TYPES);
      const examSlugs = splitList(query.examSlugs);
      const exams = await findExamFacts(db, examSlugs);
      const missing = examSlugs.find((slug) => !exams.some((exam) => exam.slug === slug));
      if (missing !== undefined) throw new ApiError(404, 'message.exam_not_found', missing);
      const modalityIds = [
        ...new Set([
          ...exams.map((exam) => exam.modalityId),
          ...(await findModalityIds(db, splitList(query.modality))),
        ]),
      ];
      let bookingKey = query.bookingKey;
      if (bookingKey) await requireOpenKey(db, keyRef(bookingKey));
      else bookingKey = await issueKey();
      const questionnaires = await questionnairesInLocale(
        db,
        await listQuestionnaires(db, { types, examSlugs, modalityIds }),
        locale,
      );
      return answersResponse(
        bookingKey,
        questionnaires,
        await listTemporaryAnswers(db, keyRef(bookingKey)),
        exams,
      );
    },

    async get(id, locale) {
      const row = await findQuestionnaire(db, id);
      if (!row || !row.active)
        throw new ApiError(404, 'message.questionnaire_not_found', 'no such questionnaire');
      const [translated = row] = await questionnairesInLocale(db, [row], locale);
      return toQuestionnaire(translated);
    },

    async saveTemporary(request) {
      const bookingKey = keyRef(request.bookingKey);
      await requireOpenKey(db, bookingKey);
      const row = await requireQuestionnaire(db, request.questionnaireId, 'TEMPORARY');
      const kind: AnswerKind = TYPES_BY_KIND.PAIN_SCORE.includes(row.type)
        ? 'PAIN_SCORE'
        : 'TEMPORARY';
      // The booking's facts: every exam being booked, as the patient saw the questions.
      const bookingExams = [
        ...new Set([...(request.examSlugs ?? []), ...(request.examSlug ? [request.examSlug] : [])]),
      ];
      const saved = await db.transaction((tx) =>
        storeAnswer(tx, clock, row, kind, request, { bookingKey, bookingExams }),
      );
      return toAnswer(saved);
    },

    async processOutcomes(request) {
      const bookingKey = keyRef(request.bookingKey);
      await requireOpenKey(db, bookingKey);
      return keyOutcome(db, bookingKey, {
        questionnaireIds: request.questionnaireIds,
        examSlugs: request.examSlugs,
      });
    },

    async message(clearKey, questionnaireId) {
      const bookingKey = keyRef(clearKey);
      await requireOpenKey(db, bookingKey);
      const outcome = await keyOutcome(db, bookingKey, {
        questionnaireIds: questionnaireId === undefined ? undefined : [questionnaireId],
      });
      return { message: outcome.message, messageParams: outcome.messageParams };
    },

    async changeExam(request) {
      const { examSlug } = request;
      const bookingKey = keyRef(request.bookingKey);
      await requireOpenKey(db, bookingKey);
      await examOf(db, examSlug);
      const outcome = await keyOutcome(db, bookingKey, { examSlugs: [examSlug] });
      if (outcome.newExamSlug === null) {
        throw new ApiError(409, 'message.exam_change_not_allowed', 'no answer changes this exam');
      }
      const next = await examOf(db, outcome.newExamSlug);
      if (!next) throw new ApiError(404, 'message.exam_not_found', outcome.newExamSlug);
      await moveTemporaryAnswersToExam(db, bookingKey, examSlug, next);
      return {
        examSlug,
        newExamSlug: next.slug,
        newExamName: next.name,
        modalityId: next.modalityId,
      };
    },
  };
}
