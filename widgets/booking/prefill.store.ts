import { getAppointmentSummary } from '../../src/api/appointments';
import { replacedAppointment } from '../../src/domain/booking/creation-params';
import type { BookingField } from '../../src/domain/booking/form-validation';
import { $booking } from './booking.store';
import { $bookingForm } from './form-state.store';

/**
 * A patient moving an appointment (reschedule or change, from its page, so
 * with a session for it) does not type their details again: the form
 * starts with the moved appointment's, and a field the patient has typed
 * into is never overwritten (issue 13). Without the key or a session it
 * does nothing: the patient fills the form as for a new booking.
 */
export async function prefillFromMovedAppointment(): Promise<void> {
  const { params } = $booking.get();
  const moved = replacedAppointment(params);
  if (!moved.appointmentSlug || !moved.previousBookingKey) return;
  let details;
  try {
    const summary = await getAppointmentSummary(moved.previousBookingKey);
    details = summary.appointments.find((a) => a.slug === moved.appointmentSlug)?.patientDetails;
  } catch {
    return;
  }
  if (!details) return;
  const known: Partial<Record<BookingField, string | null>> = {
    firstName: details.firstName,
    lastName: details.lastName,
    dateOfBirth: details.dateOfBirth,
    email: details.email,
    contactNumber: details.contactNumber,
    postalCode: details.postalCode,
    medicareNumber: details.medicareNumber,
    sex: details.sex,
  };
  const current = $bookingForm.get();
  for (const [field, value] of Object.entries(known) as [BookingField, string | null][])
    if (value && !current[field]) $bookingForm.setKey(field, value);
}
