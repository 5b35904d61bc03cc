/**
 * The appointment page's state: the booking's summary, the action in
 * progress and its outcome, and where the page wants to go (the component
 * emits it as imaging-navigated). Rules live in src/domain/appointment.
 */
import { atom } from 'nanostores';
import type {
  AppointmentSummary,
  AppointmentView,
  CanChangeStatusResponse,
  CancelReason,
  ChangeAction,
} from '../../src/contract/appointments';
import {
  canChangeStatus,
  cancelAppointment,
  confirmAppointment,
  getAppointmentSummary,
  requestCallback,
  sendCallCentreEmail,
  unsubscribeEmails,
} from '../../src/api/appointments';
import { isAbortError, toApiError } from '../../src/api/errors';
import type { CallOptions } from '../../src/api/client';
import type { QuestionnairesResponse, QuestionnaireType } from '../../src/contract/questionnaire';
import {
  getAppointmentQuestionnaires,
  getConsentForms,
  getFeedbackQuestionnaire,
} from '../../src/api/questionnaires';
import {
  cancelGoesAhead,
  notAllowedMessage,
  type TextRef,
} from '../../src/domain/appointment/change-rules';
import { DENY_STATUSES, denySearch, denyStatusOf } from '../../src/domain/appointment/deny';
import {
  authenticationTarget,
  homeTarget,
  questionnaireTarget,
  rescheduleTarget,
  type ChangeStatus,
  type LinkedQuestionnaire,
  type Target,
} from '../../src/domain/appointment/navigation';
import { failed, latestCall, LOADING, loaded, type Loadable } from '../../src/stores/loadable';

export interface PageContext {
  bookingKey: string;
  /** '/iframe' or ''. */
  prefix: string;
  kioskMode: boolean;
}

export const $summary = atom<Loadable<AppointmentSummary>>(LOADING);

/** The outcome of the last action, shown as a notice (role=status or alert). */
export interface Notice {
  tone: 'success' | 'error' | 'info';
  text: TextRef;
  /** The appointment it is about (shown on its card), or null for the booking. */
  slug: string | null;
}
export const $notice = atom<Notice | null>(null);

/** What is being done (the buttons show a loading state and are disabled). */
export const $busy = atom<string | null>(null);

/** A move the component reports as imaging-navigated. */
export const $navigation = atom<Target | null>(null);

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

let context: PageContext | null = null;

/** The page's booking key, shell prefix and kiosk mode (for the links the parts build). */
export const $pageContext = atom<PageContext>({ bookingKey: '', prefix: '', kioskMode: false });
const summaryCall = latestCall();

function navigate(target: Target): void {
  $navigation.set(target);
}

/** 401 (no session) and 403 (a session for another booking): log in for this booking. */
function handleFailure(error: unknown, slug: string | null = null): void {
  if (isAbortError(error)) return;
  const apiError = toApiError(error);
  if ((apiError.status === 401 || apiError.status === 403) && context) {
    navigate(authenticationTarget({ ...context, kind: 'appointment' }));
    return;
  }
  $notice.set({ tone: 'error', text: { key: apiError.messageKey }, slug });
}

/** Loads the booking of a page (again when the key changes). */
export async function showAppointment(next: PageContext): Promise<void> {
  context = next;
  $pageContext.set(next);
  const call = summaryCall.start();
  $summary.set(LOADING);
  $notice.set(null);
  try {
    const summary = await getAppointmentSummary(next.bookingKey, { signal: call.signal });
    if (!call.current()) return;
    const deny = denyStatusOf(summary.appointments);
    if (deny) {
      navigate({ path: `${next.prefix}/deny`, search: denySearch(deny, next.kioskMode) });
      return;
    }
    $summary.set(loaded(summary));
    void loadQuestionnaireLinks(summary.appointments, call.signal);
  } catch (error) {
    if (!call.current() || isAbortError(error)) return;
    const apiError = toApiError(error);
    if (apiError.status === 401 || apiError.status === 403) handleFailure(error);
    else $summary.set(failed(apiError));
  }
}

/** Appointments the patient can still act on (not cancelled, declined or removed). */
function liveAppointments(appointments: readonly AppointmentView[]): AppointmentView[] {
  return appointments.filter((a) => !DENY_STATUSES.includes(a.status));
}

