/**
 * The questionnaire calls of spec 7 (R-7-calls-29..31), exactly as
 * questionnaire.contract.ts describes them. Every call takes an AbortSignal
 * so a store can cancel it (R-7-http-01).
 */
import type {
  AnswerRequest,
  ChangeExamRequest,
  ChangeExamResponse,
  ConsentAnswer,
  ConsentAnswerRequest,
  ConsentFormsResponse,
  FeedbackQuestionnaire,
  ProcessedOutcomeResponse,
  ProcessOutcomesRequest,
  Questionnaire,
  QuestionnaireAnswer,
  QuestionnaireMessage,
  QuestionnairesResponse,
  QuestionnaireType,
  TemporaryAnswerRequest,
} from '../contract/questionnaire';
import { api, type CallOptions } from './client';

const BASE = '/api/questionnaires';
const SECURED = '/api/secured';

function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** Drops empty values, so optional filters are left out of the query string. */
function query(params: Record<string, string | number | null | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') result[name] = String(value);
  }
  return result;
}

export interface QuestionnaireSearch {
  examSlugs?: string[];
  /** Modality id or slug. */
  modality?: string | number | null;
  /** Default: every before-booking type. */
  types?: QuestionnaireType[];
  /** Without one the server issues a key and returns it. */
  bookingKey?: string | null;
}

/** GET /api/questionnaires: the before-booking questionnaires and the key's answers (R-7-calls-29). */
export function getQuestionnaires(
  search: QuestionnaireSearch,
  options: CallOptions = {},
): Promise<QuestionnairesResponse> {
  return api<QuestionnairesResponse>(BASE, {
    query: query({
      examSlugs: search.examSlugs?.join(','),
      modality: search.modality,
      types: search.types?.join(','),
      bookingKey: search.bookingKey,
    }),
    signal: options.signal,
  });
}

/** GET /api/questionnaires/{id}: one questionnaire (R-7-calls-30). */
export function getQuestionnaire(id: number, options: CallOptions = {}): Promise<Questionnaire> {
  return api<Questionnaire>(`${BASE}/${segment(id)}`, { signal: options.signal });
}

/** POST /api/questionnaires/temporary_answers: an answer before the booking exists (R-7-calls-30). */
export function saveTemporaryAnswer(
  request: TemporaryAnswerRequest,
  options: CallOptions = {},
): Promise<QuestionnaireAnswer> {
  return api<QuestionnaireAnswer>(`${BASE}/temporary_answers`, {
    method: 'POST',
    body: request,
    signal: options.signal,
  });
}

/** POST /api/questionnaires/process_outcomes: the server's verdict on the stored answers (R-7-calls-29). */
export function processOutcomes(
  request: ProcessOutcomesRequest,
  options: CallOptions = {},
): Promise<ProcessedOutcomeResponse> {
  return api<ProcessedOutcomeResponse>(`${BASE}/process_outcomes`, {
    method: 'POST',
    body: request,
    signal: options.signal,
  });
}

/** GET /api/questionnaires/message: the message of the outcome that applies to a key (R-7-calls-30). */
export function getQuestionnaireMessage(
  bookingKey: string,
  questionnaireId?: number | null,
  options: CallOptions = {},
): Promise<QuestionnaireMessage> {
  return api<QuestionnaireMessage>(`${BASE}/message`, {
    query: query({ bookingKey, questionnaireId }),
    signal: options.signal,
  });
}

/** POST /api/questionnaires/change_exam: applies a CHANGE_EXAM outcome (R-7-calls-30). */
export function changeExamFromOutcome(
  request: ChangeExamRequest,
  options: CallOptions = {},
): Promise<ChangeExamResponse> {
  return api<ChangeExamResponse>(`${BASE}/change_exam`, {
    method: 'POST',
    body: request,
    signal: options.signal,
  });
}

/** GET /api/secured/appointments/{slug}/questionnaires: the after-booking questionnaires. */
export function getAppointmentQuestionnaires(
  appointmentSlug: string,
  types?: QuestionnaireType[],
  options: CallOptions = {},
): Promise<QuestionnairesResponse> {
  return api<QuestionnairesResponse>(
    `${SECURED}/appointments/${segment(appointmentSlug)}/questionnaires`,
    { query: query({ types: types?.join(',') }), signal: options.signal },
  );
}

