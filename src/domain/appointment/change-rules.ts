/**
 * Whether an appointment may still be cancelled or rescheduled (spec 4
 * "Cancel, reschedule, close, share", R-4-cancel-01/05..08, R-8-28/29), and
 * what the patient is told when not. Pure: the server answers
 * can_change_status with canChangeStatus, the page words the answer with
 * notAllowedMessage.
 */
import type {
  AppointmentStatus,
  CanChangeStatusResponse,
  ChangeAction,
} from '../../contract/appointments';

/** Statuses after which nothing can be changed from the patient's page. */
const FINAL_STATUSES: ReadonlySet<AppointmentStatus> = new Set([
  'CANCELED',
  'DECLINED_BY_PATIENT',
  'REMOVED_BY_OPERATOR',
  'DELETED',
  'CHECKED_IN',
  'COMPLETED',
  'NO_SHOW',
]);

export interface ChangeInput {
  status: AppointmentStatus;
  startMs: number;
  nowMs: number;
  /** The provider's limit for this action. */
  priorMinutes: number;
  /** The exam is enquiry-only. */
  enquireOnly: boolean;
  action: ChangeAction;
}

/**
 * APPOINTMENT_CANCELLED when it is no longer live; PRIOR_MINUTES when it
 * starts within the limit (or has started); ENQUIRE_ONLY lets a cancel go
 * ahead (R-4-cancel-01) but not a reschedule, which needs bookable slots.
 */
export function canChangeStatus(input: ChangeInput): CanChangeStatusResponse {
  const { priorMinutes } = input;
  if (FINAL_STATUSES.has(input.status))
    return { canChange: false, reason: 'APPOINTMENT_CANCELLED', priorMinutes };
  if (input.startMs - input.nowMs < priorMinutes * 60_000)
    return { canChange: false, reason: 'PRIOR_MINUTES', priorMinutes };
  if (input.enquireOnly)
    return { canChange: input.action === 'CANCEL', reason: 'ENQUIRE_ONLY', priorMinutes };
  return { canChange: true, reason: null, priorMinutes };
}

/** R-4-cancel-01: cancel goes ahead when allowed, or with ENQUIRE_ONLY. */
export function cancelGoesAhead(answer: CanChangeStatusResponse): boolean {
  return answer.canChange || answer.reason === 'ENQUIRE_ONLY';
}

export interface TextRef {
  key: string;
  params?: Record<string, unknown>;
}

/** Prior minutes as the patient reads them: whole hours when they divide evenly. */
export function priorTime(minutes: number): TextRef {
  if (minutes >= 60 && minutes % 60 === 0)
    return { key: 'appointment.prior_hours', params: { count: minutes / 60 } };
  return { key: 'appointment.prior_minutes', params: { count: minutes } };
}

/**
 * R-4-cancel-08, R-8-28/29: the message when a change is refused — about a
 * cancelled appointment, about the prior minutes, or a generic not-allowed.
 */
export function notAllowedMessage(action: ChangeAction, answer: CanChangeStatusResponse): TextRef {
  const verb = action === 'CANCEL' ? 'cancel' : 'reschedule';
  if (answer.reason === 'APPOINTMENT_CANCELLED')
    return { key: `appointment.${verb}_not_allowed_cancelled` };
  if (answer.reason === 'PRIOR_MINUTES')
    return {
      key: `appointment.${verb}_not_allowed_prior_minutes`,
      params: { priorMinutes: answer.priorMinutes },
    };
  return { key: `appointment.${verb}_not_allowed` };
}

/** R-4-cancel-05: a walk-in cannot be rescheduled unless the provider allows it. */
export function walkInBlocked(walkIn: boolean, walkInRescheduleAllowed: boolean): boolean {
  return walkIn && !walkInRescheduleAllowed;
}
