/**
 * The questionnaire calls of spec 7 ("Questionnaires", by name only) as the
 * reference API implements them (docs/api.md). Field names of spec 3
 * ("Questionnaire", "Questionnaire answer", "Outcome", "Processed outcome
 * response", "Feedback questionnaire", "Consent forms response") verbatim.
 *
 * Before booking (public; the booking key the server issued is the capability):
 * GET  /api/questionnaires?examSlugs=a,b&modality=&types=T1,T2&bookingKey=
 *        → QuestionnairesResponse. Without bookingKey the server issues one (returned in
 *        `bookingKey`); an unknown key is 404 message.booking_key_invalid, a key that has
 *        booked is 409 message.booking_key_used. Without types: BOOKING_FLOW_TYPES (what
 *        the patient's booking flow asks: CREATE_BOOKING_REQUEST, MODALITY_ROUTING, BOOKING_FORM).
 * GET  /api/questionnaires/{questionnaireId}            → Questionnaire (404 message.questionnaire_not_found)
 * POST /api/questionnaires/temporary_answers  TemporaryAnswerRequest → QuestionnaireAnswer
 *        (answers of a booking key without a booking yet; saving again replaces the earlier
 *        answer; they move with POST /api/booking/booking_key/update)
 * POST /api/questionnaires/process_outcomes  ProcessOutcomesRequest → ProcessedOutcomeResponse
 *        (the server evaluates the stored outcome rules on the STORED answers of the key)
 * GET  /api/questionnaires/message?bookingKey=&questionnaireId= → QuestionnaireMessage
 *        (the message of the outcome that currently applies to the key, e.g. a denial)
 * POST /api/questionnaires/change_exam  ChangeExamRequest → ChangeExamResponse
 *        (applies a CHANGE_EXAM outcome: the key's answers move to the new exam;
 *        409 message.exam_change_not_allowed when no stored outcome changes that exam)
 *
 * After booking (secured: a session holding the booking; {id} is the appointment's or
 * booking request's slug; 401 without a session, 403 for another booking):
 * GET  /api/secured/appointments/{id}/questionnaires?types=T1,T2 → QuestionnairesResponse
 *        (without types: every after-booking type; FEEDBACK once answered is left out)
 * POST /api/secured/appointments/{id}/questionnaire_answers  AnswerRequest → QuestionnaireAnswer
 *        (types REQUIRED_ON_CONFIRMATION, DECLINE_APPOINTMENT, CANCEL_APPOINTMENT_PATIENT, …;
 *        CANCEL_APPOINTMENT_PATIENT and DECLINE_APPOINTMENT set the appointment CANCELED)
 * POST /api/secured/appointments/{id}/pain_score  AnswerRequest → QuestionnaireAnswer
 *        (PAIN_SCORE_INITIAL / PAIN_SCORE_FINAL; `painScore` is the 0–10 rating)
 * GET  /api/secured/appointments/{id}/feedback           → FeedbackQuestionnaire, or 204 (nothing)
 *        when the feedback was already given (R-4-feedback-03) or none applies
 * POST /api/secured/appointments/{id}/feedback  AnswerRequest → QuestionnaireAnswer
 *        (409 message.feedback_already_provided the second time)
 * GET  /api/secured/appointments/{id}/consent_forms      → ConsentFormsResponse
 * POST /api/secured/appointments/{id}/consent_forms/{consentFormId}  ConsentAnswerRequest → ConsentAnswer
 * GET  /api/secured/booking_requests/{id}/questionnaires?types= → QuestionnairesResponse
 * POST /api/secured/booking_requests/{id}/questionnaire_answers  AnswerRequest → QuestionnaireAnswer
 * POST /api/secured/booking_requests/{id}/protocol  AnswerRequest → QuestionnaireAnswer (PROTOCOL)
 *
 * Errors: 400 message.error_answering_questionnaire (message.pain_score_problem for pain
 * scores, message.booking_request_waiting_protocol_error for protocols) with `fields`
 * (question name → the key of src/domain/questionnaire/validate.ts: questionnaire.error.required,
 * questionnaire.error.choice, …) when answers do not fit the questionnaire; 400 message.questionnaire_type_mismatch when a
 * questionnaire is sent to the save call of another type; 404 message.questionnaire_not_found.
 * Denied bookings: POST /api/booking/appointments with a key whose stored answers deny booking
 * answers 403 with the outcome's message key; before a RESTRICT_MIN_DATE date it answers
 * 409 message.questionnaire_date_restricted.
 */
