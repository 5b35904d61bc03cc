/**
 * Which questionnaires a flow asks, in order (spec 4 "Questionnaires"):
 * before booking the unanswered ones of the exams under the flow's key;
 * after booking the requested types of the booking, with feedback and
 * consent forms from their own calls.
 */
import type {
  ModalSize,
  Questionnaire,
  QuestionnaireExam,
  QuestionnaireJson,
  QuestionnaireType,
} from '../../src/contract/questionnaire';
import { AFTER_BOOKING_TYPES, BEFORE_BOOKING_TYPES } from '../../src/contract/questionnaire';
import { ApiError } from '../../src/api/errors';
import { getClinicsByIds } from '../../src/api/booking-catalogue';
import {
  getAppointmentQuestionnaires,
  getBookingRequestQuestionnaires,
  getConsentForms,
  getFeedbackQuestionnaire,
  getQuestionnaires,
} from '../../src/api/questionnaires';
import { PATIENT_BOOKING_TYPES } from '../../src/domain/questionnaire/outcomes';
import {
  CONSENT_FORM_TYPE,
  type AskType,
  type FlowContext,
} from '../../src/domain/questionnaire/flow-context';
import { bookingOfKey, type BookingOfKey } from './booking-of-key';
import { catalogueKey } from '../../src/domain/i18n/catalogue-texts';
import { textOr } from '../../src/i18n/i18n';

/** An exam's name as the patient reads it: the provider's translation by slug, else the API's. */
export const examName = (exam: { slug: string; name: string }): string =>
  textOr(catalogueKey.exam(exam.slug), exam.name);

/** One questionnaire to ask. */
export interface AskItem {
  /** Unique within the flow (React key). */
  key: string;
  source: 'questionnaire' | 'feedback' | 'consent';
  /** The questionnaire id, or the consent form id. */
  id: number;
  type: AskType;
  title: string;
  json: QuestionnaireJson;
  modalSize: ModalSize;
  showClosingConfirmation: boolean;
  /** The exam the answer belongs to. */
  examSlug: string | null;
  /** The names of the exams asked about that it is for ("For MRI Knee" under its title). */
  examNames: string[];
}

/** What a flow asks. */
export interface FlowQueue {
  queue: AskItem[];
  /** True when questionnaires applied but every one had been answered before (R-4-quest-12). */
  allAnsweredBefore: boolean;
  /** Some questionnaire had been answered under the key before this run (its outcomes still count). */
  answeredBefore: boolean;
  /** The key the answers go under (before booking the server may issue one). */
  bookingKey: string | null;
  /** The booking the answers are about (after booking). */
  booking: BookingOfKey | null;
  /** The exams asked about: their names for the page, their facts for the conditions. */
  exams: QuestionnaireExam[];
  /** The clinic already chosen, when the URL names one. */
  clinicName: string | null;
}

/** R-8-07: a key that names no appointment and no booking request. */
function bookingNotFound(): ApiError {
  return new ApiError(404, { message: 'message.appointment_not_found' });
}

/**
 * The exam an answer belongs to: the first exam asked about that the
 * questionnaire names, by slug or by modality (an MRI screening asked for
 * CT Chest and MRI Knee belongs to the MRI), else the first exam.
 */
function examOf(
  questionnaire: Questionnaire,
  examSlugs: readonly string[],
  exams: readonly QuestionnaireExam[],
): string | null {
  const named = examSlugs.find((slug) => questionnaire.examSlugs.includes(slug));
  const byModality = exams.find((exam) => questionnaire.modalityIds.includes(exam.modalityId));
  return named ?? byModality?.slug ?? examSlugs[0] ?? null;
}

/** The exams asked about that a questionnaire is for: every one when it is general. */
function examsFor(
  questionnaire: Questionnaire,
  exams: readonly QuestionnaireExam[],
): QuestionnaireExam[] {
  if (questionnaire.general) return [...exams];
  return exams.filter(
    (exam) =>
      questionnaire.examSlugs.includes(exam.slug) ||
      questionnaire.modalityIds.includes(exam.modalityId),
  );
}

function fromQuestionnaire(
  questionnaire: Questionnaire,
  examSlugs: readonly string[],
  exams: readonly QuestionnaireExam[] = [],
): AskItem {
  return {
    key: `q-${questionnaire.id}`,
    source: 'questionnaire',
    id: questionnaire.id,
    type: questionnaire.type,
    title: questionnaire.title || questionnaire.json.title || '',
    json: questionnaire.json,
    modalSize: questionnaire.modalSize ?? 'lg',
    showClosingConfirmation: questionnaire.showClosingConfirmation,
    examSlug: examOf(questionnaire, examSlugs, exams),
    // Issue 13: the exam's name in the patient's language (the provider's catalogue texts).
    examNames: examsFor(questionnaire, exams).map((exam) => examName(exam)),
  };
}

