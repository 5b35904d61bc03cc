/**
 * What earlier steps left in the booking URL for the creation calls: the
 * insurance type of a questionnaire outcome, and the appointment a
 * reschedule or change replaces (R-4-status-04).
 */
import type { CreateAppointmentRequest } from '../../contract/booking';
import type { BookingFlowState } from './flow-params';

/**
 * The insurance type a SET_INSURANCE_TYPE questionnaire outcome put in the URL
 * (`insuranceTypeId`, which `<imaging-questionnaire>` adds; spec 3 "Processed
 * outcome response"): a positive 32-bit integer, else null (nothing is sent).
 */
export function outcomeInsuranceTypeId(extra: readonly [string, string][]): number | null {
  const value = extra.findLast(([name]) => name === 'insuranceTypeId')?.[1] ?? '';
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2147483647 ? id : null;
}

/**
 * appointmentSlug and status (RESCHEDULED or CHANGED) as the appointment page
 * put them in the URL, and the old appointment's key (previousBookingKey) so
 * that its link leads to the new appointment.
 */
export function replacedAppointment(
  params: BookingFlowState,
): Pick<CreateAppointmentRequest, 'appointmentSlug' | 'status' | 'previousBookingKey'> {
  const appointmentSlug = params.extra.find(([name]) => name === 'appointmentSlug')?.[1];
  const previousBookingKey = params.extra.find(([name]) => name === 'previousBookingKey')?.[1];
  const status =
    params.status === 'RESCHEDULED' || params.status === 'CHANGED' ? params.status : undefined;
  if (!appointmentSlug || !status) return {};
  return { appointmentSlug, status, ...(previousBookingKey ? { previousBookingKey } : {}) };
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A booking that moves an existing appointment: how, and when it is now (an ISO instant), or null. */
export interface RescheduleContext {
  status: 'RESCHEDULED' | 'CHANGED';
  /** The appointment's current start, as the appointment page put it in the URL (rescheduleFrom). */
  from: string | null;
}

/** R-4-status-04: the flow is a reschedule or a change when it replaces an appointment. */
export function rescheduleOf(params: BookingFlowState): RescheduleContext | null {
  const replaced = replacedAppointment(params);
  if (!replaced.status) return null;
  const from = params.extra.find(([name]) => name === 'rescheduleFrom')?.[1] ?? '';
  return { status: replaced.status, from: INSTANT.test(from) ? from : null };
}
