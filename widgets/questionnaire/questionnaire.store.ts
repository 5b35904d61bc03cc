/**
 * The questionnaire flow of spec 4: load the questionnaires (before booking
 * by exam and booking key; after booking by the booking's slug), ask the
 * first unanswered one, save the answer with the call of its type
 * (temporary, appointment, booking request, pain score, protocol, feedback,
 * consent form), let the server process the outcomes, act on them, and when
 * none remain go to the stored redirect or the slots page.
 *
 * The element never touches history: $questionnaireNavigation tells the
 * widget where to go and it emits imaging-navigated.
 */
import { isAbortError, toApiError } from '../../src/api/errors';
import { changeExamFromOutcome, processOutcomes } from '../../src/api/questionnaires';
import type { Answers } from '../../src/contract/questionnaire';
import {
  backOf,
  denyTarget,
  parseContext,
  withPrefix,
} from '../../src/domain/questionnaire/flow-context';
import {
  applyOutcome,
  EXAM_CHANGE_RELOAD_MS,
  examChangeSearch,
  noEffects,
} from '../../src/domain/questionnaire/outcomes';
import { latestCall } from '../../src/stores/loadable';
import { loadQueue, type AskItem } from './questionnaire-queue';
import { $locale, loadProviderBundle } from '../../src/stores/locale.store';
import { finish, proceed } from './questionnaire-finish';
import { saveAnswers, saveErrorKey } from './questionnaire-save';
import {
  $questionnaireAbout,
  $questionnaireNavigation,
  $questionnaireView,
  authenticate,
  clearLater,
  deny,
  go,
  goTo,
  later,
  message,
  type FlowRun,
} from './questionnaire-view';

let run: FlowRun | null = null;
const flowCall = latestCall();

export {
  CONSENT_FORM_TYPE,
  parseContext,
  safeLocalPath,
} from '../../src/domain/questionnaire/flow-context';
export type { AskType } from '../../src/domain/questionnaire/flow-context';
export type { AskItem } from './questionnaire-queue';
export {
  $questionnaireAbout,
  $questionnaireNavigation,
  $questionnaireView,
  type FlowNavigation,
  type QuestionnaireAbout,
  type QuestionnaireView,
} from './questionnaire-view';

/** Starts (or restarts) the flow for the route's path and query. */
export function startFlow(path: string, search: string): void {
  clearLater();
  $questionnaireNavigation.set(null);
  run = {
    context: parseContext(path, search),
    call: flowCall.start(),
    queue: [],
    total: 0,
    effects: noEffects(),
    answeredTypes: new Set(),
    booking: null,
    answeredBefore: false,
    notesShown: false,
  };
  $questionnaireView.set({ state: 'loading' });
  $questionnaireAbout.set(null);
  void load(run);
}

async function load(current: FlowRun): Promise<void> {
  const { context, call } = current;
  try {
    // The provider's texts first: the forms name the exams in the patient's language.
    const [loadedQueue] = await Promise.all([
      loadQueue(context, call.signal),
      loadProviderBundle($locale.get()),
    ]);
    if (!call.current()) return;
    context.bookingKey = loadedQueue.bookingKey;
    current.queue = loadedQueue.queue;
    current.booking = loadedQueue.booking;
    current.answeredBefore = loadedQueue.answeredBefore;
    current.total = loadedQueue.allAnsweredBefore ? -1 : current.queue.length;
    $questionnaireAbout.set({
      mode: context.mode,
      exams: loadedQueue.exams,
      clinicName: loadedQueue.clinicName,
      forms: current.queue.map(({ key, title, examNames }) => ({ key, title, examNames })),
    });
    askNext(current);
  } catch (error) {
    if (!call.current() || isAbortError(error)) return;
    const apiError = toApiError(error);
    if (apiError.status === 401 && context.bookingKey) return authenticate(context);
    // A booking that does not exist stays not found: trying again changes nothing.
    message(apiError.messageKey, { tone: 'error', canRetry: apiError.status !== 404 });
  }
}

function askNext(current: FlowRun): void {
  const item = current.queue[0];
  if (item) {
    $questionnaireView.set({
      state: 'asking',
      item,
      saving: false,
      errorKey: null,
      position: current.total - current.queue.length + 1,
      count: current.total,
    });
    return;
  }
  if (current.total === -1) {
    // R-4-quest-12: everything asked for was answered before.
    message('message.questionnaires_already_answered', {
      tone: 'success',
      canContinue: current.context.mode === 'before',
    });
    return;
  }
  if (current.total === 0 && current.context.mode === 'after') {
    message('questionnaire.flow.none');
    return;
  }
  void finish(current);
}