/** POST /api/secured/appointments/{slug}/questionnaire_answers (R-7-calls-30; CANCEL_APPOINTMENT_PATIENT cancels). */
export function saveAppointmentAnswer(
  appointmentSlug: string,
  request: AnswerRequest,
  options: CallOptions = {},
): Promise<QuestionnaireAnswer> {
  return api<QuestionnaireAnswer>(
    `${SECURED}/appointments/${segment(appointmentSlug)}/questionnaire_answers`,
    { method: 'POST', body: request, signal: options.signal },
  );
}

/** POST /api/secured/appointments/{slug}/pain_score: a pain score (R-7-calls-30, R-8-05). */
export function savePainScore(
  appointmentSlug: string,
  request: AnswerRequest,
  options: CallOptions = {},
): Promise<QuestionnaireAnswer> {
  return api<QuestionnaireAnswer>(
    `${SECURED}/appointments/${segment(appointmentSlug)}/pain_score`,
    {
      method: 'POST',
      body: request,
      signal: options.signal,
    },
  );
}

/**
 * GET /api/secured/appointments/{slug}/feedback: the feedback questionnaire,
 * or null when it was already answered (R-4-feedback-03: the call returns nothing).
 */
export async function getFeedbackQuestionnaire(
  appointmentSlug: string,
  options: CallOptions = {},
): Promise<FeedbackQuestionnaire | null> {
  const answer = await api<FeedbackQuestionnaire | undefined>(
    `${SECURED}/appointments/${segment(appointmentSlug)}/feedback`,
    { signal: options.signal },
  );
  return answer ?? null;
}

/** POST /api/secured/appointments/{slug}/feedback; 409 message.feedback_already_provided the second time. */
export function saveFeedback(
  appointmentSlug: string,
  request: AnswerRequest,
  options: CallOptions = {},
): Promise<QuestionnaireAnswer> {
  return api<QuestionnaireAnswer>(`${SECURED}/appointments/${segment(appointmentSlug)}/feedback`, {
    method: 'POST',
    body: request,
    signal: options.signal,
  });
}

/** GET /api/secured/appointments/{slug}/consent_forms: forms and answers (R-7-calls-31). */
export function getConsentForms(
  appointmentSlug: string,
  options: CallOptions = {},
): Promise<ConsentFormsResponse> {
  return api<ConsentFormsResponse>(
    `${SECURED}/appointments/${segment(appointmentSlug)}/consent_forms`,
    { signal: options.signal },
  );
}

/** POST /api/secured/appointments/{slug}/consent_forms/{consentFormId}: a consent-form result (R-7-calls-31). */
export function saveConsentFormResult(
  appointmentSlug: string,
  consentFormId: number,
  request: ConsentAnswerRequest,
  options: CallOptions = {},
): Promise<ConsentAnswer> {
  return api<ConsentAnswer>(
    `${SECURED}/appointments/${segment(appointmentSlug)}/consent_forms/${segment(consentFormId)}`,
    { method: 'POST', body: request, signal: options.signal },
  );
}

/** GET /api/secured/booking_requests/{slug}/questionnaires. */
export function getBookingRequestQuestionnaires(
  bookingRequestSlug: string,
  types?: QuestionnaireType[],
  options: CallOptions = {},
): Promise<QuestionnairesResponse> {
  return api<QuestionnairesResponse>(
    `${SECURED}/booking_requests/${segment(bookingRequestSlug)}/questionnaires`,
    { query: query({ types: types?.join(',') }), signal: options.signal },
  );
}

/** POST /api/secured/booking_requests/{slug}/questionnaire_answers (R-7-calls-30). */
export function saveBookingRequestAnswer(
  bookingRequestSlug: string,
  request: AnswerRequest,
  options: CallOptions = {},
): Promise<QuestionnaireAnswer> {
  return api<QuestionnaireAnswer>(
    `${SECURED}/booking_requests/${segment(bookingRequestSlug)}/questionnaire_answers`,
    { method: 'POST', body: request, signal: options.signal },
  );
}

/** POST /api/secured/booking_requests/{slug}/protocol: the radiologist's protocol (R-7-calls-30, R-8-07). */
export function saveProtocol(
  bookingRequestSlug: string,
  request: AnswerRequest,
  options: CallOptions = {},
): Promise<QuestionnaireAnswer> {
  return api<QuestionnaireAnswer>(
    `${SECURED}/booking_requests/${segment(bookingRequestSlug)}/protocol`,
    { method: 'POST', body: request, signal: options.signal },
  );
}
