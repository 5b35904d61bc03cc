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
import { atom } from 'nanostores';
import type {
  ModalSize,
  QuestionnaireJson,
  QuestionnaireType,
} from '../../src/contract/questionnaire';
import {
  AFTER_BOOKING_TYPES,
  BEFORE_BOOKING_TYPES,
  type Answers,
  type Questionnaire,
} from '../../src/contract/questionnaire';
import { isAbortError, toApiError } from '../../src/api/errors';
import {
  changeExamFromOutcome,
  getAppointmentQuestionnaires,
  getBookingRequestQuestionnaires,
  getConsentForms,
  getFeedbackQuestionnaire,
  getQuestionnaires,
  processOutcomes,
  saveAppointmentAnswer,
  saveBookingRequestAnswer,
  saveConsentFormResult,
  saveFeedback,
  savePainScore,
  saveProtocol,
  saveTemporaryAnswer,
} from '../../src/api/questionnaires';
import { bookingOfKey, type BookingOfKey } from './booking-of-key';
import {
  applyOutcome,
  BOOKING_FORM_NAVIGATION_MS,
  bookingSearch,
  EXAM_CHANGE_RELOAD_MS,
  examChangeSearch,
  FEEDBACK_REDIRECT_MS,
  noEffects,
  PATIENT_BOOKING_TYPES,
  type FlowEffects,
} from '../../src/domain/questionnaire/outcomes';

/** The types parameter value for the consent forms of an appointment. */
export const CONSENT_FORM_TYPE = 'CONSENT_FORM';

export type AskType = QuestionnaireType | typeof CONSENT_FORM_TYPE;

/** One questionnaire to ask. */
export interface AskItem {
  /** Unique within the flow (React key). */
  key: string;
  source: 'questionnaire' | 'feedback' | 'consent';
  /** The questionnaire id, or the consent form id. */
  id: number;
  type: AskType;
  title: string;
  json: QuestionnaireJson;
  modalSize: ModalSize;
  showClosingConfirmation: boolean;
  /** The exam the answer belongs to. */
  examSlug: string | null;
}

/** Where the widget should take the patient. */
export type FlowNavigation =
  | { path: string; search: string; replace: boolean }
  /** A page outside the portal (a REDIRECT outcome's absolute URL). */
  | { href: string };

export type QuestionnaireView =
  | { state: 'idle' }
  | { state: 'loading' }
  | {
      state: 'asking';
      item: AskItem;
      saving: boolean;
      errorKey: string | null;
      position: number;
      count: number;
    }
  /** Between questionnaires or before a navigation (an exam change, the next step). */
  | { state: 'working'; messageKey: string }
  | {
      state: 'message';
      messageKey: string;
      params?: Record<string, string>;
      tone: 'info' | 'success' | 'error';
      /** "Continue" goes on with the booking (before booking, answers already given). */
      canContinue: boolean;
      canRetry: boolean;
    };

export const $questionnaireView = atom<QuestionnaireView>({ state: 'idle' });
export const $questionnaireNavigation = atom<FlowNavigation | null>(null);

interface FlowContext {
  /** '/iframe' inside the embedded shell (R-2.1-01), else ''. */
  prefix: string;
  incoming: URLSearchParams;
  bookingKey: string | null;
  examSlugs: string[];
  types: AskType[];
  backUrl: string | null;
  redirectUrl: string | null;
  appointmentSlug: string | null;
  /**
   * The staff entry of the radiologist's protocol (R-8-07): a staff session
   * holds no booking, so the request is named by its slug and only PROTOCOL
   * is asked (the server lets staff read nothing else of it).
   */
  bookingRequestSlug: string | null;
  /** Before booking (temporary answers under the flow's key) or about an existing booking. */
  mode: 'before' | 'after';
}

interface FlowRun {
  context: FlowContext;
  queue: AskItem[];
  /** How many were asked in this run (for "1 of 3"). */
  total: number;
  effects: FlowEffects;
  answeredTypes: Set<AskType>;
  booking: BookingOfKey | null;
  /** Some questionnaire had been answered under the key before this run (its outcomes still count). */
  answeredBefore: boolean;
}

let run: FlowRun | null = null;
let sequence = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let controller: AbortController | null = null;

