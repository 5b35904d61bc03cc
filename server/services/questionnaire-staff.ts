/**
 * What a staff session may do with a booking request's questionnaires: the
 * radiologist's protocol entry (R-8-07). A staff session holds no booking, so
 * the booking request is found by its slug, and nothing else of the request
 * is shown to staff.
 */
import type {
  AnswerRequest,
  QuestionnaireAnswer,
  QuestionnairesResponse,
} from '../../src/contract/questionnaire.js';
import type { Db } from '../db/db.js';
import { findBookingRequestBySlug } from '../db/questionnaire-facts.repo.js';
import { ApiError } from '../http/errors.js';
import type { AfterBookingQuestionnaires } from './questionnaire-after.service.js';
import { splitList, type BookingRef } from './questionnaire-common.js';

export interface StaffProtocol {
  /**
   * The protocol questionnaires of a booking request and its protocol answers,
   * without the booking key; `types` must be PROTOCOL alone (else 403).
   */
  listProtocolForStaff(slug: string, types?: string): Promise<QuestionnairesResponse>;
  /** Saves the protocol of any booking request; 404 when there is none with the slug. */
  saveProtocolForStaff(slug: string, request: AnswerRequest): Promise<QuestionnaireAnswer>;
}

export function createStaffProtocol(db: Db, after: AfterBookingQuestionnaires): StaffProtocol {
  async function bookingRequest(slug: string): Promise<BookingRef> {
    const ref = await findBookingRequestBySlug(db, slug);
    if (!ref) throw new ApiError(404, 'message.not_found', 'no such booking request');
    return ref;
  }

  return {
    async listProtocolForStaff(slug, types) {
      if (splitList(types).join(',') !== 'PROTOCOL')
        throw new ApiError(403, 'message.forbidden', 'staff may read the protocol only');
      const list = await after.listForBookingRequest(await bookingRequest(slug), 'PROTOCOL');
      const ids = new Set(list.questionnaires.map((q) => q.id));
      const protocol = (answers: QuestionnaireAnswer[]) =>
        answers.filter((a) => ids.has(a.questionnaireId));
      return {
        questionnaires: list.questionnaires,
        exams: list.exams,
        bookingKey: '',
        examQuestionnaireAnswers: protocol(list.examQuestionnaireAnswers),
        allQuestionnaireAnswers: protocol(list.allQuestionnaireAnswers),
      };
    },

    async saveProtocolForStaff(slug, request) {
      return after.saveForBookingRequest(await bookingRequest(slug), request, 'PROTOCOL');
    },
  };
}
