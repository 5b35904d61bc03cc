/**
 * Outcome rules (spec 3 "Outcome", "Processed outcome response"; R-4-quest-03..10):
 * the server evaluates the stored rules of a questionnaire on the STORED
 * answers with the same evaluator the browser uses for visibility
 * (src/domain/questionnaire/expression.ts), so the client never decides a
 * denial alone. What the outcomes forbid at booking is in
 * questionnaire-booking-rules.ts.
 */
import { emptyOutcome } from '../../src/domain/questionnaire/outcomes.js';
import type { KeyRef } from '../db/secrets.js';
import type { Answers, ProcessedOutcomeResponse } from '../../src/contract/questionnaire.js';
import {
  evaluateCondition,
  evaluateExpression,
} from '../../src/domain/questionnaire/expression.js';
import type { Queryable } from '../db/db.js';
import { listOutcomeRules, type OutcomeRuleRow } from '../db/questionnaires.repo.js';
import { listTemporaryAnswers, type AnswerRow } from '../db/questionnaire-answers.repo.js';
import { addDays, isTimeZone, zonedDate } from '../../src/domain/time/zoned-time.js';

const DEFAULT_ZONE = 'Australia/Sydney';
/** The message of a denial whose rule names none. */
export const DEFAULT_DENIAL = 'message.questionnaire_booking_denied';

type ResultObject = Record<string, unknown>;

function asObject(value: unknown): ResultObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as ResultObject)
    : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function integer(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : null;
}

function params(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, param] of Object.entries(asObject(value))) {
    if (typeof param === 'string' || typeof param === 'number') result[name] = String(param);
  }
  return result;
}

/** A scalar result, or the named field of an object result. */
function field(result: unknown, name: string): unknown {
  return typeof result === 'object' && result !== null ? asObject(result)[name] : result;
}

function holds(rule: OutcomeRuleRow, answers: Answers): boolean {
  try {
    return evaluateCondition(rule.expression, answers);
  } catch {
    // A rule that does not parse never fires; the provider sees it in the rule editor.
    return false;
  }
}

function resultOf(rule: OutcomeRuleRow, answers: Answers): unknown {
  if (!rule.evaluateResult || typeof rule.result !== 'string') return rule.result;
  try {
    return evaluateExpression(rule.result, answers);
  } catch {
    return null;
  }
}

export interface OutcomeContext {
  /** The exams being booked, for CHANGE_EXAM. */
  examSlugs: string[];
}

/** The new exam a CHANGE_EXAM result gives for one of the exams, if it changes any. */
function changedExam(result: unknown, examSlugs: string[]): string | null {
  const single = text(result) ?? text(asObject(result).examSlug);
  if (single !== null) return examSlugs.includes(single) ? null : single;
  const map = asObject(asObject(result).examSlugs);
  for (const slug of examSlugs) {
    const target = text(map[slug]);
    if (target !== null && target !== slug) return target;
  }
  return null;
}