const ALL_TYPES = new Set<string>([
  ...BEFORE_BOOKING_TYPES,
  ...AFTER_BOOKING_TYPES,
  CONSENT_FORM_TYPE,
]);
const SLUG = /^[a-z0-9][a-z0-9-_]*$/i;
/** A booking's slug as the server makes them: base64url, so it may start with '-' or '_'. */
const BOOKING_SLUG = /^[A-Za-z0-9_-]{1,64}$/;

function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Only a path of this portal is followed as a back or redirect URL (no open redirect). */
export function safeLocalPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null;
  return value;
}

/** The flow a questionnaire URL describes (R-2.2-04: every parameter is kept). */
export function parseContext(path: string, search: string): FlowContext {
  const incoming = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const prefix = path.startsWith('/iframe/') || path === '/iframe' ? '/iframe' : '';
  const examSlugs = [...list(incoming.get('examSlug')), ...list(incoming.get('examSlugs'))].filter(
    (slug) => SLUG.test(slug),
  );
  const types = list(incoming.get('types'))
    .map((type) => type.toUpperCase())
    .filter((type): type is AskType => ALL_TYPES.has(type));
  const bookingKey = incoming.get('bookingKey')?.trim() || null;
  const requestSlug = incoming.get('bookingRequestSlug')?.trim() ?? '';
  const bookingRequestSlug = !bookingKey && BOOKING_SLUG.test(requestSlug) ? requestSlug : null;
  // With exams it is the booking flow's step; with only a booking key (or the staff entry's
  // booking request), it is about that booking.
  const mode = examSlugs.length === 0 && (bookingKey || bookingRequestSlug) ? 'after' : 'before';
  return {
    prefix,
    incoming,
    bookingKey,
    examSlugs: [...new Set(examSlugs)],
    types,
    backUrl: safeLocalPath(incoming.get('backUrl')),
    // Only a portal path: a link must not send the patient to another site (REDIRECT outcomes may).
    redirectUrl: safeLocalPath(incoming.get('redirectUrl')),
    appointmentSlug: incoming.get('appointmentSlug'),
    bookingRequestSlug,
    mode,
  };
}

function withPrefix(context: FlowContext, path: string): string {
  return context.prefix && !path.startsWith(`${context.prefix}/`)
    ? `${context.prefix}${path}`
    : path;
}

function go(target: FlowNavigation): void {
  $questionnaireNavigation.set(target);
}

