/**
 * Safety screenings must be answered (docs/decisions.md, REQUIRE_SAFETY_ANSWERS): a booking of an exam whose
 * applicable before-booking questionnaire can deny the booking or turn it
 * into a booking request (DENY_BOOKING, CREATE_BOOKING_REQUEST; the seeded
 * MRI safety and CT contrast screenings) needs a stored answer of that
 * questionnaire for the booking key. Otherwise a client that skips the
 * questionnaires would book without the screening. 409
 * message.questionnaire_required. Switched by config booking.requireSafetyAnswers.
 */
import { type KeyRef } from '../db/secrets.js';
import { BOOKING_FLOW_TYPES } from '../../src/contract/questionnaire.js';
import type { Queryable } from '../db/db.js';
import { listOutcomeRules, listQuestionnaires } from '../db/questionnaires.repo.js';
import { answeredQuestionnaireIds } from '../db/questionnaire-answers.repo.js';
import { appointmentHasKey, findExamFacts } from '../db/questionnaire-facts.repo.js';
import { ApiError } from '../http/errors.js';

const SCREENING_OUTCOMES = new Set<string>(['DENY_BOOKING', 'CREATE_BOOKING_REQUEST']);

/** Ids of the safety screenings that apply to any of the exams. */
export async function requiredScreeningIds(q: Queryable, examSlugs: string[]): Promise<number[]> {
  const exams = await findExamFacts(q, examSlugs);
  const questionnaires = await listQuestionnaires(q, {
    types: BOOKING_FLOW_TYPES,
    examSlugs,
    modalityIds: [...new Set(exams.map((exam) => exam.modalityId))],
  });
  if (questionnaires.length === 0) return [];
  const rules = await listOutcomeRules(
    q,
    questionnaires.map((row) => row.id),
  );
  return questionnaires
    .map((row) => row.id)
    .filter((id) =>
      rules.some((rule) => rule.questionnaireId === id && SCREENING_OUTCOMES.has(rule.type)),
    );
}

/**
 * Throws 409 message.questionnaire_required unless the key answered every
 * safety screening of the exams. A reschedule (`appointmentSlug` of an
 * appointment the caller's session holds, `holderKey`) may rely on the
 * answers of the booking it replaces.
 */
export async function assertScreeningsAnswered(
  q: Queryable,
  booking: {
    bookingKey: KeyRef;
    examSlugs: string[];
    appointmentSlug?: string | null | undefined;
    holderKey?: KeyRef | null | undefined;
  },
): Promise<void> {
  const required = await requiredScreeningIds(q, booking.examSlugs);
  if (required.length === 0) return;
  const answered = new Set(await answeredQuestionnaireIds(q, booking.bookingKey, required));
  let missing = required.filter((id) => !answered.has(id));
  const { appointmentSlug, holderKey } = booking;
  if (
    missing.length > 0 &&
    appointmentSlug &&
    holderKey &&
    (await appointmentHasKey(q, appointmentSlug, holderKey))
  ) {
    const before = new Set(await answeredQuestionnaireIds(q, holderKey, missing));
    missing = missing.filter((id) => !before.has(id));
  }
  if (missing.length > 0) {
    throw new ApiError(
      409,
      'message.questionnaire_required',
      `unanswered safety questionnaire ${missing.join(', ')}`,
    );
  }
}