/** Applies one fired rule to the response. */
function apply(
  response: ProcessedOutcomeResponse,
  rule: OutcomeRuleRow,
  result: unknown,
  answer: AnswerRow,
  context: OutcomeContext,
): void {
  const message = text(field(result, 'message'));
  switch (rule.type) {
    case 'DENY_BOOKING':
      if (response.success) {
        response.success = false;
        response.message = message ?? DEFAULT_DENIAL;
        response.messageParams = params(asObject(result).messageParams);
      }
      return;
    case 'CREATE_BOOKING_REQUEST':
      response.createBookingRequest = true;
      // A denial's message wins; otherwise the first explanation is shown.
      if (response.success && response.message === null && message !== null) {
        response.message = message;
        response.messageParams = params(asObject(result).messageParams);
      }
      return;
    case 'REQUIRE_MEDICARE_NUMBER':
      response.medicareNumberRequired = true;
      return;
    case 'REQUIRE_VALIDATION_CODE':
      response.validationCodeRequired = true;
      return;
    case 'SET_DOCUMENT_TYPE':
      response.documentTypeId = integer(field(result, 'documentTypeId')) ?? response.documentTypeId;
      return;
    case 'SET_INSURANCE_TYPE':
      response.insuranceTypeId =
        integer(field(result, 'insuranceTypeId')) ?? response.insuranceTypeId;
      return;
    case 'REDIRECT':
      response.url ??= text(field(result, 'url'));
      return;
    case 'CHANGE_EXAM':
      response.newExamSlug ??= changedExam(result, context.examSlugs);
      return;
    case 'WALK_IN_EXAM': {
      const walkIn = asObject(result);
      response.walkInExamName ??= text(walkIn.name) ?? text(result);
      response.prepTime ??= integer(walkIn.prepTime);
      response.minutesPrior ??= integer(walkIn.minutesPrior);
      response.walkInEnabledGroup ??= text(walkIn.group);
      return;
    }
    case 'PATIENT_NOTE':
      // Each note once, however many answers or rules call for it.
      if (message !== null && !response.notes.some((note) => note.message === message))
        response.notes.push({ message, messageParams: params(asObject(result).messageParams) });
      return;
    case 'RESTRICT_MIN_DATE': {
      const date = restrictedDate(result, answer.dateCreated);
      if (date !== null && (response.restrictMinDate === null || date > response.restrictMinDate)) {
        response.restrictMinDate = date;
        response.restrictQuestionnaireId = answer.questionnaireId;
      }
      return;
    }
  }
}

/**
 * RESTRICT_MIN_DATE: `{ days, timeZone }` counts days from the day the answer
 * was given (so the restriction does not creep forward); `{ date }` is fixed.
 */
function restrictedDate(result: unknown, answeredAt: Date): string | null {
  const fixed = text(asObject(result).date);
  if (fixed !== null && /^\d{4}-\d{2}-\d{2}$/.test(fixed)) return fixed;
  const days = integer(field(result, 'days'));
  if (days === null) return null;
  const zone = text(asObject(result).timeZone);
  const timeZone = zone !== null && isTimeZone(zone) ? zone : DEFAULT_ZONE;
  return addDays(zonedDate(answeredAt.getTime(), timeZone), days);
}

/**
 * The combined verdict of the rules on the answers, rule by rule in the
 * order of the answers and their rules. The first denial, redirect, exam
 * change and walk-in win; the latest restricted date wins.
 */
export function evaluateOutcomes(
  answers: AnswerRow[],
  rules: OutcomeRuleRow[],
  context: OutcomeContext,
): ProcessedOutcomeResponse {
  const response = emptyOutcome();
  for (const answer of answers) {
    for (const rule of rules.filter((r) => r.questionnaireId === answer.questionnaireId)) {
      if (!holds(rule, answer.questionnaireResult)) continue;
      apply(response, rule, resultOf(rule, answer.questionnaireResult), answer, context);
      if (!response.outcomes.includes(rule.type)) response.outcomes.push(rule.type);
    }
  }
  return response;
}

/** The outcome of the answers a booking key gave before booking. */
export async function keyOutcome(
  q: Queryable,
  bookingKey: KeyRef,
  options: { questionnaireIds?: number[] | undefined; examSlugs?: string[] | undefined } = {},
): Promise<ProcessedOutcomeResponse> {
  let answers = await listTemporaryAnswers(q, bookingKey);
  const only = options.questionnaireIds;
  if (only && only.length > 0) answers = answers.filter((a) => only.includes(a.questionnaireId));
  const rules = await listOutcomeRules(q, [...new Set(answers.map((a) => a.questionnaireId))]);
  const examSlugs =
    options.examSlugs && options.examSlugs.length > 0
      ? options.examSlugs
      : [...new Set(answers.map((a) => a.examSlug).filter((s): s is string => s !== null))];
  return evaluateOutcomes(answers, rules, { examSlugs });
}