/** Goes to a portal path (with its query) or, for an absolute URL, loads that page. */
function goTo(context: FlowContext, location: string, replace = false): void {
  if (/^https?:\/\//i.test(location)) return go({ href: location });
  const local = safeLocalPath(location);
  if (!local) return;
  const url = new URL(local, 'http://portal.invalid');
  go({ path: withPrefix(context, url.pathname), search: url.search, replace });
}

function later(ms: number, action: () => void): void {
  clearTimeout(timer);
  const mine = sequence;
  timer = setTimeout(() => {
    if (mine === sequence) action();
  }, ms);
}

function message(
  messageKey: string,
  options: Partial<
    Omit<Extract<QuestionnaireView, { state: 'message' }>, 'state' | 'messageKey'>
  > = {},
): void {
  $questionnaireView.set({
    state: 'message',
    messageKey,
    tone: 'info',
    canContinue: false,
    canRetry: false,
    ...options,
  });
}

function fromQuestionnaire(questionnaire: Questionnaire, examSlugs: readonly string[]): AskItem {
  return {
    key: `q-${questionnaire.id}`,
    source: 'questionnaire',
    id: questionnaire.id,
    type: questionnaire.type,
    title: questionnaire.title || questionnaire.json.title || '',
    json: questionnaire.json,
    modalSize: questionnaire.modalSize ?? 'lg',
    showClosingConfirmation: questionnaire.showClosingConfirmation,
    examSlug:
      questionnaire.examSlugs.find((slug) => examSlugs.includes(slug)) ?? examSlugs[0] ?? null,
  };
}

/** Starts (or restarts) the flow for the route's path and query. */
export function startFlow(path: string, search: string): void {
  sequence++;
  clearTimeout(timer);
  controller?.abort();
  controller = new AbortController();
  $questionnaireNavigation.set(null);
  const context = parseContext(path, search);
  run = {
    context,
    queue: [],
    total: 0,
    effects: noEffects(),
    answeredTypes: new Set(),
    booking: null,
    answeredBefore: false,
  };
  $questionnaireView.set({ state: 'loading' });
  void load(run, sequence, controller.signal);
}

async function load(current: FlowRun, mine: number, signal: AbortSignal): Promise<void> {
  try {
    if (current.context.mode === 'before') await loadBefore(current, signal);
    else await loadAfter(current, signal);
    if (mine !== sequence) return;
    // -1 marks "everything asked for was answered before" (set by the loaders).
    if (current.total !== -1) current.total = current.queue.length;
    askNext(current);
  } catch (error) {
    if (mine !== sequence || isAbortError(error)) return;
    const apiError = toApiError(error);
    if (apiError.status === 401 && current.context.bookingKey) return authenticate(current.context);
    message(apiError.messageKey, { tone: 'error', canRetry: true });
  }
}

/** R-4-quest-01, R-4-quest-12: before booking, the questionnaires of the exams not yet answered under the key. */
async function loadBefore(current: FlowRun, signal: AbortSignal): Promise<void> {
  const { context } = current;
  const asked = context.types.filter((type): type is QuestionnaireType =>
    (BEFORE_BOOKING_TYPES as readonly string[]).includes(type),
  );
  const types = asked.length > 0 ? asked : [...PATIENT_BOOKING_TYPES];
  const response = await getQuestionnaires(
    {
      examSlugs: context.examSlugs,
      bookingKey: context.bookingKey,
      types,
    },
    { signal },
  );
  context.bookingKey = response.bookingKey;
  const answered = new Set(
    [...response.examQuestionnaireAnswers, ...response.allQuestionnaireAnswers].map(
      (answer) => answer.questionnaireId,
    ),
  );
  current.queue = response.questionnaires
    .filter((questionnaire) => !answered.has(questionnaire.id))
    .map((questionnaire) => fromQuestionnaire(questionnaire, context.examSlugs));
  current.answeredBefore = current.queue.length < response.questionnaires.length;
  // After an exam change the moved answers cover the new exam: the flow simply goes on.
  if (
    current.queue.length === 0 &&
    response.questionnaires.length > 0 &&
    !context.incoming.has('changedExamSlug')
  ) {
    current.total = -1;
  }
}

/** R-4-quest-14: after booking, the requested types of the booking (feedback and consent forms by their own calls). */
async function loadAfter(current: FlowRun, signal: AbortSignal): Promise<void> {
  const { context } = current;
  const booking: BookingOfKey | null = context.bookingRequestSlug
    ? { kind: 'booking-request', slug: context.bookingRequestSlug, examSlug: null }
    : await bookingOfKey(context.bookingKey ?? '', context.appointmentSlug, { signal });
  if (!booking) throw Object.assign(new Error('booking not found'), { status: 404 });
  current.booking = booking;
  const requested: AskType[] = context.bookingRequestSlug
    ? ['PROTOCOL']
    : context.types.length > 0
      ? context.types
      : [...AFTER_BOOKING_TYPES];
  const plain = requested.filter(
    (type): type is QuestionnaireType => type !== 'FEEDBACK' && type !== CONSENT_FORM_TYPE,
  );
  const exams = booking.examSlug ? [booking.examSlug] : [];
  let found = 0;
  if (plain.length > 0) {
    const response =
      booking.kind === 'appointment'
        ? await getAppointmentQuestionnaires(booking.slug, plain, { signal })
        : await getBookingRequestQuestionnaires(booking.slug, plain, { signal });
    found += response.questionnaires.length;
    const answered = new Set(
      response.allQuestionnaireAnswers.map((answer) => answer.questionnaireId),
    );
    current.queue.push(
      ...response.questionnaires
        .filter((questionnaire) => !answered.has(questionnaire.id))
        .map((questionnaire) => fromQuestionnaire(questionnaire, exams)),
    );
  }
  if (requested.includes('FEEDBACK') && booking.kind === 'appointment') {
    // R-4-feedback-03: the call returns nothing once the feedback was given.
    const feedback = await getFeedbackQuestionnaire(booking.slug, { signal });
    found += 1;
    if (feedback)
      current.queue.push({
        key: `f-${feedback.questionnaireId}`,
        source: 'feedback',
        id: feedback.questionnaireId,
        type: 'FEEDBACK',
        title: feedback.title,
        json: feedback.questionnaire.json,
        modalSize: feedback.modalSize ?? 'lg',
        showClosingConfirmation: feedback.showClosingConfirmation,
        examSlug: booking.examSlug,
      });
  }
  if (requested.includes(CONSENT_FORM_TYPE) && booking.kind === 'appointment') {
    const consent = await getConsentForms(booking.slug, { signal });
    found += consent.appointmentConsentForms.length;
    for (const needed of consent.appointmentConsentForms) {
      const form = consent.consentForms.find((item) => item.id === needed.consentFormId);
      if (!form || needed.answered) continue;
      current.queue.push({
        key: `c-${form.id}`,
        source: 'consent',
        id: form.id,
        type: CONSENT_FORM_TYPE,
        title: form.title,
        json: form.json,
        modalSize: form.modalSize ?? 'lg',
        showClosingConfirmation: form.showClosingConfirmation,
        examSlug: booking.examSlug,
      });
    }
  }
  if (current.queue.length === 0 && found > 0) current.total = -1;
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

/** R-4-quest-11: none remain: the stored redirect, else the slots page (before booking) or the back URL. */
async function finish(current: FlowRun): Promise<void> {
  const { context } = current;
  const mine = sequence;
  if (context.mode === 'before') {
    $questionnaireView.set({ state: 'working', messageKey: 'questionnaire.flow.continuing' });
    // Answers given earlier still count: their outcomes are fetched again (a restricted date, a request).
    if (context.bookingKey && (current.total !== 0 || current.answeredBefore)) {
      try {
        const response = await processOutcomes({
          bookingKey: context.bookingKey,
          examSlugs: context.examSlugs,
        });
        if (mine !== sequence) return;
        const applied = applyOutcome(current.effects, response);
        current.effects = applied.effects;
        if (applied.step.kind === 'deny')
          return deny(current, applied.step.message, applied.step.params);
      } catch (error) {
        if (mine !== sequence) return;
        message(toApiError(error).messageKey, { tone: 'error', canRetry: true });
        return;
      }
    }
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
    if (current.answeredTypes.has('BOOKING_FORM')) later(BOOKING_FORM_NAVIGATION_MS, navigate);
    else navigate();
    return;
  }
  const target =
    current.effects.redirectUrl ?? context.redirectUrl ?? context.backUrl ?? defaultBack(context);
  if (current.answeredTypes.has('FEEDBACK')) {
    // R-4-feedback-01/02, R-9-23: the form closes, thanks, and the redirect follows after 4000 ms.
    message('questionnaire.feedback.thanks', { tone: 'success' });
    later(FEEDBACK_REDIRECT_MS, () => goTo(context, target));
    return;
  }
  $questionnaireView.set({ state: 'working', messageKey: 'questionnaire.flow.saved' });
  goTo(context, target);
}

function defaultBack(context: FlowContext): string {
  if (context.mode === 'after' && context.bookingKey)
    return `/appointments/${encodeURIComponent(context.bookingKey)}`;
  if (context.bookingRequestSlug) return '/';
  const params = new URLSearchParams(context.incoming);
  for (const name of ['types', 'backUrl', 'redirectUrl', 'examSlugs']) params.delete(name);
  if (context.examSlugs.length > 0) params.set('examSlug', context.examSlugs.join(','));
  const query = params.toString();
  return `/${query ? `?${query}` : ''}`;
}

/** R-4-quest-04: online booking is denied; the deny page shows the outcome's message. */
function deny(current: FlowRun, messageKey: string, params: Record<string, string>): void {
  const { context } = current;
  if (Object.keys(params).length > 0) {
    // The message names a phone number or another value: it is shown here, filled in.
    message(messageKey, { params, tone: 'error' });
    return;
  }
  const search = new URLSearchParams({ customMessage: messageKey, showClose: 'true' });
  search.set('redirectUrl', withPrefix(context, context.backUrl ?? defaultBack(context)));
  go({ path: withPrefix(context, '/deny'), search: `?${search.toString()}`, replace: false });
}

function authenticate(context: FlowContext): void {
  const returnUrl = `${withPrefix(context, '/questionnaires')}?${context.incoming.toString()}`;
  const search = new URLSearchParams({
    bookingKey: context.bookingKey ?? '',
    returnUrl,
    type: 'APPOINTMENT',
  });
  go({
    path: withPrefix(context, '/authentication'),
    search: `?${search.toString()}`,
    replace: true,
  });
}

/** The save call that matches the questionnaire's type (R-4-quest-02). */
async function save(current: FlowRun, item: AskItem, answers: Answers): Promise<void> {
  const { context, booking } = current;
  const body = { questionnaireId: item.id, questionnaireResult: answers, examSlug: item.examSlug };
  if (context.mode === 'before') {
    await saveTemporaryAnswer({ ...body, bookingKey: context.bookingKey ?? '' });
    return;
  }
  if (!booking) throw new Error('no booking');
  if (item.source === 'consent') {
    await saveConsentFormResult(booking.slug, item.id, { questionnaireResult: answers });
  } else if (item.source === 'feedback') {
    await saveFeedback(booking.slug, body);
  } else if (item.type === 'PAIN_SCORE_INITIAL' || item.type === 'PAIN_SCORE_FINAL') {
    await savePainScore(booking.slug, body);
  } else if (item.type === 'PROTOCOL' && booking.kind === 'booking-request') {
    await saveProtocol(booking.slug, body);
  } else if (booking.kind === 'appointment') {
    await saveAppointmentAnswer(booking.slug, body);
  } else {
    await saveBookingRequestAnswer(booking.slug, body);
  }
}

/** R-8-04..07: the message of a failed save, by type. */
function saveErrorKey(item: AskItem): string {
  if (item.type === 'PROTOCOL') return 'message.booking_request_waiting_protocol_error';
  return 'message.error_answering_questionnaire';
}

/** The patient submitted the open questionnaire: save, process the outcomes, act. */
export async function submitAnswers(answers: Answers): Promise<void> {
  const current = run;
  const view = $questionnaireView.get();
  if (!current || view.state !== 'asking' || view.saving) return;
  const mine = sequence;
  const { item } = view;
  $questionnaireView.set({ ...view, saving: true, errorKey: null });
  try {
    await save(current, item, answers);
  } catch (error) {
    if (mine !== sequence) return;
    if (toApiError(error).status === 401) return authenticate(current.context);
    if (item.type === 'PAIN_SCORE_INITIAL' || item.type === 'PAIN_SCORE_FINAL') {
      if (current.context.mode === 'after') {
        // R-8-05/06: the deny page, with a Close button back to the appointment.
        const search = new URLSearchParams({
          customMessage: 'message.pain_score_problem',
          showClose: 'true',
          redirectUrl: withPrefix(
            current.context,
            current.context.backUrl ?? defaultBack(current.context),
          ),
        });
        go({
          path: withPrefix(current.context, '/deny'),
          search: `?${search.toString()}`,
          replace: false,
        });
        return;
      }
    }
    $questionnaireView.set({ ...view, saving: false, errorKey: saveErrorKey(item) });
    return;
  }
  if (mine !== sequence) return;
  current.queue.shift();
  current.answeredTypes.add(item.type);
  // R-4-quest-03: the server processes the outcomes of the stored answers.
  if (current.context.bookingKey) {
    try {
      const response = await processOutcomes({
        bookingKey: current.context.bookingKey,
        examSlugs: current.context.mode === 'before' ? current.context.examSlugs : undefined,
      });
      if (mine !== sequence) return;
      const applied = applyOutcome(current.effects, response);
      current.effects = applied.effects;
      if (current.context.mode === 'before') {
        if (applied.step.kind === 'deny')
          return deny(current, applied.step.message, applied.step.params);
        if (applied.step.kind === 'change-exam')
          return changeExam(current, item, applied.step.newExamSlug);
      }
    } catch (error) {
      if (mine !== sequence) return;
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
  const mine = sequence;
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
  if (mine !== sequence) return;
  const search = examChangeSearch(
    context.incoming,
    context.bookingKey,
    context.examSlugs,
    oldSlug,
    target,
  );
  later(EXAM_CHANGE_RELOAD_MS, () =>
    go({ path: withPrefix(context, '/questionnaires'), search, replace: true }),
  );
}

/** R-2.5-20: closing without completing goes to the back URL. */
export function closeQuestionnaire(): void {
  const current = run;
  if (!current) return;
  goTo(current.context, current.context.backUrl ?? defaultBack(current.context));
}

/** The "already answered" message's Continue (before booking): on with the booking. */
export function continueBooking(): void {
  if (run) void finish(run);
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
  sequence++;
  clearTimeout(timer);
  controller?.abort();
  controller = null;
  run = null;
}
