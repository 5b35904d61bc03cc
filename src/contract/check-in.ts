/**
 * Digital check-in and the kiosk (spec 2.5, 3, 4 "Digital check-in", 7, 9;
 * issue 16): the shapes shared by `<imaging-checkin>` and the server's
 * TypeBox schemas (server/schemas/check-in.schema.ts). Paths are written
 * beside each shape; `{slug}` is the appointment's slug, and every
 * `/api/secured/...` call needs the patient session of that appointment's
 * booking key (the existing authentication, or the kiosk code below).
 */

/** Spec 3 "Check-in form"; gender only when the appointment's showGenderSelection. */
export type CheckInGender = 'Female' | 'Male' | 'Other';

/**
 * POST /api/secured/appointments/{slug}/check_in/prepare → CheckInState.
 * referrer is a doctor id from the doctor search; dateOfReferral YYYY-MM-DD,
 * not after today (the clinic's day); medicareNumber with the booking form's
 * rule (src/domain); referenceNumber the individual reference number (1–9).
 * 400 with a message key per field (`errors`), nothing stored.
 */
export interface CheckInForm {
  appointmentSlug: string;
  referrer: string;
  dateOfReferral: string;
  medicareNumber: string;
  referenceNumber: string;
  gender?: CheckInGender | null;
}

/** Why check-in cannot happen now (the late-enable message and its prior minutes). */
export type CheckInDisabledReason =
  'TOO_EARLY' | 'TOO_LATE' | 'NOT_TODAY' | 'CANCELLED' | 'ALREADY_CHECKED_IN' | 'CHECK_IN_DISABLED';

/**
 * An appointment's check-in, as the appointment page and the check-in
 * element show it. The four flags are the spec 3 appointment fields
 * (AppointmentView carries the same four).
 * GET /api/secured/appointments/{slug}/check_in → CheckInState
 */
export interface CheckInState {
  slug: string;
  /** The clinic and exam offer digital check-in at all ("check-in enabled"). */
  enabled: boolean;
  /** The window is open now ("can check in"). */
  canCheckIn: boolean;
  /** Why not, when enabled but not open; null when open. */
  disabledReason: CheckInDisabledReason | null;
  /** The window, ISO instants with the clinic's offset. */
  opensAt: string;
  closesAt: string;
  /** Minutes before the start the window opens ("prior minutes" of the late-enable message). */
  priorMinutes: number;
  timeZone: string;
  /** The form was stored. */
  checkInPrepared: boolean;
  /** The RIS acknowledged the prepared form. */
  checkInPreparedSent: boolean;
  /** The check-in was queued for the RIS. */
  checkInSent: boolean;
  /** The RIS acknowledged the check-in: the patient is checked in. */
  checkInSuccess: boolean;
  showGenderSelection: boolean;
  /**
   * R-4-checkin-02: the clinic requires the feedback questionnaire before
   * check-in (checkIn.feedbackRequired) and this appointment's is not
   * answered yet: the flow shows the FEEDBACK step before confirm
   * (GET/POST /api/secured/appointments/{slug}/feedback).
   */
  feedbackRequired: boolean;
  /** Configuration: 'SIMPLE' (a confirmation, then check in) or 'PREPARE_FIRST' (form, then check in, then upload). */
  mode: CheckInMode;
  /** The stored form (after prepare), for editing; null before. */
  form: (Omit<CheckInForm, 'appointmentSlug'> & { referrerName: string }) | null;
}

export type CheckInMode = 'SIMPLE' | 'PREPARE_FIRST';

/**
 * Spec 3 "Check-in readiness response".
 * GET /api/secured/appointments/{slug}/check_in/readiness → CheckInReadiness
 * ready: the patient may check in now (window open, form prepared when the
 * mode needs it, referral uploaded when the clinic requires it before check-in).
 * requiredReferralUploaded false with documentTypeId: the referral is still
 * missing (whether or not it is required before check-in), documentTypeId
 * the referral type to upload; ready may still be true (it can follow the
 * check-in: the success screen offers the upload).
 * message: a message key explaining why not ready, or null.
 */
export interface CheckInReadiness {
  ready: boolean;
  requiredReferralUploaded: boolean;
  documentTypeId: number | null;
  message: string | null;
}

