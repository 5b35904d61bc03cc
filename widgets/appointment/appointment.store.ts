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
} from '../../src/api/appointments.contract';
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
import {
  cancelGoesAhead,
  notAllowedMessage,
  type TextRef,
} from '../../src/domain/appointment/change-rules';
import { denySearch, denyStatusOf } from '../../src/domain/appointment/deny';
import {
  authenticationTarget,
  homeTarget,
  rescheduleTarget,
  type ChangeStatus,
  type Target,
} from '../../src/domain/appointment/navigation';

export interface PageContext {
  bookingKey: string;
  /** '/iframe' or ''. */
  prefix: string;
  kioskMode: boolean;
}

export type SummaryState =
  | { state: 'loading' }
  | { state: 'ready'; summary: AppointmentSummary }
  | { state: 'failed'; messageKey: string };

export const $summary = atom<SummaryState>({ state: 'loading' });

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

let context: PageContext | null = null;

/** The page's booking key, shell prefix and kiosk mode (for the links the parts build). */
export const $pageContext = atom<PageContext>({ bookingKey: '', prefix: '', kioskMode: false });
let controller: AbortController | null = null;

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
  controller?.abort(new DOMException('superseded', 'AbortError'));
  const own = new AbortController();
  controller = own;
  $summary.set({ state: 'loading' });
  $notice.set(null);
  try {
    const summary = await getAppointmentSummary(next.bookingKey, { signal: own.signal });
    if (controller !== own) return;
    const deny = denyStatusOf(summary.appointments);
    if (deny) {
      navigate({ path: `${next.prefix}/deny`, search: denySearch(deny, next.kioskMode) });
      return;
    }
    $summary.set({ state: 'ready', summary });
  } catch (error) {
    if (controller !== own || isAbortError(error)) return;
    const apiError = toApiError(error);
    if (apiError.status === 401 || apiError.status === 403) handleFailure(error);
    else $summary.set({ state: 'failed', messageKey: apiError.messageKey });
  }
}

function replaceAppointment(slug: string, patch: Partial<AppointmentView>): void {
  const current = $summary.get();
  if (current.state !== 'ready') return;
  $summary.set({
    state: 'ready',
    summary: {
      ...current.summary,
      appointments: current.summary.appointments.map((a) =>
        a.slug === slug ? { ...a, ...patch } : a,
      ),
    },
  });
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

/** R-4-cancel-04: cancels with the loading state; true on success. */
export async function cancel(slug: string, reason: CancelReason, note: string): Promise<boolean> {
  const result = await run('cancel', slug, () => cancelAppointment(slug, { reason, note }));
  if (!result) return false;
  replaceAppointment(slug, { status: 'CANCELED' });
  $notice.set({ tone: 'success', text: { key: 'appointment.cancelled' }, slug });
  return true;
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

/**
 * Consent forms pending for the booking (R-4-cancel-09). The consent-form
 * element (another issue) is to provide this; until then none are pending.
 */
let pendingConsentForms: (bookingKey: string) => Promise<boolean> = () => Promise.resolve(false);

/** Hook for the consent-forms feature: plugs in its check of pending forms for a booking key. */
export function setPendingConsentFormsCheck(check: (bookingKey: string) => Promise<boolean>): void {
  pendingConsentForms = check;
}

/** R-4-cancel-09: true when the close needs the consent-forms confirmation first. */
export async function closeNeedsConfirmation(): Promise<boolean> {
  if (!context) return false;
  return pendingConsentForms(context.bookingKey).catch(() => false);
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
  if (current.state === 'ready')
    $summary.set({
      state: 'ready',
      summary: {
        ...current.summary,
        appointments: current.summary.appointments.map((a) => ({ ...a, emailsUnsubscribed: true })),
      },
    });
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
