/**
 * Validation of answers against a questionnaire (docs/questionnaire-format.md "Answers and their validation"): the
 * renderer runs it on submit, the server before it stores an answer. Only
 * visible questions count; answers to hidden ones are dropped first
 * (cleanAnswers). Errors are message keys (src/i18n bundles), one per
 * question, the first problem found.
 */
import { isValueEmpty, type ExpressionValues } from './expression';
import type {
  Answers,
  Choice,
  QuestionElement,
  QuestionnaireJson,
  Validator,
} from '../../contract/questionnaire-format';
import { allQuestions, cleanAnswers, elementStates, withVisibleChoices } from './visibility';

/**
 * The message keys of answer errors, the same in the renderer and the server
 * (texts in src/i18n/bundles/questionnaire.en-AU.ts; `{{min}}`/`{{max}}` come
 * from ValidationIssue).
 */
export const QUESTIONNAIRE_MESSAGE_KEYS = [
  /** A required question has no answer. */
  'questionnaire.error.required',
  /** A required choice question (radiogroup, dropdown, checkbox, boolean, rating) has no answer. */
  'questionnaire.error.required_choice',
  /** Not one of the choices, not true/false for a boolean, or off the rating scale. */
  'questionnaire.error.choice',
  /** A number input (or a numeric validator's answer) that is not a number. */
  'questionnaire.error.number',
  /** A number below min / above max / outside min–max. */
  'questionnaire.error.min',
  'questionnaire.error.max',
  'questionnaire.error.range',
  /** A regex validator does not match. */
  'questionnaire.error.pattern',
  /** Shorter than a text validator's minLength / longer than its maxLength or the element's maxLength. */
  'questionnaire.error.min_length',
  'questionnaire.error.max_length',
  /** An e-mail input that is not an e-mail address. */
  'questionnaire.error.email',
  /** A date input that is not a date (YYYY-MM-DD). */
  'questionnaire.error.date',
  /** A date before min / after max / outside min–max. */
  'questionnaire.error.date_min',
  'questionnaire.error.date_max',
  'questionnaire.error.date_range',
  /** A signature that is neither a typed name nor an image data URL of a sane size. */
  'questionnaire.error.signature',
  /** An answer of the wrong kind (an object for a text, a string for a checkbox…). */
  'questionnaire.error.invalid',
] as const;

export type QuestionnaireMessageKey = (typeof QUESTIONNAIRE_MESSAGE_KEYS)[number];

export interface ValidationIssue {
  key: QuestionnaireMessageKey;
  /** The validator's own text from the questionnaire, shown instead of the key's text. */
  text?: string;
  min?: number | string;
  max?: number | string;
}