import type { Answers, ModalSize, OutcomeType, QuestionnaireJson } from './questionnaire-format';
import type { PatientNote, QuestionnaireExam } from './questionnaire-booking';

export type { Answers, ModalSize, OutcomeType, PatientNote, QuestionnaireExam, QuestionnaireJson };

/** Spec 4 "Questionnaire flow": every questionnaire type, the one list both sides use. */
export const QUESTIONNAIRE_TYPES = [
  'CREATE_BOOKING_REQUEST',
  'CREATE_BOOKING_REQUEST_REFERRER',
  'PAIN_SCORE_INITIAL',
  'PAIN_SCORE_FINAL',
  'PROTOCOL',
  'MODALITY_ROUTING',
  'BOOKING_FORM',
  'REQUIRED_ON_CONFIRMATION',
  'FEEDBACK',
  'DECLINE_APPOINTMENT',
  'CANCEL_APPOINTMENT_PATIENT',
  // A referrer's report quality feedback (GET /api/image_viewer_link/questionnaires; spec 2.3).
  'REFERRER_REPORT_FEEDBACK',
] as const;
export type QuestionnaireType = (typeof QUESTIONNAIRE_TYPES)[number];

/** R-4-quest-15: asked before a booking exists. */
export const BEFORE_BOOKING_TYPES: readonly QuestionnaireType[] = [
  'CREATE_BOOKING_REQUEST',
  'CREATE_BOOKING_REQUEST_REFERRER',
  'PAIN_SCORE_INITIAL',
  'PAIN_SCORE_FINAL',
  'PROTOCOL',
  'MODALITY_ROUTING',
  'BOOKING_FORM',
];

/** The default of GET /api/questionnaires: what a patient answers in the booking flow. */
export const BOOKING_FLOW_TYPES: readonly QuestionnaireType[] = [
  'CREATE_BOOKING_REQUEST',
  'MODALITY_ROUTING',
  'BOOKING_FORM',
];

/** R-4-quest-14: asked about an existing booking. */
export const AFTER_BOOKING_TYPES: readonly QuestionnaireType[] = [
  'REQUIRED_ON_CONFIRMATION',
  'FEEDBACK',
  'DECLINE_APPOINTMENT',
  'CANCEL_APPOINTMENT_PATIENT',
];

/** Which save call stores an answer (R-4-quest-02). */
export const ANSWER_KINDS = [
  'TEMPORARY',
  'APPOINTMENT',
  'BOOKING_REQUEST',
  'PAIN_SCORE',
  'PROTOCOL',
] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/** Spec 3 "Questionnaire", plus its survey JSON. */
export interface Questionnaire {
  id: number;
  type: QuestionnaireType;
  title: string;
  /** Default 'lg' (R-9-40). */
  modalSize: ModalSize;
  showClosingConfirmation: boolean;
  /** Exams it applies to (empty: see modalityIds and general). */
  examSlugs: string[];
  modalityIds: number[];
  /** Applies to every exam. */
  general: boolean;
  /** The survey (docs/questionnaire-format.md). */
  json: QuestionnaireJson;
}

/** Spec 3 "Questionnaire answer". */
export interface QuestionnaireAnswer {
  id: number;
  questionnaireId: number;
  questionnaireType: QuestionnaireType;
  /** The stored answers, cleaned: answers of hidden questions are dropped. */
  questionnaireResult: Answers;
  /** Modality id of the exam it was answered for, when known. */
  modality: number | null;
  examSlug: string | null;
  kind: AnswerKind;
  /** The 0–10 rating of a pain-score answer, else null. */
  painScore: number | null;
  /** ISO instant. */
  dateCreated: string;
}

export interface QuestionnairesResponse {
  questionnaires: Questionnaire[];
  /** The exams asked about, in the order asked (before booking) or the booking's exams. */
  exams: QuestionnaireExam[];
  /** The key the answers belong to (issued when the request had none). */
  bookingKey: string;
  /**
   * Answers of this key (or booking) to the listed questionnaires: one answer counts for
   * every exam its questionnaire applies to, so the flow opens the first one without an answer.
   */
  examQuestionnaireAnswers: QuestionnaireAnswer[];
  /** Every answer this key (or booking) holds. */
  allQuestionnaireAnswers: QuestionnaireAnswer[];
}