/** A check that fails (or is superseded) counts as false: the link is not offered. */
const orFalse = (work: Promise<boolean>) => work.catch(() => false);

/**
 * Asks the server which questionnaire links each live appointment offers;
 * the page shows a link only when the server has something for it.
 */
async function loadQuestionnaireLinks(
  appointments: readonly AppointmentView[],
  signal: AbortSignal,
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
  const current = $summary.get();
  const live = new Set(
    current.state === 'loaded'
      ? liveAppointments(current.value.appointments).map((a) => a.slug)
      : [],
  );
  $questionnaireLinks.set(Object.fromEntries(entries.filter(([slug]) => live.has(slug))));
}

function replaceAppointment(slug: string, patch: Partial<AppointmentView>): void {
  const current = $summary.get();
  if (current.state !== 'loaded') return;
  $summary.set(
    loaded({
      ...current.value,
      // The booking key stays the one this page was opened with: a view
      // answered without a key in the request carries none (docs/api.md).
      appointments: current.value.appointments.map((a) =>
        a.slug === slug ? { ...a, ...patch, bookingKey: a.bookingKey } : a,
      ),
    }),
  );
}

async function run<T>(
  label: string,
  slug: string | null,
  work: () => Promise<T>,
): Promise<T | undefined> {
  $busy.set(label);
  $notice.set(null);
  try {
    return await work();
  } catch (error) {
    handleFailure(error, slug);
    return undefined;
  } finally {
    $busy.set(null);
  }
}

export async function confirm(slug: string): Promise<void> {
  const view = await run('confirm', slug, () => confirmAppointment(slug));
  if (!view) return;
  replaceAppointment(slug, view);
  $notice.set({ tone: 'success', text: { key: 'appointment.confirmed' }, slug });
}

/**
 * Asks whether a change is allowed. Returns true to go ahead; otherwise the
 * not-allowed message (with the prior minutes) is the notice.
 */
async function allowed(slug: string, action: ChangeAction): Promise<boolean> {
  const answer: CanChangeStatusResponse | undefined = await run(`check-${action}`, slug, () =>
    canChangeStatus(slug, action),
  );
  if (!answer) return false;
  const ok = action === 'CANCEL' ? cancelGoesAhead(answer) : answer.canChange;
  if (!ok) $notice.set({ tone: 'error', text: notAllowedMessage(action, answer), slug });
  return ok;
}

/** R-4-cancel-01: true when the confirm modal may open. */
export const checkCancel = (slug: string) => allowed(slug, 'CANCEL');

/**
 * R-4-cancel-03: a cancel questionnaire is required when the server lists a
 * CANCEL_APPOINTMENT_PATIENT questionnaire for the appointment (its exam,
 * modality or a general one) that it has not answered yet.
 */
async function cancelQuestionnaireRequired(slug: string): Promise<boolean> {
  const answer = await getAppointmentQuestionnaires(slug, ['CANCEL_APPOINTMENT_PATIENT']);
  const answered = new Set(answer.allQuestionnaireAnswers.map((a) => a.questionnaireId));
  return answer.questionnaires.some(
    (q) => q.type === 'CANCEL_APPOINTMENT_PATIENT' && !answered.has(q.id),
  );
}

export type CancelOutcome = 'cancelled' | 'questionnaire' | 'failed';

/**
 * R-4-cancel-03/04, after the confirm and cancel-reason modals: when a cancel
 * questionnaire is required the patient answers it on the questionnaire page
 * (its saved answer cancels the appointment, R-4-quest-17); otherwise the
 * appointment is cancelled here with the loading state.
 */
export async function cancel(
  slug: string,
  reason: CancelReason,
  note: string,
): Promise<CancelOutcome> {
  const result = await run('cancel', slug, async () => {
    if (await cancelQuestionnaireRequired(slug)) return 'questionnaire' as const;
    await cancelAppointment(slug, { reason, note });
    return 'cancelled' as const;
  });
  if (!result) return 'failed';
  if (result === 'questionnaire') {
    if (context)
      navigate(
        questionnaireTarget({
          ...context,
          types: ['CANCEL_APPOINTMENT_PATIENT'],
          appointmentSlug: slug,
        }),
      );
    return result;
  }
  replaceAppointment(slug, { status: 'CANCELED' });
  // A cancelled appointment offers no questionnaires any more.
  const { [slug]: _dropped, ...links } = $questionnaireLinks.get();
  $questionnaireLinks.set(links);
  $notice.set({ tone: 'success', text: { key: 'appointment.cancelled' }, slug });
  return result;
}

