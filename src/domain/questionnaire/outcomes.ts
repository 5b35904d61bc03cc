/**
 * What the questionnaire flow does with the server's processed outcomes
 * (spec 3 "Processed outcome response", spec 4 "Questionnaire flow") and
 * how the booking flow learns about them: the parameters of the URL it
 * continues with. Pure: no network, no DOM.
 */
import type {
  PatientNote,
  ProcessedOutcomeResponse,
  QuestionnaireType,
} from '../../contract/questionnaire';

/**
 * The before-booking types a patient answers in the booking flow. The other
 * before-booking types are not the patient's: PROTOCOL is the radiologist's,
 * CREATE_BOOKING_REQUEST_REFERRER the referrer's, and the pain scores are
 * asked about the appointment (from its page).
 */
export const PATIENT_BOOKING_TYPES: readonly QuestionnaireType[] = [
  'CREATE_BOOKING_REQUEST',
  'MODALITY_ROUTING',
  'BOOKING_FORM',
];

/** R-9-16: the flow reloads with the new exam this long after an exam change. */
export const EXAM_CHANGE_RELOAD_MS = 400;
/** R-9-19: after a BOOKING_FORM questionnaire the navigation waits this long. */
export const BOOKING_FORM_NAVIGATION_MS = 100;
/** R-9-23: after feedback the page redirects this long after the thank-you. */
export const FEEDBACK_REDIRECT_MS = 4000;

/** What the outcomes so far ask of the rest of the booking flow. */
export interface FlowEffects {
  createBookingRequest: boolean;
  medicareNumberRequired: boolean;
  validationCodeRequired: boolean;
  /** yyyy-mm-dd: no slot before it. */
  restrictMinDate: string | null;
  restrictQuestionnaireId: number | null;
  documentTypeId: number | null;
  insuranceTypeId: number | null;
  /** REDIRECT: where to go when no questionnaire remains (the stored redirect). */
  redirectUrl: string | null;
  walkIn: {
    name: string;
    prepTime: number | null;
    minutesPrior: number | null;
    group: string | null;
  } | null;
  /** PATIENT_NOTE: what the answers mean for the visit, each once. */
  notes: PatientNote[];
}

export function noEffects(): FlowEffects {
  return {
    createBookingRequest: false,
    medicareNumberRequired: false,
    validationCodeRequired: false,
    restrictMinDate: null,
    restrictQuestionnaireId: null,
    documentTypeId: null,
    insuranceTypeId: null,
    redirectUrl: null,
    walkIn: null,
    notes: [],
  };
}

export type OutcomeStep =
  /** R-4-quest-04: online booking is denied; the message names what to do instead. */
  | { kind: 'deny'; message: string; params: Record<string, string> }
  /** R-4-quest-08: book another exam instead. */
  | { kind: 'change-exam'; newExamSlug: string }
  | { kind: 'continue' };

