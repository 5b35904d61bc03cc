/**
 * Which appointment or booking request a booking key stands for: the
 * after-booking questionnaire calls take its slug ({id}), never the key.
 * Uses the secured summary calls of the appointment and booking-request
 * pages (POST …/summary { bookingKey }).
 */
import type { AppointmentSummary } from '../../src/contract/appointments';
import type { BookingRequestSummary } from '../../src/contract/booking-requests';
import { api, type CallOptions } from '../../src/api/client';
import { toApiError } from '../../src/api/errors';

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
    const summary = await api<AppointmentSummary>('/api/secured/appointments/summary', {
      method: 'POST',
      body: { bookingKey },
      signal: options.signal,
    });
    const chosen =
      summary.appointments.find((item) => item.slug === appointmentSlug) ??
      summary.appointments.find((item) => item.status !== 'CANCELED') ??
      summary.appointments[0];
    if (chosen) return { kind: 'appointment', slug: chosen.slug, examSlug: chosen.examSlug };
  } catch (error) {
    const status = toApiError(error).status;
    if (status === 401 || status === 0) throw error;
  }
  try {
    const request = await api<BookingRequestSummary>('/api/secured/booking_requests/summary', {
      method: 'POST',
      body: { bookingKey },
      signal: options.signal,
    });
    return {
      kind: 'booking-request',
      slug: request.slug,
      examSlug: request.exams[0]?.slug ?? null,
    };
  } catch (error) {
    if (toApiError(error).status === 401) throw error;
    return null;
  }
}
