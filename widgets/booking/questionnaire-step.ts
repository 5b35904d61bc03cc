/**
 * The questionnaire step of the booking funnel (R-4-create-14: exam →
 * questionnaire → location → time). When the chosen exams have
 * before-booking questionnaires not yet answered under the flow's booking
 * key, "Continue" leaves the exam step for /questionnaires with the flow's
 * parameters and a backUrl; `<imaging-questionnaire>` saves the answers as
 * temporary answers under that key and comes back to the slots page with
 * what the outcomes require. Without questionnaires (or when the check
 * fails: the server still refuses a denied booking) the flow goes on as before.
 */
import { getQuestionnaires } from '../../src/api/questionnaires';
// The contract's list, not src/domain/questionnaire/outcomes: the flow's first load stays small.
import { BOOKING_FLOW_TYPES } from '../../src/contract/questionnaire';
import { $booking, $bookingUrl, navigateOutside, updateParams } from './booking.store';
import { continueFromExams } from './flow.store';

let checking = false;

/** Exam step "Continue": the exams' unanswered questionnaires first, then the next step. */
export function continueThroughQuestionnaires(): Promise<void> {
  return throughQuestionnaires(continueFromExams);
}

let askedFor = '';

/**
 * A flow that arrives past the exam step with its exams already chosen (a
 * clinic page's link, the iframe's prefill, an old bookmark) still asks
 * their questionnaires before the patient picks a time: otherwise the server
 * refuses the booking at the very end (409 message.questionnaire_required).
 * Once per choice of exams; answered ones cost one call.
 */
export function requireQuestionnaires(): void {
  const { params } = $booking.get();
  // Moving an appointment keeps its answers: the server books it without asking again.
  if (params.status === 'RESCHEDULED') return;
  // Once per choice of exams: the key the check itself gives the flow must not ask again.
  const asked = params.examSlugs.join(',');
  if (params.examSlugs.length === 0 || asked === askedFor) return;
  askedFor = asked;
  void throughQuestionnaires(() => {});
}

async function throughQuestionnaires(whenAnswered: () => void): Promise<void> {
  const { params } = $booking.get();
  if (checking) return;
  if (params.examSlugs.length === 0) return whenAnswered();
  checking = true;
  try {
    const response = await getQuestionnaires({
      examSlugs: params.examSlugs,
      bookingKey: params.bookingKey,
      types: [...BOOKING_FLOW_TYPES],
    });
    const answered = new Set(
      [...response.examQuestionnaireAnswers, ...response.allQuestionnaireAnswers].map(
        (answer) => answer.questionnaireId,
      ),
    );
    if (!response.questionnaires.some((questionnaire) => !answered.has(questionnaire.id))) {
      whenAnswered();
      return;
    }
    // The answers belong to this key: the booking made at the end uses it too.
    if (response.bookingKey !== params.bookingKey)
      updateParams({ bookingKey: response.bookingKey });
    const back = $bookingUrl.get();
    const query = new URLSearchParams(back.search.slice(1));
    query.set('types', BOOKING_FLOW_TYPES.join(','));
    query.set('backUrl', `${back.path}${back.search}`);
    navigateOutside('/questionnaires', `?${query.toString()}`);
  } catch (error) {
    console.warn('Questionnaire check failed; the booking goes on.', error);
    whenAnswered();
  } finally {
    checking = false;
  }
}
