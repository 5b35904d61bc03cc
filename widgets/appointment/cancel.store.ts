/**
 * Cancelling an appointment (spec 4 "Cancel", R-4-cancel-01..04,
 * R-4-quest-17): one server call that either cancels or leaves the
 * appointment as it was, with the patient told which.
 */
import type { CancelReason } from '../../src/contract/appointments';
import type { Answers, Questionnaire } from '../../src/contract/questionnaire';
import { cancelAppointment } from '../../src/api/appointments';
import { toApiError } from '../../src/api/errors';
import { getAppointmentQuestionnaires, saveAppointmentAnswer } from '../../src/api/questionnaires';
import {
  $busy,
  $notice,
  $summary,
  ACTIONS,
  handleFailure,
  replaceAppointment,
} from './appointment.store';
import { dropQuestionnaireLinks } from './questionnaire-links.store';

/**
 * R-4-cancel-03: the CANCEL_APPOINTMENT_PATIENT questionnaire the server
 * lists for the appointment (its exam, modality or a general one) and that
 * is not answered yet, or null. Its questions are asked in the cancel modal
 * itself, so confirming is one step that either cancels or says it did not.
 */
export async function cancelQuestionnaire(slug: string): Promise<Questionnaire | null> {
  const answer = await getAppointmentQuestionnaires(slug, ['CANCEL_APPOINTMENT_PATIENT']);
  const answered = new Set(answer.allQuestionnaireAnswers.map((a) => a.questionnaireId));
  return (
    answer.questionnaires.find(
      (q) => q.type === 'CANCEL_APPOINTMENT_PATIENT' && !answered.has(q.id),
    ) ?? null
  );
}

/** How the patient said why: a reason and a note, or the answers of the cancel questionnaire. */
export type CancelHow =
  { reason: CancelReason; note: string } | { questionnaire: Questionnaire; answers: Answers };

/** Cancelled, or not: then the message key of why (shown as "not cancelled"). */
export type CancelOutcome = { cancelled: true } | { cancelled: false; messageKey: string };

/**
 * R-4-cancel-03/04, R-4-quest-17: cancels in one server call, the plain
 * cancel with its reason, or the cancel questionnaire's answer (the server
 * cancels in the answer's transaction). Either the appointment ends
 * cancelled, or the patient is told plainly that it is not.
 */
export async function cancel(slug: string, how: CancelHow): Promise<CancelOutcome> {
  $busy.set('cancel');
  $notice.set(null);
  try {
    if ('questionnaire' in how) {
      await saveAppointmentAnswer(slug, {
        questionnaireId: how.questionnaire.id,
        questionnaireResult: how.answers,
        examSlug: examOf(slug),
      });
    } else {
      await cancelAppointment(slug, { reason: how.reason, note: how.note });
    }
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.status === 401 || apiError.status === 403) {
      handleFailure(error, slug);
      return { cancelled: false, messageKey: apiError.messageKey };
    }
    $notice.set({
      tone: 'error',
      text: { key: 'appointment.not_cancelled', params: { reasonKey: apiError.messageKey } },
      slug,
      at: ACTIONS,
    });
    return { cancelled: false, messageKey: apiError.messageKey };
  } finally {
    $busy.set(null);
  }
  replaceAppointment(slug, { status: 'CANCELED' });
  dropQuestionnaireLinks(slug);
  $notice.set({ tone: 'success', text: { key: 'appointment.cancelled' }, slug });
  return { cancelled: true };
}

function examOf(slug: string): string | null {
  const current = $summary.get();
  if (current.state !== 'loaded') return null;
  return current.value.appointments.find((a) => a.slug === slug)?.examSlug ?? null;
}

/**
 * The patient closed the cancel dialogs before cancelling: the appointment
 * stays booked, and the page says so plainly where they were (issue 13 part 1).
 */
export function keepAppointment(slug: string): void {
  $notice.set({ tone: 'info', text: { key: 'appointment.kept' }, slug, at: ACTIONS });
}
