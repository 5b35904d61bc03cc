/**
 * A referrer's report quality feedback (spec 2.3 "Report quality feedback
 * page", 4 "Feedback", 7 /api/image_viewer_link/questionnaires;
 * R-7-calls-23, R-7-calls-24): the provider's questionnaire of type
 * REFERRER_REPORT_FEEDBACK that applies to the study's exam, until feedback
 * on the study was given (then nothing: the page says 'feedback already
 * provided'). The caller has found the study from an ACTIVE image link or,
 * for a staff session, from the accession number the PACS names the visit by.
 */
import type { ReferrerFeedbackAnswer } from '../../src/contract/imaging.js';
import type { AnswerRequest, FeedbackQuestionnaire } from '../../src/contract/questionnaire.js';
import type { Db } from '../db/db.js';
import { sqlState } from '../db/db.js';
import type { StudyRow } from '../db/imaging.repo.js';
import { findAppointmentFacts } from '../db/questionnaire-facts.repo.js';
import { findQuestionnaire, listQuestionnaires } from '../db/questionnaires.repo.js';
import { hasReferrerFeedback, insertReferrerFeedback } from '../db/referrer-feedback.repo.js';
import { readSetting } from '../db/settings.repo.js';
import { ApiError } from '../http/errors.js';
import { checkAnswers } from './questionnaire-answers.js';
import { unansweredFeedback } from './questionnaire-after.service.js';
import { questionnairesInLocale } from './questionnaire-locale.js';

const TYPE = 'REFERRER_REPORT_FEEDBACK';

export function createReferrerFeedback(db: Db, { clock }: { clock: () => Date }) {
  /** Spec 5: the feedback page errors when the feature is off; so do its calls. */
  async function assertEnabled(): Promise<void> {
    const application = (await readSetting(db, 'application')) as
      { referrerReportQualityFeedbackEnabled?: boolean } | undefined;
    if (!application?.referrerReportQualityFeedbackEnabled)
      throw new ApiError(404, 'message.referrer_feedback_disabled');
  }

  /** The first active questionnaire that applies to the study's exam (or a general one). */
  async function questionnaireOf(study: StudyRow, locale?: string) {
    const facts = study.appointmentId ? await findAppointmentFacts(db, study.appointmentId) : null;
    const rows = await listQuestionnaires(db, {
      types: [TYPE],
      examSlugs: facts?.examSlug ? [facts.examSlug] : [],
      modalityIds: facts?.modalityId ? [facts.modalityId] : [],
    });
    const [row] = await questionnairesInLocale(db, rows.slice(0, 1), locale);
    return row;
  }

  return {
    /** The questionnaire to answer, or null: feedback already given, or none applies. */
    async questionnaire(study: StudyRow, locale?: string): Promise<FeedbackQuestionnaire | null> {
      await assertEnabled();
      if (await hasReferrerFeedback(db, study.id)) return null;
      const row = await questionnaireOf(study, locale);
      if (!row) return null;
      return unansweredFeedback(row);
    },

    /** Stores the feedback, checked against its questionnaire; 409 the second time. */
    async save(
      study: StudyRow,
      request: AnswerRequest,
      givenBy: string,
    ): Promise<ReferrerFeedbackAnswer> {
      await assertEnabled();
      const row = await findQuestionnaire(db, request.questionnaireId);
      if (!row || !row.active)
        throw new ApiError(404, 'message.questionnaire_not_found', 'no such questionnaire');
      if (row.type !== TYPE)
        throw new ApiError(
          400,
          'message.questionnaire_type_mismatch',
          `${row.type} is not ${TYPE}`,
        );
      const result = checkAnswers(
        row.json,
        request.questionnaireResult,
        'message.error_answering_questionnaire',
      );
      const createdAt = clock();
      try {
        await insertReferrerFeedback(db, {
          studyId: study.id,
          questionnaireId: row.id,
          questionnaireResult: result,
          givenBy,
          createdAt,
        });
        return {
          questionnaireId: row.id,
          questionnaireResult: result,
          dateCreated: createdAt.toISOString(),
        };
      } catch (error) {
        if (sqlState(error) === '23505')
          throw new ApiError(409, 'message.feedback_already_provided');
        throw error;
      }
    },
  };
}

export type ReferrerFeedback = ReturnType<typeof createReferrerFeedback>;
