/**
 * The end of a questionnaire run (R-4-quest-11): before booking, the server's
 * verdict on every answer under the key, what the answers mean for the visit
 * (PATIENT_NOTE, shown once with a Continue button, issue 13), then the
 * stored redirect or the slots page; after booking, the back URL.
 */
import { toApiError } from '../../src/api/errors';
import { processOutcomes } from '../../src/api/questionnaires';
import { backOf, markAnswered, withPrefix } from '../../src/domain/questionnaire/flow-context';
import {
  applyOutcome,
  BOOKING_FORM_NAVIGATION_MS,
  bookingSearch,
  FEEDBACK_REDIRECT_MS,
} from '../../src/domain/questionnaire/outcomes';
import {
  $questionnaireView,
  deny,
  go,
  goTo,
  later,
  message,
  type FlowRun,
} from './questionnaire-view';

/** R-4-quest-11: none remain: the stored redirect, else the slots page (before booking) or the back URL. */
export async function finish(current: FlowRun): Promise<void> {
  const { context, call } = current;
  if (context.mode === 'after') return finishAfter(current);
  $questionnaireView.set({ state: 'working', messageKey: 'questionnaire.flow.continuing' });
  // Answers given earlier still count: their outcomes are fetched again (a restricted date, a request).
  if (context.bookingKey && (current.total !== 0 || current.answeredBefore)) {
    try {
      const response = await processOutcomes({
        bookingKey: context.bookingKey,
        examSlugs: context.examSlugs,
      });
      if (!call.current()) return;
      const applied = applyOutcome(current.effects, response);
      current.effects = applied.effects;
      if (applied.step.kind === 'deny')
        return deny(current, applied.step.message, applied.step.params);
    } catch (error) {
      if (!call.current()) return;
      message(toApiError(error).messageKey, { tone: 'error', canRetry: true });
      return;
    }
  }
  // Issue 13: an answer that changes the visit (come early, a support person) is said here,
  // where the patient is, before the next step.
  if (current.effects.notes.length > 0 && !current.notesShown) {
    current.notesShown = true;
    $questionnaireView.set({ state: 'result', notes: current.effects.notes });
    return;
  }
  proceed(current);
}

/** Before booking: on to the stored redirect or the slots page, with what the outcomes require. */
export function proceed(current: FlowRun): void {
  const { context } = current;
  const redirect = current.effects.redirectUrl ?? context.redirectUrl;
  const navigate = () => {
    if (redirect) return goTo(context, redirect);
    go({
      path: withPrefix(context, '/select-clinic'),
      search: bookingSearch(
        context.incoming,
        context.bookingKey,
        context.examSlugs,
        current.effects,
      ),
      // Nothing was asked: the questionnaire step leaves no history entry to come back to.
      replace: current.total === 0,
    });
  };
  // R-9-19: after a BOOKING_FORM questionnaire the navigation waits 100 ms.
  if (current.answeredTypes.has('BOOKING_FORM'))
    later(current, BOOKING_FORM_NAVIGATION_MS, navigate);
  else navigate();
}

function finishAfter(current: FlowRun): void {
  const { context } = current;
  const target = current.effects.redirectUrl ?? context.redirectUrl ?? backOf(context);
  if (current.answeredTypes.has('FEEDBACK')) {
    // R-4-feedback-01/02, R-9-23: the form closes, thanks, and the redirect follows after 4000 ms.
    message('questionnaire.feedback.thanks', { tone: 'success' });
    later(current, FEEDBACK_REDIRECT_MS, () => goTo(context, target));
    return;
  }
  $questionnaireView.set({ state: 'working', messageKey: 'questionnaire.flow.saved' });
  goTo(context, markAnswered(target, [...current.answeredTypes]));
}
