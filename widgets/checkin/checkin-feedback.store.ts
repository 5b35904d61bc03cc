/**
 * The FEEDBACK step of check-in (spec 4 "Digital check-in": "confirm (or
 * feedback when required)", R-4-checkin-02): when the clinic requires it
 * (checkIn.feedbackRequired) the patient answers the appointment's
 * feedback questionnaire before confirming; the server refuses the
 * check-in until then. Answered (or found already answered): the
 * appointments reload and the flow goes on to confirm.
 */
import { atom } from 'nanostores';
import type { Answers } from '../../src/contract/questionnaire-format';
import type { FeedbackQuestionnaire } from '../../src/contract/questionnaire';
import { getCheckInAppointments } from '../../src/api/check-in';
import { isAbortError, toApiError } from '../../src/api/errors';
import { getFeedbackQuestionnaire, saveFeedback } from '../../src/api/questionnaires';
import { $checkIn, chosen, fail, flowSignal, goTo, patch } from './checkin.store';

export interface CheckInFeedback {
  slug: string | null;
  questionnaire: FeedbackQuestionnaire | null;
  saving: boolean;
  /** A message key of the last failed save (the answers stay in the form). */
  error: string | null;
}

const EMPTY: CheckInFeedback = { slug: null, questionnaire: null, saving: false, error: null };

export const $checkInFeedback = atom<CheckInFeedback>(EMPTY);

/** Loads the questionnaire of the chosen appointment (once per appointment). */
export async function loadFeedback(): Promise<void> {
  const appointment = chosen();
  if (!appointment) return fail('checkin.error_no_appointments');
  if ($checkInFeedback.get().slug === appointment.slug && $checkInFeedback.get().questionnaire)
    return;
  $checkInFeedback.set({ ...EMPTY, slug: appointment.slug });
  patch({ loading: true });
  try {
    const questionnaire = await getFeedbackQuestionnaire(appointment.slug, {
      signal: flowSignal(),
    });
    if (!questionnaire) return await afterFeedback();
    $checkInFeedback.set({ ...EMPTY, slug: appointment.slug, questionnaire });
    patch({ loading: false });
  } catch (error) {
    if (!isAbortError(error)) fail(toApiError(error).messageKey);
  }
}

export async function submitFeedback(answers: Answers): Promise<void> {
  const current = $checkInFeedback.get();
  const appointment = chosen();
  if (!current.questionnaire || !appointment) return;
  $checkInFeedback.set({ ...current, saving: true, error: null });
  try {
    await saveFeedback(
      appointment.slug,
      { questionnaireId: current.questionnaire.questionnaireId, questionnaireResult: answers },
      { signal: flowSignal() },
    );
    await afterFeedback();
  } catch (error) {
    if (isAbortError(error)) return;
    const apiError = toApiError(error);
    // Given already (another tab): the flow goes on as if it were this one.
    if (apiError.messageKey === 'message.feedback_already_provided') return afterFeedback();
    $checkInFeedback.set({ ...$checkInFeedback.get(), saving: false, error: apiError.messageKey });
  }
}

/** The server now holds the feedback: the appointments reload (feedbackRequired false), then confirm. */
async function afterFeedback(): Promise<void> {
  patch({ loading: true });
  try {
    const appointments = await getCheckInAppointments({ signal: flowSignal() });
    const slug = $checkIn.get().slug;
    $checkInFeedback.set(EMPTY);
    if (!appointments.some((a) => a.slug === slug)) return fail('checkin.error_no_appointments');
    goTo('CONFIRM', { appointments });
  } catch (error) {
    if (!isAbortError(error)) fail(toApiError(error).messageKey);
  }
}
