/**
 * The appointment-page calls (R-7-calls-40/43/47) exactly as
 * appointments.contract.ts describes them. Secured: a 401 means "log in for
 * this booking", a 403 "this session holds another booking".
 */
import type {
  AppointmentSummary,
  AppointmentView,
  CallbackRequest,
  CancelAppointmentRequest,
  CancelResult,
  CanChangeStatusResponse,
  ChangeAction,
} from '../contract/appointments';
import { api, getApiBase, type CallOptions } from './client';

const BASE = '/api/secured/appointments';

const at = (slug: string, action: string) => `${BASE}/${encodeURIComponent(slug)}/${action}`;

/** Every appointment of a booking key (the key travels in the body, never in a URL). */
export function getAppointmentSummary(
  bookingKey: string,
  options: CallOptions = {},
): Promise<AppointmentSummary> {
  return api<AppointmentSummary>(`${BASE}/summary`, {
    method: 'POST',
    readOnly: true,
    body: { bookingKey },
    signal: options.signal,
  });
}

export function confirmAppointment(
  slug: string,
  options: CallOptions = {},
): Promise<AppointmentView> {
  return api<AppointmentView>(at(slug, 'confirm'), { method: 'POST', signal: options.signal });
}

export function canChangeStatus(
  slug: string,
  action: ChangeAction,
  options: CallOptions = {},
): Promise<CanChangeStatusResponse> {
  return api<CanChangeStatusResponse>(at(slug, 'can_change_status'), {
    query: { action },
    signal: options.signal,
  });
}

export function cancelAppointment(
  slug: string,
  request: CancelAppointmentRequest,
  options: CallOptions = {},
): Promise<CancelResult> {
  return api<CancelResult>(at(slug, 'cancel'), {
    method: 'POST',
    body: request,
    signal: options.signal,
  });
}

/** The download link of the calendar file (the session cookie goes with the browser's request). */
export function calendarUrl(slug: string): string {
  return `${getApiBase()}${at(slug, 'calendar.ics')}`;
}

/** The same file through the client, with the session: for pages on another origin than the API. */
export function getCalendarFile(slug: string, options: CallOptions = {}): Promise<Blob> {
  return api(at(slug, 'calendar.ics'), { responseType: 'blob', signal: options.signal });
}

export async function unsubscribeEmails(slug: string, options: CallOptions = {}): Promise<void> {
  await api(at(slug, 'unsubscribe'), { method: 'POST', signal: options.signal });
}

export async function sendCallCentreEmail(
  slug: string,
  message: string,
  options: CallOptions = {},
): Promise<void> {
  await api(at(slug, 'call_centre_email'), {
    method: 'POST',
    body: { message },
    signal: options.signal,
  });
}

export async function requestCallback(
  slug: string,
  request: CallbackRequest,
  options: CallOptions = {},
): Promise<void> {
  await api(at(slug, 'callback_request'), {
    method: 'POST',
    body: request,
    signal: options.signal,
  });
}
