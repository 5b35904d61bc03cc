/**
 * What the questionnaire flow shows and where it sends the patient: the
 * view (loading, asking, working, a message, the answers' result), what the
 * questions are about (the page behind the modal), the run's state, and the
 * moves a run makes (a portal path, the deny page, the log-in page, a
 * delayed navigation that a newer run cancels).
 */
import { atom } from 'nanostores';
import type { PatientNote, QuestionnaireExam } from '../../src/contract/questionnaire';
import {
  authenticationTarget,
  denyTarget,
  safeLocalPath,
  withPrefix,
  type AskType,
  type FlowContext,
} from '../../src/domain/questionnaire/flow-context';
import type { FlowEffects } from '../../src/domain/questionnaire/outcomes';
import type { Call } from '../../src/stores/loadable';
import { navigationRequest, type NavigationTarget } from '../../src/stores/navigation.store';
import type { BookingOfKey } from './booking-of-key';
import type { AskItem } from './questionnaire-queue';

/** Where the widget should take the patient. */
export type FlowNavigation = NavigationTarget;

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
    }
  /** Issue 13: every questionnaire answered; what the answers mean for the visit, then Continue. */
  | { state: 'result'; notes: PatientNote[] };

export const $questionnaireView = atom<QuestionnaireView>({ state: 'idle' });

/** What the questions are about: the page behind the modal (issue 13, defect 10). */
export interface QuestionnaireAbout {
  mode: 'before' | 'after';
  /** The exams asked about (names for the page, facts for the conditions). */
  exams: QuestionnaireExam[];
  /** The clinic already chosen, when the URL names one. */
  clinicName: string | null;
  /** The forms of this run, in order; "Form 1 of 3" is the view's position and count. */
  forms: { key: string; title: string; examNames: string[] }[];
}

export const $questionnaireAbout = atom<QuestionnaireAbout | null>(null);
export const $questionnaireNavigation = navigationRequest<NavigationTarget>();

export interface FlowRun {
  context: FlowContext;
  /** The run's calls: a new run (or leaving the page) supersedes them, and nothing late is shown. */
  call: Call;
  queue: AskItem[];
  /** How many were asked in this run (for "1 of 3"); -1: everything asked for was answered before. */
  total: number;
  effects: FlowEffects;
  answeredTypes: Set<AskType>;
  booking: BookingOfKey | null;
  /** Some questionnaire had been answered under the key before this run (its outcomes still count). */
  answeredBefore: boolean;
  /** The answers' notes were shown (the result's Continue goes on without showing them again). */
  notesShown: boolean;
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** No pending navigation of a run that was left or replaced. */
export function clearLater(): void {
  clearTimeout(timer);
}

export function go(target: FlowNavigation): void {
  $questionnaireNavigation.set(target);
}

/** Goes to a portal path (with its query) or, for an absolute URL, loads that page. */
export function goTo(context: FlowContext, location: string, replace = false): void {
  if (/^https?:\/\//i.test(location)) return go({ href: location });
  const local = safeLocalPath(location);
  if (!local) return;
  const url = new URL(local, 'http://portal.invalid');
  go({ path: withPrefix(context, url.pathname), search: url.search, replace });
}

/** Runs `action` after `ms` unless the run was superseded or left meanwhile. */
export function later(current: FlowRun, ms: number, action: () => void): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (current.call.current()) action();
  }, ms);
}

export function message(
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

/** R-4-quest-04: online booking is denied; the deny page shows the outcome's message. */
export function deny(current: FlowRun, messageKey: string, params: Record<string, string>): void {
  if (Object.keys(params).length > 0) {
    // The message names a phone number or another value: it is shown here, filled in.
    message(messageKey, { params, tone: 'error' });
    return;
  }
  go({ ...denyTarget(current.context, messageKey), replace: false });
}

export function authenticate(context: FlowContext): void {
  go({ ...authenticationTarget(context), replace: true });
}
