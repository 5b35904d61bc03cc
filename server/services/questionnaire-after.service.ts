/**
 * Questionnaires after booking (spec 4 "Feedback", "Cancel…",
 * R-7-calls-30/31): for the appointment or booking request the route has
 * checked the session holds. Cancel and decline answers end the appointment
 * under the cancel rules of the appointment pages; feedback is given once.
 */
import type {
  AnswerRequest,
  FeedbackQuestionnaire,
  QuestionnaireAnswer,
  QuestionnairesResponse,
} from '../../src/contract/questionnaire.js';
import { AFTER_BOOKING_TYPES } from '../../src/contract/questionnaire.js';
import { canChangeStatus, cancelGoesAhead } from '../../src/domain/appointment/change-rules.js';
import { queueCancellationEmail } from './cancellation-email.js';
import { cancelAppointmentRow, lockAppointment } from '../db/appointment-pages.repo.js';
import type { Db, Queryable } from '../db/db.js';
import { sqlState } from '../db/db.js';
import { listQuestionnaires, type QuestionnaireRow } from '../db/questionnaires.repo.js';
import { hasFeedback, listBookingAnswers } from '../db/questionnaire-answers.repo.js';
import {
  findAppointmentFacts,
  findBookingRequestFacts,
  findExamFacts,
} from '../db/questionnaire-facts.repo.js';
import { ApiError } from '../http/errors.js';
import { readAppointmentRules } from './appointment-rules.js';
import { createConsentForms, type ConsentForms } from './consent-forms.service.js';
import { questionnairesInLocale } from './questionnaire-locale.js';
import {
  answersResponse,
  applies,
  BOOKING_REQUEST_TYPES,
  CANCELLING,
  cancelNote,
  parseTypes,
  requireQuestionnaire,
  storeAnswer,
  toAnswer,
  type BookingRef,
} from './questionnaire-common.js';

export interface AfterBookingQuestionnaires extends ConsentForms {
  /** `locale` (the request's) translates what is sent (questionnaire-locale.ts). */
  listForAppointment(
    appointment: BookingRef,
    types?: string,
    locale?: string,
  ): Promise<QuestionnairesResponse>;
  saveForAppointment(
    appointment: BookingRef,
    request: AnswerRequest,
    kind: 'APPOINTMENT' | 'PAIN_SCORE' | 'FEEDBACK',
  ): Promise<QuestionnaireAnswer>;
  feedback(appointment: BookingRef, locale?: string): Promise<FeedbackQuestionnaire | null>;
  listForBookingRequest(
    bookingRequest: BookingRef,
    types?: string,
    locale?: string,
  ): Promise<QuestionnairesResponse>;
  saveForBookingRequest(
    bookingRequest: BookingRef,
    request: AnswerRequest,
    kind: 'BOOKING_REQUEST' | 'PROTOCOL',
  ): Promise<QuestionnaireAnswer>;
}

/** A feedback questionnaire as sent before it is answered (the patient's, the referrer's). */
export function unansweredFeedback(row: QuestionnaireRow): FeedbackQuestionnaire {
  return {
    questionnaireId: row.id,
    questionnaireResult: null,
    title: row.title,
    modalSize: row.modalSize,
    showClosingConfirmation: row.showClosingConfirmation,
    questionnaire: { examSlugs: row.examSlugs, modalityIds: row.modalityIds, json: row.json },
  };
}

