/**
 * Which questionnaire links each live appointment of the page offers (pain
 * score, consent forms, feedback, the required-on-confirmation notice,
 * decline): the page shows a link only when the server has something for it.
 */
import { atom } from 'nanostores';
import type { CallOptions } from '../../src/api/client';
import {
  getAppointmentQuestionnaires,
  getConsentForms,
  getFeedbackQuestionnaire,
} from '../../src/api/questionnaires';
import type { AppointmentView } from '../../src/contract/appointments';
import type { QuestionnairesResponse, QuestionnaireType } from '../../src/contract/questionnaire';
import { liveAppointments } from '../../src/domain/appointment/deny';

/** Which questionnaire links an appointment offers (what the server says applies to it). */
export interface QuestionnaireLinks {
  /** A PAIN_SCORE_INITIAL questionnaire applies. */
  painScore: boolean;
  /** The appointment has consent forms (answered or not). */
  consentForms: boolean;
  /** A feedback questionnaire applies and was not answered yet (R-4-feedback-03). */
  feedback: boolean;
  /**
   * Spec 4 "Types after booking": a REQUIRED_ON_CONFIRMATION questionnaire
   * applies to this live, not yet past appointment and is unanswered; the
   * page shows the required-action notice.
   */
  required: boolean;
  /** A pending appointment the patient may decline: a DECLINE_APPOINTMENT questionnaire applies. */
  decline: boolean;
}

/** The after-booking types the page asks about in one call. */
const LINK_TYPES: QuestionnaireType[] = [
  'PAIN_SCORE_INITIAL',
  'REQUIRED_ON_CONFIRMATION',
  'DECLINE_APPOINTMENT',
];

/** What one questionnaire list offers an appointment. */
function linksOf(
  appointment: AppointmentView,
  answer: QuestionnairesResponse,
): Pick<QuestionnaireLinks, 'painScore' | 'required' | 'decline'> {
  const answered = new Set(answer.allQuestionnaireAnswers.map((a) => a.questionnaireId));
  const has = (type: QuestionnaireType) => answer.questionnaires.some((q) => q.type === type);
  return {
    painScore: has('PAIN_SCORE_INITIAL'),
    required:
      !appointment.expired &&
      answer.questionnaires.some(
        (q) => q.type === 'REQUIRED_ON_CONFIRMATION' && !answered.has(q.id),
      ),
    decline: appointment.status === 'PENDING' && !appointment.expired && has('DECLINE_APPOINTMENT'),
  };
}

const NO_LIST_LINKS = { painScore: false, required: false, decline: false };

/** The links of each appointment of the page, by slug; absent while loading. */
export const $questionnaireLinks = atom<Record<string, QuestionnaireLinks>>({});

/** A check that fails (or is superseded) counts as false: the link is not offered. */
const orFalse = (work: Promise<boolean>) => work.catch(() => false);

/**
 * Asks the server which questionnaire links each live appointment offers;
 * the page shows a link only when the server has something for it.
 */
export async function loadQuestionnaireLinks(
  appointments: readonly AppointmentView[],
  signal: AbortSignal,
  liveNow: () => readonly AppointmentView[],
): Promise<void> {
  $questionnaireLinks.set({});
  const options: CallOptions = { signal };
  const entries = await Promise.all(
    liveAppointments(appointments).map(async (appointment) => {
      const [listed, consentForms, feedback] = await Promise.all([
        getAppointmentQuestionnaires(appointment.slug, LINK_TYPES, options)
          .then((answer) => linksOf(appointment, answer))
          .catch(() => NO_LIST_LINKS),
        orFalse(
          getConsentForms(appointment.slug, options).then(
            (answer) => answer.appointmentConsentForms.length > 0,
          ),
        ),
        orFalse(getFeedbackQuestionnaire(appointment.slug, options).then((answer) => !!answer)),
      ]);
      const links: QuestionnaireLinks = { ...listed, consentForms, feedback };
      return [appointment.slug, links] as const;
    }),
  );
  if (signal.aborted) return;
  // An appointment cancelled meanwhile offers nothing.
  const live = new Set(liveAppointments(liveNow()).map((a) => a.slug));
  $questionnaireLinks.set(Object.fromEntries(entries.filter(([slug]) => live.has(slug))));
}

/** A cancelled appointment offers no questionnaires any more. */
export function dropQuestionnaireLinks(slug: string): void {
  const { [slug]: _dropped, ...links } = $questionnaireLinks.get();
  $questionnaireLinks.set(links);
}
