/**
 * When a booking's page is the deny page instead (spec 4 "Statuses" and
 * "Deny page message by input", R-4-status-01): an ended appointment is
 * EXPIRED; an appointment the patient or the clinic took out of the diary
 * shows why. Pure.
 */
import type { AppointmentStatus } from '../../contract/appointments';

/** Statuses with a deny message of their own (R-4-deny-01..05). */
export const DENY_STATUSES: readonly AppointmentStatus[] = [
  'CANCELED',
  'DECLINED_BY_PATIENT',
  'REMOVED_BY_OPERATOR',
  'DELETED',
  'ON_HOLD',
];

export interface DenyInput {
  status: AppointmentStatus;
  expired: boolean;
  /** A cancelled appointment moved to another time (R-4-status-04): its page says where. */
  movedTo?: unknown;
}

/**
 * The deny status of a booking, or null when its page shows. A booking of
 * several appointments shows while any of them is live and not past.
 */
export function denyStatusOf(appointments: readonly DenyInput[]): string | null {
  if (appointments.length === 0) return null;
  const live = appointments.filter((a) => !a.expired && !DENY_STATUSES.includes(a.status));
  if (live.length > 0) return null;
  // A cancelled booking that has not ended shows its own page, marked cancelled, with the
  // clinic to call and a way to book again (issue 13): the patient reopened their e-mail's link.
  // So does the old link of a rescheduled appointment (it says where it went).
  if (appointments.some((a) => a.status === 'CANCELED' && !a.expired)) return null;
  const denied = appointments.find(
    (a) => DENY_STATUSES.includes(a.status) && a.status !== 'CANCELED',
  );
  return denied ? denied.status : 'EXPIRED';
}

/** The deny page's search string for a status: ?status=EXPIRED (kioskMode kept). */
export function denySearch(status: string, kioskMode: boolean): string {
  const params = new URLSearchParams({ status });
  if (kioskMode) params.set('kioskMode', 'true');
  return `?${params.toString()}`;
}

/** Appointments the patient can still act on (not cancelled, declined or removed). */
export function liveAppointments<T extends { status: string }>(appointments: readonly T[]): T[] {
  return appointments.filter((a) => !(DENY_STATUSES as readonly string[]).includes(a.status));
}
