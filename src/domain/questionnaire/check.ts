/**
 * Checks a questionnaire JSON and its outcome rules against the documented
 * format (docs/questionnaire-format.md) before they are stored or seeded, so
 * a typo in a condition is found by a test, not by a patient. The problems
 * are English sentences for developers, each with the JSON path.
 */
import { BOOKING_VARIABLE } from './booking-facts';
import { expressionError, expressionVariables } from './expression';
import {
  ELEMENT_TYPES,
  MODAL_SIZES,
  OUTCOME_TYPES,
  type ElementType,
  type ModalSize,
  type OutcomeType,
} from '../../contract/questionnaire-format';

export interface FormatProblem {
  /** JSON path, e.g. `pages[0].elements[2].visibleIf`. */
  path: string;
  message: string;
}

const INPUT_TYPES = ['text', 'number', 'email', 'tel', 'date'];
const CONDITIONS = ['visibleIf', 'enableIf', 'requiredIf'] as const;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

class Checker {
  readonly problems: FormatProblem[] = [];
  private readonly conditions: { path: string; text: string }[] = [];

  add(path: string, message: string): void {
    this.problems.push({ path, message });
  }

  condition(path: string, text: unknown): void {
    if (text === undefined) return;
    if (typeof text !== 'string') return this.add(path, 'must be a string');
    const error = expressionError(text);
    if (error) this.add(path, error.message);
    else this.conditions.push({ path, text });
  }

  /** Conditions must read only questions of this questionnaire, or the booking's facts. */
  checkVariables(names: Set<string>): void {
    for (const { path, text } of this.conditions) {
      for (const variable of expressionVariables(text)) {
        const head = variable.split('.')[0]!.toLowerCase();
        if (head === BOOKING_VARIABLE) continue;
        if (!names.has(head)) this.add(path, `reads {${variable}}, which is no question here`);
      }
    }
  }
}

function checkChoices(checker: Checker, path: string, choices: unknown): void {
  if (!Array.isArray(choices) || choices.length === 0) {
    return checker.add(`${path}.choices`, 'must be a non-empty array');
  }
  const seen = new Set<string>();
  choices.forEach((choice: unknown, index) => {
    const value = isObject(choice) ? choice.value : choice;
    if (typeof value !== 'string' && typeof value !== 'number') {
      return checker.add(`${path}.choices[${index}]`, 'needs a string or number value');
    }
    if (seen.has(String(value))) checker.add(`${path}.choices[${index}]`, 'repeats a value');
    seen.add(String(value));
    if (isObject(choice))
      checker.condition(`${path}.choices[${index}].visibleIf`, choice.visibleIf);
  });
}

function checkValidators(checker: Checker, path: string, validators: unknown): void {
  if (validators === undefined) return;
  if (!Array.isArray(validators)) return checker.add(`${path}.validators`, 'must be an array');
  validators.forEach((validator: unknown, index) => {
    const at = `${path}.validators[${index}]`;
    if (!isObject(validator)) return checker.add(at, 'must be an object');
    if (validator.type === 'regex') {
      try {
        new RegExp(String(validator.regex));
      } catch {
        checker.add(`${at}.regex`, 'is not a valid regular expression');
      }
      if (typeof validator.regex !== 'string') checker.add(`${at}.regex`, 'must be a string');
    } else if (validator.type !== 'numeric' && validator.type !== 'text') {
      checker.add(`${at}.type`, 'must be numeric, regex or text');
    }
  });
}

function checkElement(checker: Checker, path: string, element: Json): void {
  const type = element.type as ElementType;
  if (!ELEMENT_TYPES.includes(type)) {
    return checker.add(`${path}.type`, `must be one of ${ELEMENT_TYPES.join(', ')}`);
  }
  for (const key of CONDITIONS) checker.condition(`${path}.${key}`, element[key]);
  if (type === 'radiogroup' || type === 'checkbox' || type === 'dropdown') {
    checkChoices(checker, path, element.choices);
  }
  if (type === 'html' && typeof element.html !== 'string')
    checker.add(`${path}.html`, 'must be a string');
  if (
    type === 'text' &&
    element.inputType !== undefined &&
    !INPUT_TYPES.includes(String(element.inputType))
  ) {
    checker.add(`${path}.inputType`, `must be one of ${INPUT_TYPES.join(', ')}`);
  }
  if (type === 'rating') {
    const min = element.rateMin ?? 1;
    const max = element.rateMax ?? 5;
    if (!Number.isInteger(min) || !Number.isInteger(max) || (min as number) >= (max as number)) {
      checker.add(path, 'rateMin and rateMax must be integers, rateMin below rateMax');
    }
  }
  checkValidators(checker, path, element.validators);
}

/** The problems of a questionnaire JSON; an empty list means it fits the format. */
export function checkQuestionnaire(json: unknown): FormatProblem[] {
  const checker = new Checker();
  if (!isObject(json)) return [{ path: '', message: 'must be an object' }];
  if (json.modalSize !== undefined && !MODAL_SIZES.includes(json.modalSize as ModalSize)) {
    checker.add('modalSize', `must be one of ${MODAL_SIZES.join(', ')}`);
  }
  if (!Array.isArray(json.pages) || json.pages.length === 0) {
    return [...checker.problems, { path: 'pages', message: 'must be a non-empty array' }];
  }
  const names = new Set<string>();
  json.pages.forEach((page: unknown, pageIndex) => {
    const pagePath = `pages[${pageIndex}]`;
    if (!isObject(page) || !Array.isArray(page.elements)) {
      return checker.add(pagePath, 'must be an object with an elements array');
    }
    checker.condition(`${pagePath}.visibleIf`, page.visibleIf);
    page.elements.forEach((element: unknown, index) => {
      const path = `${pagePath}.elements[${index}]`;
      if (!isObject(element)) return checker.add(path, 'must be an object');
      const name = element.name;
      if (typeof name !== 'string' || name.trim() === '')
        return checker.add(`${path}.name`, 'is required');
      if (names.has(name.toLowerCase())) checker.add(`${path}.name`, `repeats the name "${name}"`);
      if (name.toLowerCase() === BOOKING_VARIABLE)
        checker.add(`${path}.name`, `"${name}" is reserved for the booking's facts`);
      names.add(name.toLowerCase());
      checkElement(checker, path, element);
    });
  });
  checker.checkVariables(names);
  return checker.problems;
}

/** The problems of a questionnaire's outcome rules (type known, expressions parse). */
export function checkOutcomeRules(rules: unknown): FormatProblem[] {
  if (!Array.isArray(rules)) return [{ path: '', message: 'must be an array' }];
  const checker = new Checker();
  rules.forEach((rule: unknown, index) => {
    const path = `[${index}]`;
    if (!isObject(rule)) return checker.add(path, 'must be an object');
    if (!OUTCOME_TYPES.includes(rule.type as OutcomeType)) {
      checker.add(`${path}.type`, `must be one of ${OUTCOME_TYPES.join(', ')}`);
    }
    if (typeof rule.expression !== 'string') checker.add(`${path}.expression`, 'is required');
    else checker.condition(`${path}.expression`, rule.expression);
    if (rule.evaluateResult === true) {
      if (typeof rule.result === 'string') checker.condition(`${path}.result`, rule.result);
      else checker.add(`${path}.result`, 'must be an expression when evaluateResult is true');
    }
  });
  return checker.problems;
}
