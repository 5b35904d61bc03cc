/**
 * Which appointment or booking request a booking key stands for: the
 * after-booking questionnaire calls take its slug ({id}), never the key.
 * Uses the summary calls of the appointment and booking-request pages.
 */
import type { CallOptions } from '../../src/api/client';
import { getAppointmentSummary } from '../../src/api/appointments';
import { getBookingRequestSummary } from '../../src/api/booking-requests';
import { isAbortError, toApiError } from '../../src/api/errors';

export type BookingOfKey =
  | { kind: 'appointment'; slug: string; examSlug: string | null }
  | { kind: 'booking-request'; slug: string; examSlug: string | null };

/**
 * The appointment of the key (the one named by appointmentSlug, else the
 * first that is not cancelled), or else its booking request. A 401 is
 * thrown on (the caller sends the patient to authenticate).
 */
export async function bookingOfKey(
  bookingKey: string,
  appointmentSlug: string | null,
  options: CallOptions = {},
): Promise<BookingOfKey | null> {
  try {
    const summary = await getAppointmentSummary(bookingKey, options);
    const chosen =
      summary.appointments.find((item) => item.slug === appointmentSlug) ??
      summary.appointments.find((item) => item.status !== 'CANCELED') ??
      summary.appointments[0];
    if (chosen) return { kind: 'appointment', slug: chosen.slug, examSlug: chosen.examSlug };
  } catch (error) {
    const status = toApiError(error).status;
    if (status === 401 || status === 0 || isAbortError(error)) throw error;
  }
  try {
    const request = await getBookingRequestSummary(bookingKey, options);
    return {
      kind: 'booking-request',
      slug: request.slug,
      examSlug: request.exams[0]?.slug ?? null,
    };
  } catch (error) {
    if (toApiError(error).status === 401 || isAbortError(error)) throw error;
    return null;
  }
}
