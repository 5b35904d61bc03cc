/**
 * The booking-request page calls of spec 7 (R-7-calls-48: booking request
 * summary, status update) as the reference API implements them. Secured:
 * the session must hold the request's booking key (401 / 403). `{id}` is the
 * request's slug.
 *
 * POST /api/secured/booking_requests/summary  { bookingKey }          → BookingRequestSummary
 * POST /api/secured/booking_requests/{id}/cancel                      → BookingRequestSummary (status CANCELED)
 * PUT  /api/secured/booking_requests/{id}/status  { status }          → BookingRequestSummary
 * GET  /api/secured/booking_requests/{id}/download                    → the referral file (attachments)
 */
import type { Clinic } from './clinic';

export type BookingRequestStatus = 'PENDING' | 'BOOKED' | 'CANCELED';

export interface BookingRequestExam {
  slug: string;
  name: string;
  modalityName: string;
}

export type BookingRequestClinic = Pick<
  Clinic,
  'id' | 'name' | 'address' | 'phone' | 'timeZone' | 'latitude' | 'longitude'
>;

/** Spec 3 booking-request details: patient details. */
export interface BookingRequestPatientDetails {
  title: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  contactNumber: string;
  postalCode: string;
}

/** A referral document of the request (the 'view referral' button, spec 2.3). */
export interface BookingRequestReferral {
  id: number;
  fileName: string;
}

/** Spec 3 "Booking request" and its details (R-3-29/30). */
export interface BookingRequestSummary {
  slug: string;
  bookingKey: string;
  success: boolean;
  errorMessage: string | null;
  modalityName: string;
  examName: string;
  clinicName: string;
  patientEmailHash: string;
  status: BookingRequestStatus;
  exams: BookingRequestExam[];
  clinic: BookingRequestClinic | null;
  patientDetails: BookingRequestPatientDetails;
  note: string;
  /** ISO instant. */
  createdAt: string;
  referrals: BookingRequestReferral[];
}

export interface BookingRequestSummaryRequest {
  bookingKey: string;
}

/** A patient may only cancel their request. */
export interface BookingRequestStatusUpdate {
  status: 'CANCELED';
}