/** The patient submitted the open questionnaire: save, process the outcomes, act. */
export async function submitAnswers(answers: Answers): Promise<void> {
  const current = run;
  const view = $questionnaireView.get();
  if (!current || view.state !== 'asking' || view.saving) return;
  const { call } = current;
  const { item } = view;
  $questionnaireView.set({ ...view, saving: true, errorKey: null });
  try {
    await saveAnswers(current.context, current.booking, item, answers);
  } catch (error) {
    if (!call.current()) return;
    if (toApiError(error).status === 401) return authenticate(current.context);
    if (item.type === 'PAIN_SCORE_INITIAL' || item.type === 'PAIN_SCORE_FINAL') {
      if (current.context.mode === 'after') {
        // R-8-05/06: the deny page, with a Close button back to the appointment.
        go({ ...denyTarget(current.context, 'message.pain_score_problem'), replace: false });
        return;
      }
    }
    $questionnaireView.set({ ...view, saving: false, errorKey: saveErrorKey(item) });
    return;
  }
  if (!call.current()) return;
  current.queue.shift();
  current.answeredTypes.add(item.type);
  // R-4-quest-03: the server processes the outcomes, before booking only (a booked key
  // answers 409; cancelling and declining happen when the answer is saved).
  if (current.context.bookingKey && current.context.mode === 'before') {
    try {
      const response = await processOutcomes({
        bookingKey: current.context.bookingKey,
        examSlugs: current.context.mode === 'before' ? current.context.examSlugs : undefined,
      });
      if (!call.current()) return;
      const applied = applyOutcome(current.effects, response);
      current.effects = applied.effects;
      if (current.context.mode === 'before') {
        if (applied.step.kind === 'deny')
          return deny(current, applied.step.message, applied.step.params);
        if (applied.step.kind === 'change-exam')
          return changeExam(current, item, applied.step.newExamSlug);
      }
    } catch (error) {
      if (!call.current()) return;
      if (current.context.mode === 'before') {
        $questionnaireView.set({ ...view, saving: false, errorKey: toApiError(error).messageKey });
        current.queue.unshift(item);
        return;
      }
    }
  }
  askNext(current);
}

/** R-4-quest-08, R-4-quest-13, R-9-16: the answers move to the new exam and the flow reloads 400 ms later. */
async function changeExam(current: FlowRun, item: AskItem, newExamSlug: string): Promise<void> {
  const { context } = current;
  const { call } = current;
  const oldSlug = item.examSlug ?? context.examSlugs[0] ?? '';
  $questionnaireView.set({ state: 'working', messageKey: 'questionnaire.flow.changing_exam' });
  let target = newExamSlug;
  try {
    const changed = await changeExamFromOutcome({
      bookingKey: context.bookingKey ?? '',
      examSlug: oldSlug,
    });
    target = changed.newExamSlug || newExamSlug;
  } catch (error) {
    console.warn('Exam change failed; reloading with the new exam.', error);
  }
  if (!call.current()) return;
  const search = examChangeSearch(
    context.incoming,
    context.bookingKey,
    context.examSlugs,
    oldSlug,
    target,
  );
  later(current, EXAM_CHANGE_RELOAD_MS, () =>
    go({ path: withPrefix(context, '/questionnaires'), search, replace: true }),
  );
}

/** R-2.5-20: closing without completing goes to the back URL. */
export function closeQuestionnaire(): void {
  const current = run;
  if (!current) return;
  goTo(current.context, backOf(current.context));
}

/** Continue from the "already answered" message or the answers' result (before booking). */
export function continueBooking(): void {
  if (!run) return;
  if ($questionnaireView.get().state === 'result') proceed(run);
  else void finish(run);
}

/** After a failed load: the same URL once more. */
export function retryFlow(): void {
  const current = run;
  if (!current) return;
  const { context } = current;
  startFlow(`${context.prefix}/questionnaires`, `?${context.incoming.toString()}`);
}

/** Where "Back" goes from a message. */
export function leaveFlow(): void {
  closeQuestionnaire();
}

/** Stops timers and calls (the element left the page). */
export function stopFlow(): void {
  clearLater();
  flowCall.cancel();
  run = null;
  $questionnaireAbout.set(null);
}