/** The name of the clinic the URL names; the page goes on without it when it cannot be read. */
async function clinicNameOf(id: number | null, signal: AbortSignal): Promise<string | null> {
  if (id === null) return null;
  try {
    const [clinic] = await getClinicsByIds([id], { signal });
    return clinic?.name ?? null;
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}

export function loadQueue(context: FlowContext, signal: AbortSignal): Promise<FlowQueue> {
  return context.mode === 'before' ? loadBefore(context, signal) : loadAfter(context, signal);
}

/** R-4-quest-01, R-4-quest-12: before booking, the questionnaires of the exams not yet answered under the key. */
async function loadBefore(context: FlowContext, signal: AbortSignal): Promise<FlowQueue> {
  const asked = context.types.filter((type): type is QuestionnaireType =>
    (BEFORE_BOOKING_TYPES as readonly string[]).includes(type),
  );
  const types = asked.length > 0 ? asked : [...PATIENT_BOOKING_TYPES];
  const [response, clinicName] = await Promise.all([
    getQuestionnaires(
      { examSlugs: context.examSlugs, bookingKey: context.bookingKey, types },
      { signal },
    ),
    clinicNameOf(context.clinicId, signal),
  ]);
  // An older server sends no exams: the page then names none.
  const exams = response.exams ?? [];
  const answered = new Set(
    [...response.examQuestionnaireAnswers, ...response.allQuestionnaireAnswers].map(
      (answer) => answer.questionnaireId,
    ),
  );
  const queue = response.questionnaires
    .filter((questionnaire) => !answered.has(questionnaire.id))
    .map((questionnaire) => fromQuestionnaire(questionnaire, context.examSlugs, exams));
  return {
    queue,
    // After an exam change the moved answers cover the new exam: the flow simply goes on.
    allAnsweredBefore:
      queue.length === 0 &&
      response.questionnaires.length > 0 &&
      !context.incoming.has('changedExamSlug'),
    answeredBefore: queue.length < response.questionnaires.length,
    bookingKey: response.bookingKey,
    booking: null,
    exams,
    clinicName,
  };
}

/** R-4-quest-14: after booking, the requested types of the booking (feedback and consent forms by their own calls). */
async function loadAfter(context: FlowContext, signal: AbortSignal): Promise<FlowQueue> {
  const booking: BookingOfKey | null = context.bookingRequestSlug
    ? { kind: 'booking-request', slug: context.bookingRequestSlug, examSlug: null }
    : await bookingOfKey(context.bookingKey ?? '', context.appointmentSlug, { signal });
  if (!booking) throw bookingNotFound();
  const requested: AskType[] = context.bookingRequestSlug
    ? ['PROTOCOL']
    : context.types.length > 0
      ? context.types
      : [...AFTER_BOOKING_TYPES];
  const plain = requested.filter(
    (type): type is QuestionnaireType => type !== 'FEEDBACK' && type !== CONSENT_FORM_TYPE,
  );
  const exams = booking.examSlug ? [booking.examSlug] : [];
  const queue: AskItem[] = [];
  let found = 0;
  let examsAsked: QuestionnaireExam[] = [];
  if (plain.length > 0) {
    const response =
      booking.kind === 'appointment'
        ? await getAppointmentQuestionnaires(booking.slug, plain, { signal })
        : await getBookingRequestQuestionnaires(booking.slug, plain, { signal });
    found += response.questionnaires.length;
    examsAsked = response.exams ?? [];
    const answered = new Set(
      response.allQuestionnaireAnswers.map((answer) => answer.questionnaireId),
    );
    queue.push(
      ...response.questionnaires
        .filter((questionnaire) => !answered.has(questionnaire.id))
        .map((questionnaire) => fromQuestionnaire(questionnaire, exams, examsAsked)),
    );
  }
  if (requested.includes('FEEDBACK') && booking.kind === 'appointment') {
    // R-4-feedback-03: the call returns nothing once the feedback was given.
    const feedback = await getFeedbackQuestionnaire(booking.slug, { signal });
    found += 1;
    if (feedback)
      queue.push({
        key: `f-${feedback.questionnaireId}`,
        source: 'feedback',
        id: feedback.questionnaireId,
        type: 'FEEDBACK',
        title: feedback.title,
        json: feedback.questionnaire.json,
        modalSize: feedback.modalSize ?? 'lg',
        showClosingConfirmation: feedback.showClosingConfirmation,
        examSlug: booking.examSlug,
        examNames: [],
      });
  }
  if (requested.includes(CONSENT_FORM_TYPE) && booking.kind === 'appointment') {
    const consent = await getConsentForms(booking.slug, { signal });
    found += consent.appointmentConsentForms.length;
    for (const needed of consent.appointmentConsentForms) {
      const form = consent.consentForms.find((item) => item.id === needed.consentFormId);
      if (!form || needed.answered) continue;
      queue.push({
        key: `c-${form.id}`,
        source: 'consent',
        id: form.id,
        type: CONSENT_FORM_TYPE,
        title: form.title,
        json: form.json,
        modalSize: form.modalSize ?? 'lg',
        showClosingConfirmation: form.showClosingConfirmation,
        examSlug: booking.examSlug,
        examNames: [],
      });
    }
  }
  return {
    queue,
    allAnsweredBefore: queue.length === 0 && found > 0,
    answeredBefore: false,
    bookingKey: context.bookingKey,
    booking,
    exams: examsAsked,
    clinicName: null,
  };
}