export function createAfterBookingQuestionnaires(
  db: Db,
  { clock, publicUrl }: { clock: () => Date; publicUrl: string },
): AfterBookingQuestionnaires {
  /** The cancel rules of the appointment pages (R-4-cancel-01) apply to the questionnaires too. */
  async function assertMayCancel(
    q: Queryable,
    facts: { status: string; startMs: number; bookableOnline: boolean },
  ) {
    if (facts.status === 'CANCELED') {
      throw new ApiError(409, 'message.appointment_already_cancelled', 'already cancelled');
    }
    const rules = await readAppointmentRules(q);
    const answer = canChangeStatus({
      status: facts.status as Parameters<typeof canChangeStatus>[0]['status'],
      startMs: facts.startMs,
      nowMs: clock().getTime(),
      priorMinutes: rules.cancelPriorMinutes,
      enquireOnly: !facts.bookableOnline,
      action: 'CANCEL',
    });
    if (!cancelGoesAhead(answer)) {
      throw new ApiError(409, 'message.cancel_not_allowed', answer.reason ?? 'not allowed');
    }
  }

  async function appointmentFacts(ref: BookingRef) {
    const facts = await findAppointmentFacts(db, ref.id);
    if (!facts) throw new ApiError(403, 'message.forbidden');
    return facts;
  }

  async function bookingRequestFacts(ref: BookingRef) {
    const facts = await findBookingRequestFacts(db, ref.id);
    if (!facts) throw new ApiError(403, 'message.forbidden');
    return facts;
  }

  return {
    async listForAppointment(ref, typesText, locale) {
      const types = parseTypes(typesText, AFTER_BOOKING_TYPES);
      const facts = await appointmentFacts(ref);
      const answers = await listBookingAnswers(db, {
        bookingKey: facts.bookingKey,
        appointmentId: facts.id,
      });
      const feedbackGiven = answers.some(
        (a) => a.questionnaireType === 'FEEDBACK' && a.appointmentId === facts.id,
      );
      const questionnaires = (
        await listQuestionnaires(db, {
          types,
          examSlugs: facts.examSlug === null ? [] : [facts.examSlug],
          modalityIds: facts.modalityId === null ? [] : [facts.modalityId],
        })
      ).filter((row) => !(feedbackGiven && row.type === 'FEEDBACK'));
      const exams = await findExamFacts(db, facts.examSlug === null ? [] : [facts.examSlug]);
      // Asked by slug: no key in the request to echo (keys are stored hashed).
      return answersResponse(
        '',
        await questionnairesInLocale(db, questionnaires, locale),
        answers,
        exams,
      );
    },

    async saveForAppointment(ref, request, kind) {
      const facts = await appointmentFacts(ref);
      const row = await requireQuestionnaire(db, request.questionnaireId, kind);
      const examSlugs = facts.examSlug === null ? [] : [facts.examSlug];
      const modalityIds = facts.modalityId === null ? [] : [facts.modalityId];
      if (!applies(row, examSlugs, modalityIds)) {
        throw new ApiError(400, 'message.questionnaire_not_applicable', 'not for this exam');
      }
      const cancels = CANCELLING.includes(row.type);
      if (row.type === 'FEEDBACK' && (await hasFeedback(db, facts.id))) {
        throw new ApiError(409, 'message.feedback_already_provided', 'feedback given');
      }
      const saved = await db
        .transaction(async (tx) => {
          // The cancel rules are decided on the locked row: of answers sent at once, one cancels.
          if (cancels) {
            const locked = await lockAppointment(tx, facts.slug);
            if (!locked) throw new ApiError(404, 'message.appointment_not_found');
            await assertMayCancel(tx, locked);
            // Declining is for an appointment the clinic offered (PENDING, docs/decisions.md);
            // a booked one is cancelled, with its e-mail (issue 13 attack run).
            if (row.type === 'DECLINE_APPOINTMENT' && locked.status !== 'PENDING')
              throw new ApiError(409, 'message.cancel_not_allowed', 'only a pending one');
          }
          const answer = await storeAnswer(
            tx,
            clock,
            row,
            kind === 'FEEDBACK' ? 'APPOINTMENT' : kind,
            request,
            {
              bookingKey: facts.bookingKey,
              appointmentId: facts.id,
              modalityId: facts.modalityId,
              examSlug: facts.examSlug,
              bookingExams: facts.examSlug === null ? [] : [facts.examSlug],
            },
          );
          // R-4-quest-17: cancelling through the questionnaire sets the status CANCELED.
          if (cancels) {
            await cancelAppointmentRow(tx, facts.id, cancelNote(row, answer.questionnaireResult));
            if (row.type === 'CANCEL_APPOINTMENT_PATIENT')
              await queueCancellationEmail(tx, facts.id, publicUrl);
          }
          return answer;
        })
        .catch((error: unknown) => {
          if (sqlState(error) === '23505' && row.type === 'FEEDBACK') {
            throw new ApiError(409, 'message.feedback_already_provided', 'feedback given');
          }
          throw error;
        });
      return toAnswer(saved);
    },

    async feedback(ref, locale) {
      const facts = await appointmentFacts(ref);
      if (await hasFeedback(db, facts.id)) return null;
      const [row] = await questionnairesInLocale(
        db,
        (
          await listQuestionnaires(db, {
            types: ['FEEDBACK'],
            examSlugs: facts.examSlug === null ? [] : [facts.examSlug],
            modalityIds: facts.modalityId === null ? [] : [facts.modalityId],
          })
        ).slice(0, 1),
        locale,
      );
      if (!row) return null;
      return unansweredFeedback(row);
    },

    ...createConsentForms(db, appointmentFacts),

    async listForBookingRequest(ref, typesText, locale) {
      const types = parseTypes(typesText, BOOKING_REQUEST_TYPES);
      const facts = await bookingRequestFacts(ref);
      const answers = await listBookingAnswers(db, {
        bookingKey: facts.bookingKey,
        bookingRequestId: facts.id,
      });
      const questionnaires = await questionnairesInLocale(
        db,
        await listQuestionnaires(db, {
          types,
          examSlugs: facts.examSlugs,
          modalityIds: facts.modalityIds,
        }),
        locale,
      );
      const exams = await findExamFacts(db, facts.examSlugs);
      // Asked by slug: no key in the request to echo (keys are stored hashed).
      return answersResponse('', questionnaires, answers, exams);
    },

    async saveForBookingRequest(ref, request, kind) {
      const facts = await bookingRequestFacts(ref);
      const row = await requireQuestionnaire(db, request.questionnaireId, kind);
      if (!applies(row, facts.examSlugs, facts.modalityIds)) {
        throw new ApiError(400, 'message.questionnaire_not_applicable', 'not for these exams');
      }
      const saved = await db.transaction((tx) =>
        storeAnswer(tx, clock, row, kind, request, {
          bookingKey: facts.bookingKey,
          bookingRequestId: facts.id,
          modalityId: facts.modalityIds[0] ?? null,
          examSlug: facts.examSlugs[0] ?? null,
          bookingExams: facts.examSlugs,
        }),
      );
      return toAnswer(saved);
    },
  };
}
