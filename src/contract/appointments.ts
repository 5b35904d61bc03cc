/**
 * The appointment-page calls of spec 7 ("Appointment pages", by name only,
 * R-7-calls-40/43/47) as the reference API implements them. Secured: each
 * needs a patient session that holds the appointment's booking key (401
 * without a session, 403 for another booking). `{id}` is the appointment's
 * slug; the booking key travels only in request bodies, never in a URL that
 * could land in an access log.
 *
 * POST /api/secured/appointments/summary  { bookingKey }           → AppointmentSummary
 * POST /api/secured/appointments/{id}/confirm                      → AppointmentView
 * GET  /api/secured/appointments/{id}/can_change_status?action=CANCEL|RESCHEDULE → CanChangeStatusResponse
 * POST /api/secured/appointments/{id}/cancel  CancelAppointmentRequest → CancelResult
 * GET  /api/secured/appointments/{id}/calendar.ics                 → text/calendar
 * POST /api/secured/appointments/{id}/unsubscribe                  → 204 (no more e-mails for the key)
 * POST /api/secured/appointments/{id}/call_centre_email  { message } → 204 (queued in the outbox)
 * POST /api/secured/appointments/{id}/callback_request  { contactNumber, note? } → 204 (queued)
 */
import type { AppointmentResponse, WalkInNote } from './booking';
import type { PatientNote } from './questionnaire';
import type { Clinic } from './clinic';

/** Appointment statuses; the last five are deny statuses (spec 4 "Statuses"). */
export type AppointmentStatus =
  | 'PENDING'
  | 'BOOKED'
  | 'CONFIRMED'
  | 'CHECKED_IN'
  | 'COMPLETED'
  | 'NO_SHOW'
  | 'CANCELED'
  | 'DECLINED_BY_PATIENT'
  | 'REMOVED_BY_OPERATOR'
  | 'DELETED'
  | 'ON_HOLD';

/** Spec 3 "Can-change-status response". */
export type CanChangeReason = 'APPOINTMENT_CANCELLED' | 'PRIOR_MINUTES' | 'ENQUIRE_ONLY';

export type ChangeAction = 'CANCEL' | 'RESCHEDULE';

export interface CanChangeStatusResponse {
  canChange: boolean;
  reason: CanChangeReason | null;
  /** The provider's limit for this action: changes close this many minutes before the start. */
  priorMinutes: number;
}

export type AppointmentClinic = Clinic;

/** Spec 3 "Exam", as far as an appointment shows it (examDetails.slug). */
export interface AppointmentExamDetails {
  slug: string;
  name: string;
  modalityName: string;
  examNotes: string;
  notes: string;
}

/** Spec 3 booking-request patient details, plus the Medicare number of the appointment fields. */
export interface AppointmentPatientDetails {
  title: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
  contactNumber: string | null;
  postalCode: string | null;
  medicareNumber: string | null;
  /** As given when booking (FEMALE, MALE, …): a reschedule's form starts with it too. */
  sex: string | null;
}

/**
 * Spec 3 "Appointment": the booking request's fields plus date and endTime
 * (R-3-31), and the appointment fields of R-3-43/44.
 */
/** An appointment page's view: the booking's answer (its `date` is the start, ISO with the clinic's offset) and what the page shows. */
export interface AppointmentView extends AppointmentResponse {
  examSlug: string;
  examDetails: AppointmentExamDetails;
  status: AppointmentStatus;
  /** The appointment has ended (the server's clock): its page is the EXPIRED deny page. */
  expired: boolean;
  walkIn: boolean;
  /** The exam cannot be booked online (an enquiry): changes go through the clinic. */
  enquireOnly: boolean;
  clinic: AppointmentClinic;
  /** Message keys of what to bring. */
  documentsNeeded: string[];
  checkInPrepared: boolean;
  checkInPreparedSent: boolean;
  checkInSent: boolean;
  checkInSuccess: boolean;
  showGenderSelection: boolean;
  patientMedicareNumber: string | null;
  patientDetails: AppointmentPatientDetails;
  patientFolioNumber: string | null;
  emailsUnsubscribed: boolean;
  /**
   * R-4-status-04: a cancelled appointment that a reschedule or change
   * replaced, and the live appointment it became (its start in its clinic's
   * zone); null otherwise.
   */
  movedTo: {
    date: string;
    timeZone: string;
    clinicName: string;
    examName: string;
    /**
     * The new appointment's booking key, for the summary of the old key only
     * (sealed under it when its page started the move), else null.
     */
    bookingKey: string | null;
  } | null;
  /** R-4-status-04: the start of the appointment this one replaced (its clinic's zone), or null. */
  movedFrom: { date: string; timeZone: string } | null;
  /** Spec 4 "Walk-in": the walk-ins the patient chose to come in for with this visit. */
  walkIns: WalkInNote[];
  /**
   * What the patient's questionnaire answers mean for this visit (PATIENT_NOTE
   * outcomes, issue 13): shown under "How to prepare" with `preparation`.
   */
  patientNotes: PatientNote[];
}

export interface CancelReason {
  label: string;
}

/** All appointments of one booking key with the provider's change rules. */
export interface AppointmentSummary {
  bookingKey: string;
  appointments: AppointmentView[];
  /** The reasons the cancel-reason modal offers (provider settings). */
  cancelReasons: CancelReason[];
  cancelPriorMinutes: number;
  reschedulePriorMinutes: number;
  /** Walk-in appointments may be rescheduled (else the reschedule button explains why not). */
  walkInRescheduleAllowed: boolean;
}

export interface AppointmentSummaryRequest {
  bookingKey: string;
}

/** Spec 7 "cancel (slug, reason label, note)"; the slug is the path's {id}. */
export interface CancelAppointmentRequest {
  reason: CancelReason;
  note: string;
}

/** Spec 3 "Cancel result". */
export interface CancelResult {
  slug: string;
  status: 'CANCELED';
  reason: CancelReason;
  note: string;
}

export interface CallCentreEmailRequest {
  message: string;
}

export interface CallbackRequest {
  contactNumber: string;
  note?: string;
}

export const CALL_CENTRE_MESSAGE_MAX = 1000;
export const CANCEL_NOTE_MAX = 500;