/** R-4-cancel-05..07: walk-in rule, then can-change-status, then into the booking flow. */
export async function reschedule(
  appointment: AppointmentView,
  status: ChangeStatus,
  walkInBlocked: boolean,
): Promise<void> {
  if (walkInBlocked) {
    $notice.set({
      tone: 'error',
      text: { key: 'appointment.walk_in_not_allowed' },
      slug: appointment.slug,
    });
    return;
  }
  if (!context || !(await allowed(appointment.slug, 'RESCHEDULE'))) return;
  navigate(
    rescheduleTarget({
      prefix: context.prefix,
      status,
      appointmentSlug: appointment.slug,
      examSlug: appointment.examSlug,
      clinicId: appointment.clinic.id,
      kioskMode: context.kioskMode,
    }),
  );
}

/** True when a consent form the appointment requires has no answer yet. */
async function consentPending(slug: string): Promise<boolean> {
  const answer = await getConsentForms(slug);
  return (
    answer.notifyPatient || answer.appointmentConsentForms.some((f) => f.required && !f.answered)
  );
}

/**
 * R-4-cancel-09: the appointment whose required consent forms are still
 * unanswered (the close asks first), or null to go home at once. A failed
 * check does not keep the patient on the page.
 */
export async function closeNeedsConfirmation(): Promise<string | null> {
  const current = $summary.get();
  if (!context || current.state !== 'loaded') return null;
  const candidates = liveAppointments(current.value.appointments).filter((a) => !a.expired);
  const pending = await Promise.all(
    candidates.map((a) => consentPending(a.slug).catch(() => false)),
  );
  return candidates[pending.indexOf(true)]?.slug ?? null;
}

/** Opens a questionnaire of one appointment on the questionnaire page (back to this page). */
export function openQuestionnaire(type: LinkedQuestionnaire, appointmentSlug: string): void {
  if (context) navigate(questionnaireTarget({ ...context, types: [type], appointmentSlug }));
}

/**
 * Spec 4 DECLINE_APPOINTMENT: the patient declines a pending appointment.
 * The cancel rules apply (the server cancels when the answer is saved); when
 * they allow it, the decline questionnaire opens, back to this page, which
 * then shows the deny page of the stored status.
 */
export async function decline(slug: string): Promise<void> {
  if (await allowed(slug, 'CANCEL')) openQuestionnaire('DECLINE_APPOINTMENT', slug);
}

/** R-4-cancel-10: home after closing. */
export function goHome(): void {
  if (context) navigate(homeTarget(context.prefix, context.kioskMode));
}

export function goTo(target: Target): void {
  navigate(target);
}

export async function unsubscribe(slug: string): Promise<void> {
  const done = await run('unsubscribe', null, () => unsubscribeEmails(slug).then(() => true));
  if (!done) return;
  const current = $summary.get();
  if (current.state === 'loaded')
    $summary.set(
      loaded({
        ...current.value,
        appointments: current.value.appointments.map((a) => ({ ...a, emailsUnsubscribed: true })),
      }),
    );
  $notice.set({ tone: 'success', text: { key: 'appointment.unsubscribed' }, slug: null });
}

export async function sendMessage(slug: string, message: string): Promise<boolean> {
  const done = await run('message', null, () =>
    sendCallCentreEmail(slug, message).then(() => true),
  );
  if (done) $notice.set({ tone: 'success', text: { key: 'appointment.message_sent' }, slug: null });
  return done ?? false;
}

export async function askForCallback(slug: string, contactNumber: string): Promise<boolean> {
  const done = await run('callback', null, () =>
    requestCallback(slug, { contactNumber }).then(() => true),
  );
  if (done)
    $notice.set({ tone: 'success', text: { key: 'appointment.callback_sent' }, slug: null });
  return done ?? false;
}
