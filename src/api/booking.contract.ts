/**
 * The booking calls of spec 7 ("Booking", by name only) as the reference API
 * implements them: public calls under /api/booking, snake_case segments,
 * camelCase fields with the spec's names (section 3) verbatim.
 *
 * GET  /api/booking/modalities                         → Modality[]
 * GET  /api/booking/body_parts                         → BodyPart[]
 * GET  /api/booking/exams?modalityId=&bodyPart=        → Exam[]
 * GET  /api/booking/regions                            → Region[]
 * GET  /api/booking/postal_code_location?code=         → PostCodeLocation (404 message.postcode_not_found)
 * GET  /api/booking/clinics?examSlug=&latitude=&longitude=&regionSlug=   → BookingClinic[] (nearest first)
 * POST /api/booking/clinic_appointments  ClinicAppointmentRequest          → ClinicSlots[]
 * GET  /api/booking/find_next_available?examSlug=&clinicIds=1,2&from=     → Slot | 404
 * POST /api/booking/booking_key                        → { bookingKey }
 * POST /api/booking/appointments  CreateAppointmentRequest → AppointmentResponse (409 message.slot_conflict)
 * POST /api/booking/booking_requests  CreateBookingRequestRequest → BookingRequestResponse
 * GET  /api/booking/appointments/{bookingKey}/calendar.ics → text/calendar
 */

export interface Modality {
  id: number;
  slug: string;
  name: string;
}

export interface BodyPart {
  slug: string;
  name: string;
  /** Which side of the body figure shows it. */
  view: 'front' | 'back' | 'both';
}

/** Spec 3 "Exam". */
export interface Exam {
  slug: string;
  name: string;
  modalityId: number;
  modalityName: string;
  priority: number;
  examCode: string;
  examNotes: string;
  notes: string;
  showBookingRequestInfoModal: boolean;
  bodyPart: string;
  durationMinutes: number;
  /** Cannot be booked online: the patient sends a booking request (enquiry) instead. */
  enquiryOnly: boolean;
}

export interface Region {
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
}

/** Spec 3 "Post code location". */
export interface PostCodeLocation {
  id: number;
  code: string;
  country: string;
  suburb: string;
  latitude: number;
  longitude: number;
}

export interface BookingClinic {
  id: number;
  slug: string;
  name: string;
  address: string;
  suburb: string;
  state: string;
  postalCode: string;
  phone: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  regionSlug: string;
  /** Distance from the requested location, when one was given. */
  distanceKm: number | null;
}

/** Spec 3 "Clinic appointment request". */
export interface ClinicAppointmentRequest {
  clinicIds: number[];
  examSlug: string;
  location?: { latitude: number; longitude: number };
  /** ISO date (yyyy-mm-dd), inclusive, in the clinic's local calendar. */
  start: string;
  /** ISO date (yyyy-mm-dd), inclusive. */
  end: string;
  isBookingRequest?: boolean;
  bookingRequestBookingKey?: string;
  examBookingKey?: string;
  appointmentSlug?: string;
  customDuration?: number;
  extraQueryParams?: Record<string, string>;
  clinicAppointmentsView?: 'WEEK' | 'MONTH';
  mobileLocationToken?: string;
}

/** Spec 3 "Slot": an instant, shown in the clinic's time zone. */
export interface Slot {
  clinicId: number;
  clinicSlug: string;
  clinicName: string;
  /** ISO instant with offset, e.g. 2026-11-23T09:00:00+11:00. */
  startDateTime: string;
  endDateTime: string;
  deviceId: number;
  timeZone: string;
}

export interface ClinicSlots {
  clinicId: number;
  clinicSlug: string;
  clinicName: string;
  timeZone: string;
  slots: Slot[];
}

export type Sex = 'FEMALE' | 'MALE' | 'INDETERMINATE';

/** The booking form (spec 2.4, 3 "Booking request" patient details). */
export interface PatientDetails {
  firstName: string;
  lastName: string;
  /** yyyy-mm-dd, not in the future. */
  dateOfBirth: string;
  email: string;
  contactNumber: string;
  sex: Sex;
  postalCode: string;
  medicareNumber?: string;
  validationCode?: string;
}

export interface CreateAppointmentRequest {
  bookingKey: string;
  examSlug: string;
  clinicId: number;
  deviceId: number;
  startDateTime: string;
  patient: PatientDetails;
}

/** Spec 3: the appointment response has the booking request's fields plus date and endTime. */
export interface AppointmentResponse {
  slug: string;
  bookingKey: string;
  success: boolean;
  errorMessage: string | null;
  modalityName: string;
  examName: string;
  clinicName: string;
  patientEmailHash: string;
  date: string;
  endTime: string;
  timeZone: string;
  clinicAddress: string;
  preparation: string;
}

export interface CreateBookingRequestRequest {
  bookingKey: string;
  examSlugs: string[];
  clinicId: number | null;
  patient: PatientDetails;
  note?: string;
}

/** Spec 3 "Booking request". */
export interface BookingRequestResponse {
  slug: string;
  bookingKey: string;
  success: boolean;
  errorMessage: string | null;
  modalityName: string;
  examName: string;
  clinicName: string;
  patientEmailHash: string;
}