export interface AnswersValidation {
  valid: boolean;
  /** Message key by question name. */
  errors: Record<string, QuestionnaireMessageKey>;
  /** The same errors with the validator text and the limits, for the message. */
  details: Record<string, ValidationIssue>;
  /** The answers to visible questions only: what the server stores. */
  answers: Answers;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const SIGNATURE_IMAGE = /^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/;
/** A drawn signature as a data URL; about 375 kB of image. */
export const MAX_SIGNATURE_LENGTH = 500_000;
export const MAX_TYPED_SIGNATURE_LENGTH = 200;

export function choiceValue(choice: Choice): string | number {
  return typeof choice === 'object' ? choice.value : choice;
}

function isChoice(question: { choices: Choice[] }, value: unknown): boolean {
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  return question.choices.some((choice) => String(choiceValue(choice)) === String(value));
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function outside(value: number | string, min?: number | string, max?: number | string): boolean {
  return (min !== undefined && value < min) || (max !== undefined && value > max);
}

const RANGE_KEYS = {
  number: ['questionnaire.error.min', 'questionnaire.error.max', 'questionnaire.error.range'],
  date: [
    'questionnaire.error.date_min',
    'questionnaire.error.date_max',
    'questionnaire.error.date_range',
  ],
} as const;

/** The error of a value outside [min, max]: the key names the limits that exist. */
function rangeIssue(
  kind: 'number' | 'date',
  min?: number | string,
  max?: number | string,
): ValidationIssue {
  const [onlyMin, onlyMax, both] = RANGE_KEYS[kind];
  if (min !== undefined && max !== undefined) return { key: both, min, max };
  return min !== undefined ? { key: onlyMin, min } : { key: onlyMax, max };
}

function lengthIssue(length: number, min?: number, max?: number): ValidationIssue | undefined {
  if (min !== undefined && length < min) return { key: 'questionnaire.error.min_length', min };
  if (max !== undefined && length > max) return { key: 'questionnaire.error.max_length', max };
  return undefined;
}

function checkText(
  question: Extract<QuestionElement, { type: 'text' }>,
  value: unknown,
): ValidationIssue | undefined {
  const { min, max } = question;
  if (question.inputType === 'number') {
    const number = asNumber(value);
    if (number === undefined) return { key: 'questionnaire.error.number' };
    if (outside(number, asNumber(min), asNumber(max))) return rangeIssue('number', min, max);
    return undefined;
  }
  if (typeof value !== 'string') return { key: 'questionnaire.error.invalid' };
  if (question.inputType === 'email' && !EMAIL.test(value.trim())) {
    return { key: 'questionnaire.error.email' };
  }
  if (question.inputType === 'date') {
    if (!isIsoDate(value)) return { key: 'questionnaire.error.date' };
    const first = min === undefined ? undefined : String(min);
    const last = max === undefined ? undefined : String(max);
    if (outside(value, first, last)) return rangeIssue('date', first, last);
  }
  return lengthIssue(value.length, undefined, question.maxLength);
}

function checkSignature(value: unknown): ValidationIssue | undefined {
  if (typeof value !== 'string') return { key: 'questionnaire.error.invalid' };
  const ok = value.startsWith('data:')
    ? value.length <= MAX_SIGNATURE_LENGTH && SIGNATURE_IMAGE.test(value)
    : value.trim().length > 0 && value.length <= MAX_TYPED_SIGNATURE_LENGTH;
  return ok ? undefined : { key: 'questionnaire.error.signature' };
}

/** The value's own rules: its kind, the choices, the scale, the input type. */
function checkValue(question: QuestionElement, value: unknown): ValidationIssue | undefined {
  switch (question.type) {
    case 'text':
      return checkText(question, value);
    case 'comment':
      if (typeof value !== 'string') return { key: 'questionnaire.error.invalid' };
      return lengthIssue(value.length, undefined, question.maxLength);
    case 'radiogroup':
    case 'dropdown':
      return isChoice(question, value) ? undefined : { key: 'questionnaire.error.choice' };
    case 'checkbox': {
      if (!Array.isArray(value)) return { key: 'questionnaire.error.invalid' };
      const unique = new Set(value.map(String)).size === value.length;
      return unique && value.every((item) => isChoice(question, item))
        ? undefined
        : { key: 'questionnaire.error.choice' };
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : { key: 'questionnaire.error.choice' };
    case 'rating': {
      const min = question.rateMin ?? 1;
      const max = question.rateMax ?? 5;
      const ok =
        typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
      return ok ? undefined : { key: 'questionnaire.error.choice', min, max };
    }
    case 'signaturepad':
      return checkSignature(value);
  }
}

function checkValidator(validator: Validator, value: unknown): ValidationIssue | undefined {
  const text = validator.text ? { text: validator.text } : {};
  switch (validator.type) {
    case 'numeric': {
      const number = asNumber(value);
      const { minValue: min, maxValue: max } = validator;
      if (number === undefined) return { key: 'questionnaire.error.number', ...text };
      return outside(number, min, max) ? { ...rangeIssue('number', min, max), ...text } : undefined;
    }
    case 'regex': {
      let pattern: RegExp;
      try {
        pattern = new RegExp(validator.regex);
      } catch {
        return undefined; // reported by checkQuestionnaire
      }
      return pattern.test(String(value))
        ? undefined
        : { key: 'questionnaire.error.pattern', ...text };
    }
    case 'text': {
      const issue = lengthIssue(String(value).length, validator.minLength, validator.maxLength);
      return issue && { ...issue, ...text };
    }
  }
}

const CHOICE_TYPES = new Set<QuestionElement['type']>([
  'radiogroup',
  'dropdown',
  'checkbox',
  'boolean',
  'rating',
]);

/** The first problem of one visible question's answer, or undefined. */
export function validateQuestion(
  question: QuestionElement,
  value: unknown,
  required: boolean,
): ValidationIssue | undefined {
  // A blank text is no answer (as the renderer shows it), though SurveyJS would accept '  '.
  if (isValueEmpty(value) || (typeof value === 'string' && value.trim() === '')) {
    if (!required) return undefined;
    return {
      key: CHOICE_TYPES.has(question.type)
        ? 'questionnaire.error.required_choice'
        : 'questionnaire.error.required',
    };
  }
  const issue = checkValue(question, value);
  if (issue) return issue;
  for (const validator of question.validators ?? []) {
    const failed = checkValidator(validator, value);
    if (failed) return failed;
  }
  return undefined;
}

/**
 * Validates answers: required answers to visible, enabled questions; allowed
 * values (a choice whose `visibleIf` does not hold is not allowed); number
 * ranges, patterns and lengths. Answers to hidden questions are dropped first
 * and are not checked. `context`: the variables conditions see besides the
 * answers (the booking's facts).
 */
export function validateAnswers(
  questionnaire: QuestionnaireJson,
  answers: Answers,
  context?: ExpressionValues,
): AnswersValidation {
  const cleaned = cleanAnswers(questionnaire, answers, context);
  const states = elementStates(questionnaire, cleaned, context);
  const errors: Record<string, QuestionnaireMessageKey> = {};
  const details: Record<string, ValidationIssue> = {};
  for (const question of allQuestions(questionnaire)) {
    const state = states[question.name];
    if (!state?.visible) continue;
    const offered = withVisibleChoices(question, cleaned, context);
    const issue = validateQuestion(offered, cleaned[question.name], state.required);
    if (issue) {
      errors[question.name] = issue.key;
      details[question.name] = issue;
    }
  }
  return { valid: Object.keys(errors).length === 0, errors, details, answers: cleaned };
}
