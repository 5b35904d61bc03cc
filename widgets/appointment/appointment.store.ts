/**
 * The appointment page's state: the booking's summary, the action in
 * progress and its outcome, and where the page wants to go (the component
 * emits it as imaging-navigated). Rules live in src/domain/appointment.
 */
import { atom, computed } from 'nanostores';
import type {
  AppointmentSummary,
  AppointmentView,
  CanChangeStatusResponse,
  ChangeAction,
} from '../../src/contract/appointments';
import {
  canChangeStatus,
  confirmAppointment,
  getAppointmentSummary,
} from '../../src/api/appointments';
import { isAbortError, toApiError } from '../../src/api/errors';
import { getConsentForms } from '../../src/api/questionnaires';
import { cancelGoesAhead, notAllowedMessage } from '../../src/domain/appointment/change-rules';
import { denySearch, denyStatusOf, liveAppointments } from '../../src/domain/appointment/deny';
import {
  authenticationTarget,
  bookingPagePath,
  homeTarget,
  questionnaireTarget,
  rescheduleTarget,
  type ChangeStatus,
  type LinkedQuestionnaire,
  type Target,
} from '../../src/domain/appointment/navigation';
import { localizeAppointment } from '../../src/domain/i18n/appointment-texts';
import { $i18nVersion, textOr } from '../../src/i18n/i18n';
import { navigationRequest } from '../../src/stores/navigation.store';
import {
  failed,
  latestCall,
  LOADING,
  loaded,
  mapLoaded,
  type Loadable,
} from '../../src/stores/loadable';
import { $notice, ACTIONS } from './notice.store';
import { loadQuestionnaireLinks } from './questionnaire-links.store';

export interface PageContext {
  bookingKey: string;
  /** The page's own path without the shell prefix (a result page keeps it through the log-in). */
  returnPath?: string;
  /** '/iframe' or ''. */
  prefix: string;
  kioskMode: boolean;
}

export const $summary = atom<Loadable<AppointmentSummary>>(LOADING);

/** The summary as the page shows it: exam names and preparation in the patient's language. */
export const $shownSummary = computed([$summary, $i18nVersion], (summary) =>
  mapLoaded(summary, (value) => ({
    ...value,
    appointments: value.appointments.map((a) => localizeAppointment(a, textOr)),
  })),
);

export { $notice, ACTIONS, type Notice } from './notice.store';

/** What is being done (the buttons show a loading state and are disabled). */
export const $busy = atom<string | null>(null);

/** A move the component reports as imaging-navigated. */
export const $navigation = navigationRequest();

let context: PageContext | null = null;

/** The page's booking key, shell prefix and kiosk mode (for the links the parts build). */
export const $pageContext = atom<PageContext>({ bookingKey: '', prefix: '', kioskMode: false });
const summaryCall = latestCall();

type Patch = readonly [slug: string, patch: Partial<AppointmentView>];
/** Answers to actions taken while the summary loads, laid over what the (older) load brings. */
let patchesDuringLoad: Patch[] | null = null;

function patched(summary: AppointmentSummary, patches: readonly Patch[]): AppointmentSummary {
  return {
    ...summary,
    // The booking key stays the one this page was opened with: a view
    // answered without a key in the request carries none (docs/api.md).
    appointments: summary.appointments.map((a) =>
      patches.reduce(
        (view, [slug, patch]) =>
          view.slug === slug ? { ...view, ...patch, bookingKey: view.bookingKey } : view,
        a,
      ),
    ),
  };
}

function navigate(target: Target): void {
  $navigation.set(target);
}

/** 401 (no session) and 403 (a session for another booking): log in for this booking. */
export function handleFailure(error: unknown, slug: string | null = null, at?: string): void {
  if (isAbortError(error)) return;
  const apiError = toApiError(error);
  if ((apiError.status === 401 || apiError.status === 403) && context) {
    navigate(authenticationTarget({ ...context, kind: 'appointment' }));
    return;
  }
  $notice.set({ tone: 'error', text: { key: apiError.messageKey }, slug, ...(at ? { at } : {}) });
}

