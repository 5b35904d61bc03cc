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
import type { Clinic } from './clinic';

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

export interface BookingClinic extends Omit<Clinic, 'email'> {
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
  /**
   * Opt-in compact answer (issue 15): 'intervals' answers ClinicIntervals[]
   * (media type SLOT_INTERVALS_MEDIA_TYPE) instead of ClinicSlots[].
   */
  format?: 'intervals';
}

export { SLOT_INTERVALS_MEDIA_TYPE, type ClinicIntervals } from './slot-intervals';

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
  /**
   * Reschedule or change (spec 4, R-4-status-04): the appointment this
   * booking replaces. The caller's session must hold its booking; it is
   * cancelled in the same transaction (409 message.reschedule_not_allowed
   * when it may no longer be changed).
   */
  appointmentSlug?: string;
  status?: 'RESCHEDULED' | 'CHANGED';
  /**
   * The replaced appointment's own booking key (its page started the move):
   * the new key is sealed under it, so the old e-mail link leads to the new
   * appointment. Ignored unless it is that appointment's key.
   */
  previousBookingKey?: string;
  /** The insurance type a SET_INSURANCE_TYPE questionnaire outcome chose (positive integer). */
  insuranceTypeId?: number;
  /**
   * Spec 4 "Walk-in": the clinic's walk-in exams (their names) the patient
   * chose to walk in for with this visit; the confirmation and the e-mail
   * tell them. Unknown names are refused (400 message.walk_in_unknown).
   */
  walkInExams?: string[];
}

/** A walk-in that goes with an appointment: what the patient is told (spec 4 "Walk-in"). */
export interface WalkInNote {
  name: string;
  /** Minutes of preparation before the walk-in. */
  prepTime: number;
  /** Walk-ins are accepted until this many minutes before closing. */
  minutesPrior: number;
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
  /** The insurance type a SET_INSURANCE_TYPE questionnaire outcome chose (positive integer). */
  insuranceTypeId?: number;
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

/*
 * The booking calls of holds, several exams, walk-ins, mobile locations and pending appointments (R-7-calls-32..38).
 *
 * GET  /api/booking/clinics/by_ids?ids=1,2                  → BookingClinic[]
 * GET  /api/booking/clinics/:clinicId/exams                 → Exam[]
 * GET  /api/booking/code_from_location?latitude=&longitude= → PostCodeLocation (nearest known post code)
 * GET  /api/booking/group_exams?examSlugs=a,b               → ExamGroup (the clinics that offer all of them)
 * GET  /api/booking/walk_in_exams?clinicId=                 → WalkInExam[]
 * GET  /api/booking/enquiry_exams                           → Exam[] (enquiry-only in every clinic)
 * GET  /api/booking/mobile_locations?clinicId=&from=&to=    → MobileLocation[] (date ranges overlapping from..to)
 * POST /api/booking/reference_appointments  ReferenceAppointmentsRequest → ReferenceAppointment[]
 * POST /api/booking/reserve_slots  ReserveSlotsRequest      → SlotHold[] (409 message.slot_conflict)
 * DELETE /api/booking/reserve_slots/:bookingKey             → 204 (releases the key's holds)
 * POST /api/booking/pending_appointments  CreateAppointmentRequest → AppointmentResponse (status PENDING)
 * POST /api/booking/pending_appointments/:bookingKey/notifications → 204 (queues the e-mails in the outbox)
 * POST /api/booking/booking_key/update  UpdateBookingKeyRequest → { bookingKey } (moves temporary
 *      documents and questionnaire answers of the old key to the new one)
 */

/** Spec 3 "Walk-in exam". */
export interface WalkInExam {
  name: string;
  /** Minutes of preparation before the walk-in. */
  prepTime: number;
  /** Walk-ins are accepted until this many minutes before closing. */
  minutesPrior: number;
  modalityId: number;
  clinicId: number;
}

/** Spec 3 "Mobile location": a mobile unit at a place for a date range. */
export interface MobileLocation {
  id: number;
  clinicId: number;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  /** yyyy-mm-dd, inclusive, in the clinic's zone. */
  startDate: string;
  endDate: string;
}

export interface ExamGroup {
  examSlugs: string[];
  clinicIds: number[];
}

export interface ReferenceAppointmentsRequest {
  clinicId: number;
  /** In the order the patient will have them. */
  examSlugs: string[];
  /** yyyy-mm-dd inclusive, clinic-local. */
  start: string;
  end: string;
  /** Longest wait between one exam's end and the next one's start; default 30. */
  maxGapMinutes?: number;
}

/** Slots, one per exam in order, that fit together on one visit. */
export interface ReferenceAppointment {
  slots: Slot[];
}

export interface ReserveSlotsRequest {
  bookingKey: string;
  holds: { examSlug: string; clinicId: number; deviceId: number; startDateTime: string }[];
}

export interface SlotHold {
  examSlug: string;
  deviceId: number;
  startDateTime: string;
  /** ISO instant; the hold lasts bookingForm.slotHoldMinutes. */
  expiresAt: string;
}

export interface UpdateBookingKeyRequest {
  oldBookingKey: string;
  newBookingKey: string;
}
