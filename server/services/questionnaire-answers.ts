/**
 * Answers are checked against their questionnaire before they are stored
 * (docs/questionnaire-format.md "Answers and their validation"), with the same rules the renderer runs on submit
 * (src/domain/questionnaire/validate.ts): required answers of visible
 * questions, allowed values, ranges and patterns. Answers to hidden or
 * unknown questions are dropped, so what is stored is what was asked.
 */
import type { Answers, QuestionnaireJson } from '../../src/contract/questionnaire.js';
import type { ExpressionValues } from '../../src/domain/questionnaire/expression.js';
import { validateAnswers } from '../../src/domain/questionnaire/validate.js';
import { allQuestions } from '../../src/domain/questionnaire/visibility.js';
import { ApiError } from '../http/errors.js';

/**
 * The cleaned answers, or 400 with `errorKey` (the spec 8 key the client
 * shows) and `fields`: question name → questionnaire message key.
 * `context`: the booking's facts the conditions read ({booking.…}).
 */
export function checkAnswers(
  json: QuestionnaireJson,
  answers: Answers,
  errorKey: string,
  context?: ExpressionValues,
): Answers {
  const validation = validateAnswers(json, answers, context);
  if (!validation.valid) {
    throw new ApiError(400, errorKey, 'answers do not fit the questionnaire', validation.errors);
  }
  return validation.answers;
}

/** The 0–10 rating of a pain-score questionnaire (its first rating question), else null. */
export function painScoreOf(json: QuestionnaireJson, answers: Answers): number | null {
  const rating = allQuestions(json).find((question) => question.type === 'rating');
  const value = rating ? answers[rating.name] : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10
    ? value
    : null;
}