const LATER = (a: string | null, b: string | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * Folds one processed-outcome response into the effects so far and says what
 * happens next: a denial wins over everything, then an exam change; the
 * other outcomes accumulate (a later minimum date wins).
 */
export function applyOutcome(
  effects: FlowEffects,
  response: ProcessedOutcomeResponse,
): { step: OutcomeStep; effects: FlowEffects } {
  const next: FlowEffects = {
    createBookingRequest: effects.createBookingRequest || response.createBookingRequest,
    medicareNumberRequired: effects.medicareNumberRequired || response.medicareNumberRequired,
    validationCodeRequired: effects.validationCodeRequired || response.validationCodeRequired,
    restrictMinDate: LATER(effects.restrictMinDate, response.restrictMinDate),
    restrictQuestionnaireId: response.restrictQuestionnaireId ?? effects.restrictQuestionnaireId,
    documentTypeId: response.documentTypeId ?? effects.documentTypeId,
    insuranceTypeId: response.insuranceTypeId ?? effects.insuranceTypeId,
    redirectUrl: response.url ?? effects.redirectUrl,
    walkIn: response.walkInExamName
      ? {
          name: response.walkInExamName,
          prepTime: response.prepTime,
          minutesPrior: response.minutesPrior,
          group: response.walkInEnabledGroup,
        }
      : effects.walkIn,
    notes: [
      ...effects.notes,
      ...response.notes.filter(
        (note) => !effects.notes.some((known) => known.message === note.message),
      ),
    ],
  };
  if (!response.success)
    return {
      step: {
        kind: 'deny',
        message: response.message ?? 'message.error_answering_questionnaire',
        params: response.messageParams ?? {},
      },
      effects: next,
    };
  if (response.newExamSlug)
    return { step: { kind: 'change-exam', newExamSlug: response.newExamSlug }, effects: next };
  return { step: { kind: 'continue' }, effects: next };
}

/** Parameters only the questionnaire route reads; the booking flow does not get them. */
const QUESTIONNAIRE_ONLY = new Set(['types', 'backUrl', 'redirectUrl', 'examSlugs']);

/**
 * The query of the booking flow after the questionnaires: every parameter
 * the questionnaire route received (R-2.2-04), the flow's booking key and
 * exams, and what the outcomes require, as parameters the booking element
 * reads: isBookingRequest (CREATE_BOOKING_REQUEST), medicareNumberRequired,
 * validationCodeRequired, restrictMinDate (+ restrictQuestionnaireId),
 * documentTypeId, insuranceTypeId, walkInExamName (+ prepTime, minutesPrior,
 * walkInEnabledGroup).
 */
export function bookingSearch(
  incoming: URLSearchParams,
  bookingKey: string | null,
  examSlugs: readonly string[],
  effects: FlowEffects,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of incoming)
    if (!QUESTIONNAIRE_ONLY.has(name)) params.append(name, value);
  const set = (name: string, value: string | number | null | undefined | false) => {
    if (value === null || value === undefined || value === false || value === '') return;
    params.set(name, String(value));
  };
  set('examSlug', examSlugs.join(','));
  if (examSlugs.length > 1 && !params.has('procedureTab')) params.set('procedureTab', 'multiple');
  set('bookingKey', bookingKey);
  if (effects.createBookingRequest) params.set('isBookingRequest', 'true');
  if (effects.medicareNumberRequired) params.set('medicareNumberRequired', 'true');
  if (effects.validationCodeRequired) params.set('validationCodeRequired', 'true');
  set('restrictMinDate', effects.restrictMinDate);
  set('restrictQuestionnaireId', effects.restrictQuestionnaireId);
  set('documentTypeId', effects.documentTypeId);
  set('insuranceTypeId', effects.insuranceTypeId);
  if (effects.walkIn) {
    set('walkInExamName', effects.walkIn.name);
    set('prepTime', effects.walkIn.prepTime);
    set('minutesPrior', effects.walkIn.minutesPrior);
    set('walkInEnabledGroup', effects.walkIn.group);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The query of the questionnaire route after an exam change (R-4-quest-08,
 * spec 2.2 "Exam change: groupName, changedExamSlug"): the old exam is
 * replaced by the new one and named in changedExamSlug.
 */
export function examChangeSearch(
  incoming: URLSearchParams,
  bookingKey: string | null,
  examSlugs: readonly string[],
  oldSlug: string,
  newSlug: string,
): string {
  const params = new URLSearchParams(incoming);
  const slugs = examSlugs.includes(oldSlug)
    ? examSlugs.map((slug) => (slug === oldSlug ? newSlug : slug))
    : [newSlug, ...examSlugs.slice(1)];
  params.delete('examSlugs');
  params.set('examSlug', [...new Set(slugs)].join(','));
  params.set('changedExamSlug', oldSlug);
  if (bookingKey) params.set('bookingKey', bookingKey);
  return `?${params.toString()}`;
}

/**
 * The processed outcome of answers that trigger nothing (spec 3 "Processed
 * outcome response"), with `patch` over it: the server's starting point and
 * every test's fixture.
 */
export function emptyOutcome(
  patch: Partial<ProcessedOutcomeResponse> = {},
): ProcessedOutcomeResponse {
  return {
    success: true,
    message: null,
    messageParams: {},
    url: null,
    medicareNumberRequired: false,
    validationCodeRequired: false,
    documentTypeId: null,
    insuranceTypeId: null,
    newExamSlug: null,
    walkInExamName: null,
    prepTime: null,
    minutesPrior: null,
    walkInEnabledGroup: null,
    restrictQuestionnaireId: null,
    restrictMinDate: null,
    createBookingRequest: false,
    notes: [],
    outcomes: [],
    ...patch,
  };
}