export interface TemporaryAnswerRequest {
  bookingKey: string;
  questionnaireId: number;
  questionnaireResult: Answers;
  examSlug?: string | null;
  /**
   * Every exam being booked (at most 10): the booking's facts the answers are
   * checked with, as the patient saw them (a choice shown only for a breast exam).
   */
  examSlugs?: string[];
}

/** Body of every save call about an existing booking. */
export interface AnswerRequest {
  questionnaireId: number;
  questionnaireResult: Answers;
  examSlug?: string | null;
}

export interface ProcessOutcomesRequest {
  bookingKey: string;
  /** Only the answers of these questionnaires (default: every stored answer of the key). */
  questionnaireIds?: number[];
  /** The exams being booked: CHANGE_EXAM maps them (default: the exams of the answers). */
  examSlugs?: string[];
}

/** Spec 3 "Outcome": a stored rule fires when `expression` holds on the stored answers. */
export interface Outcome {
  type: OutcomeType;
  result: unknown;
  evaluateResult: boolean;
}

/** Spec 3 "Processed outcome response"; null fields mean "no such outcome". */
export interface ProcessedOutcomeResponse {
  /** False when an outcome denies online booking (DENY_BOOKING). */
  success: boolean;
  /** i18n message key of a denial (or of another outcome with a message), else null. */
  message: string | null;
  /** Interpolation values for `message` (e.g. { phone }). */
  messageParams: Record<string, string>;
  /** REDIRECT. */
  url: string | null;
  medicareNumberRequired: boolean;
  validationCodeRequired: boolean;
  documentTypeId: number | null;
  insuranceTypeId: number | null;
  /** CHANGE_EXAM: the exam to book instead (reload after 400 ms, R-9-16). */
  newExamSlug: string | null;
  /** WALK_IN_EXAM. */
  walkInExamName: string | null;
  prepTime: number | null;
  minutesPrior: number | null;
  walkInEnabledGroup: string | null;
  /** RESTRICT_MIN_DATE: the questionnaire that restricted the date, and the earliest date. */
  restrictQuestionnaireId: number | null;
  /** yyyy-mm-dd (clinic-local calendar date); slots before it are refused. */
  restrictMinDate: string | null;
  /** CREATE_BOOKING_REQUEST: the booking becomes a booking request. */
  createBookingRequest: boolean;
  /** PATIENT_NOTE: the notes for the patient, in rule order, each once (our addition to spec 3). */
  notes: PatientNote[];
  /** Every outcome type that fired, in rule order. */
  outcomes: OutcomeType[];
}

export interface QuestionnaireMessage {
  message: string | null;
  messageParams: Record<string, string>;
}

export interface ChangeExamRequest {
  bookingKey: string;
  /** The exam being changed. */
  examSlug: string;
}

export interface ChangeExamResponse {
  examSlug: string;
  newExamSlug: string;
  newExamName: string;
  modalityId: number;
}

/** Spec 3 "Feedback questionnaire". */
export interface FeedbackQuestionnaire {
  questionnaireId: number;
  /** Null until answered (an answered one is never sent: 204). */
  questionnaireResult: Answers | null;
  title: string;
  modalSize: ModalSize;
  showClosingConfirmation: boolean;
  questionnaire: { examSlugs: string[]; modalityIds: number[]; json: QuestionnaireJson };
}

export interface ConsentForm {
  id: number;
  title: string;
  modalSize: ModalSize;
  showClosingConfirmation: boolean;
  json: QuestionnaireJson;
}

/** A consent form an appointment needs, and whether it has been answered. */
export interface AppointmentConsentForm {
  consentFormId: number;
  appointmentSlug: string;
  required: boolean;
  answered: boolean;
}

export interface ConsentAnswer {
  consentFormId: number;
  appointmentSlug: string;
  questionnaireResult: Answers;
  /** ISO instant. */
  dateCreated: string;
}

/** Spec 3 "Consent forms response". */
export interface ConsentFormsResponse {
  appointmentConsentForms: AppointmentConsentForm[];
  /** A required form is still unanswered: R-4-cancel-09 asks before closing the appointment. */
  notifyPatient: boolean;
  consentForms: ConsentForm[];
  answers: ConsentAnswer[];
}

export interface ConsentAnswerRequest {
  questionnaireResult: Answers;
}