/** Loads the booking of a page (again when the key changes). */
export async function showAppointment(next: PageContext): Promise<void> {
  context = next;
  $pageContext.set(next);
  const call = summaryCall.start();
  const patches: Patch[] = [];
  patchesDuringLoad = patches;
  $summary.set(LOADING);
  $notice.set(null);
  try {
    const answer = await getAppointmentSummary(next.bookingKey, { signal: call.signal });
    if (!call.current()) return;
    patchesDuringLoad = null;
    const summary = patched(answer, patches);
    const deny = denyStatusOf(summary.appointments);
    if (deny) {
      navigate({ path: `${next.prefix}/deny`, search: denySearch(deny, next.kioskMode) });
      return;
    }
    $summary.set(loaded(summary));
    void loadQuestionnaireLinks(summary.appointments, call.signal, () => {
      const now = $summary.get();
      return now.state === 'loaded' ? now.value.appointments : [];
    });
  } catch (error) {
    if (!call.current() || isAbortError(error)) return;
    patchesDuringLoad = null;
    const apiError = toApiError(error);
    if (apiError.status === 401 || apiError.status === 403) handleFailure(error);
    else $summary.set(failed(apiError));
  }
}

/** Puts the server's answer for one appointment into the summary. */
export function replaceAppointment(slug: string, patch: Partial<AppointmentView>): void {
  patchesDuringLoad?.push([slug, patch]);
  const current = $summary.get();
  if (current.state !== 'loaded') return;
  $summary.set(loaded(patched(current.value, [[slug, patch]])));
}

/** Runs one action of the page: busy state, no stale notice, failures as the notice. */
export async function runAction<T>(
  label: string,
  slug: string | null,
  work: () => Promise<T>,
  at?: string,
): Promise<T | undefined> {
  $busy.set(label);
  $notice.set(null);
  try {
    return await work();
  } catch (error) {
    handleFailure(error, slug, at);
    return undefined;
  } finally {
    $busy.set(null);
  }
}

export async function confirm(slug: string): Promise<void> {
  const view = await runAction('confirm', slug, () => confirmAppointment(slug), ACTIONS);
  if (!view) return;
  replaceAppointment(slug, view);
  $notice.set({ tone: 'success', text: { key: 'appointment.confirmed' }, slug });
}

/**
 * Asks whether a change is allowed. Returns true to go ahead; otherwise the
 * not-allowed message (with the prior minutes) is the notice.
 */
async function allowed(slug: string, action: ChangeAction): Promise<boolean> {
  const answer: CanChangeStatusResponse | undefined = await runAction(
    `check-${action}`,
    slug,
    () => canChangeStatus(slug, action),
    ACTIONS,
  );
  if (!answer) return false;
  const ok = action === 'CANCEL' ? cancelGoesAhead(answer) : answer.canChange;
  if (!ok)
    $notice.set({
      tone: 'error',
      text: notAllowedMessage(action, answer),
      slug,
      at: ACTIONS,
      phone: clinicPhoneOf(slug),
    });
  return ok;
}

function clinicPhoneOf(slug: string): string | undefined {
  const current = $summary.get();
  if (current.state !== 'loaded') return undefined;
  return current.value.appointments.find((a) => a.slug === slug)?.clinic.phone || undefined;
}

/** R-4-cancel-01: true when the confirm modal may open. */
export const checkCancel = (slug: string) => allowed(slug, 'CANCEL');

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
      at: ACTIONS,
      phone: appointment.clinic.phone || undefined,
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
      currentStart: appointment.date,
      bookingKey: context.bookingKey,
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

/** R-4-status-04: from a moved appointment's old link to the new appointment's page. */
export function openMovedTo(bookingKey: string): void {
  if (context)
    navigate({
      path: `${context.prefix}${bookingPagePath('appointment', bookingKey)}`,
      search: '',
    });
}