/**
 * POST /api/secured/appointments/{slug}/check_in (empty body) → CheckInState
 * with checkInSent true (queued for the RIS) or checkInSuccess true.
 * 409 message.check_in_not_allowed (with `priorMinutes`) outside the window,
 * 409 message.check_in_not_ready when readiness says no.
 *
 * Polling (spec 4): GET .../check_in/sent → CheckInPoll and
 * GET .../check_in/preparation_sent → CheckInPoll; the client polls with
 * back-off (1 s doubling to 8 s) for at most 60 s, then the error step.
 */
export interface CheckInPoll {
  checkInPreparedSent: boolean;
  checkInSent: boolean;
  checkInSuccess: boolean;
}

/**
 * Spec 3 "Check-in identity request" (kiosk, before any session).
 * POST /api/check_in/identity → CheckInIdentityResponse.
 * Rate-limited per kiosk device (kioskIdentity cookie) and per address.
 */
export interface CheckInIdentityRequest {
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
}

/**
 * appointmentBookingKeys are NOT booking keys: they are opaque, single-use
 * check-in handles (random, 10 minutes) that only the code calls accept.
 * The answer looks the same whether or not someone matched: no match gives
 * one handle too (its code is never sent, so it never verifies). Several
 * matches give several handles: the element shows the error step (ask
 * reception). samePatient is false when the matches are different people.
 */
export interface CheckInIdentityResponse {
  appointmentBookingKeys: string[];
  samePatient: boolean;
  feedbackQuestionnaireAnswered: boolean;
  disabledReason: CheckInDisabledReason | null;
}

/**
 * POST /api/check_in/otp/send {handle} → OtpSent (patient-auth.ts), masked,
 * the same shape for a decoy handle. Type APPOINTMENT.
 * POST /api/check_in/otp/validate {handle, code} → CheckInOtpValidated and
 * the patient session cookie for the appointment's booking key (kiosk
 * sessions last at most 15 minutes). Wrong code: 400
 * message.authentication_otp_error; 5 wrong codes end the handle.
 */
export interface CheckInOtpSendRequest {
  handle: string;
}

export interface CheckInOtpValidateRequest {
  handle: string;
  /** 6 digits. */
  code: string;
}

export interface CheckInOtpValidated {
  bookingKey: string;
}

/**
 * GET /api/secured/check_in/appointments → today's appointments (clinic-local
 * day) of the session's booking key, each with its CheckInState.
 * ("check-in appointments"; an empty list goes to the error step.)
 */
export interface CheckInAppointment {
  slug: string;
  bookingKey: string;
  examName: string;
  clinicName: string;
  /** Reception's number ("too late: call reception", the error step). */
  clinicPhone: string;
  /** ISO with the clinic's offset. */
  date: string;
  timeZone: string;
  checkIn: CheckInState;
}

/**
 * GET /api/secured/appointments/{slug}/doctor_search?term= → DoctorSearchResult[]
 * term: at least 3 characters (shorter: 400 message.doctor_search_term_too_short);
 * matched case-insensitively on name, practice and suburb; at most 20,
 * distinct by id. With a configured searchUrl the server asks
 * {searchUrl}/{term} instead and answers the same shape.
 */
export interface DoctorSearchResult {
  id: string;
  /** "Dr Jane Citizen". */
  name: string;
  providerNumber: string;
  practice: string;
  suburb: string;
  postalCode: string;
  state: string;
}

/** The kiosk's cookies (spec 3 and 9): expire 2030-12-31, path /, removable. */
export const KIOSK_COOKIES = {
  device: 'kioskIdentity',
  patient: 'patientKioskIdentity',
  postalCodeLocation: 'postalCodeLocationId',
} as const;

export const KIOSK_COOKIE_EXPIRES = '2030-12-31T23:59:59Z';

/** Spec 9. */
export const KIOSK_WARNING_SECONDS = 10;
/** A kiosk booking's or check-in's confirmation returns home after this (spec 9's 10 s countdown). */
export const KIOSK_FINISH_SECONDS = 10;
export const DOCTOR_SEARCH_DEBOUNCE_MS = 200;
export const DOCTOR_SEARCH_MIN_LENGTH = 3;
