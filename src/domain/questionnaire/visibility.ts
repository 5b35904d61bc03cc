/**
 * Which elements of a questionnaire show, accept input and must be answered
 * for the given answers (visibleIf, enableIf, requiredIf), and their numbers
 * (spec 5: "questions are numbered"). Conditions see every answer given so
 * far, as in SurveyJS; answers to questions that end up hidden are dropped on
 * completion (`cleanAnswers`). A condition that does not parse counts as
 * false, as in SurveyJS; checkQuestionnaire reports it before that happens.
 *
 * `context` holds the variables conditions see besides the answers (the
 * booking's facts, booking-facts.ts), as SurveyJS survey variables; a
 * context variable wins over an answer of the same name.
 */
import { evaluateCondition, ExpressionError, type ExpressionValues } from './expression';
import type {
  Answers,
  Choice,
  Element,
  Page,
  QuestionElement,
  QuestionnaireJson,
} from '../../contract/questionnaire-format';

export interface ElementState {
  visible: boolean;
  /** False when read-only or when enableIf does not hold. */
  enabled: boolean;
  /** isRequired, or requiredIf holds; only a visible, enabled question is required. */
  required: boolean;
  /** 1-based number among the visible questions; absent for html elements and hidden ones. */
  number?: number;
}

export function isQuestion(element: Element): element is QuestionElement {
  return element.type !== 'html';
}

/** Every element of every page, in order. */
export function allElements(questionnaire: QuestionnaireJson): Element[] {
  return questionnaire.pages.flatMap((page) => page.elements);
}

/** Every question (all elements but html), in order. */
export function allQuestions(questionnaire: QuestionnaireJson): QuestionElement[] {
  return allElements(questionnaire).filter(isQuestion);
}

/** What conditions read: the answers, and the context's variables over them. */
export function conditionValues(
  answers: Answers,
  context: ExpressionValues = {},
): ExpressionValues {
  return Object.keys(context).length === 0 ? answers : { ...answers, ...context };
}

function holds(condition: string | undefined, values: ExpressionValues): boolean {
  if (!condition) return true;
  try {
    return evaluateCondition(condition, values);
  } catch (error) {
    if (error instanceof ExpressionError) return false;
    throw error;
  }
}

export function isPageVisible(page: Page, answers: Answers, context?: ExpressionValues): boolean {
  return holds(page.visibleIf, conditionValues(answers, context));
}

export function isElementVisible(
  element: Element,
  answers: Answers,
  context?: ExpressionValues,
): boolean {
  return element.visible !== false && holds(element.visibleIf, conditionValues(answers, context));
}

export function isElementEnabled(
  element: Element,
  answers: Answers,
  context?: ExpressionValues,
): boolean {
  if (!isQuestion(element)) return true;
  return element.readOnly !== true && holds(element.enableIf, conditionValues(answers, context));
}

export function isElementRequired(
  element: Element,
  answers: Answers,
  context?: ExpressionValues,
): boolean {
  if (!isQuestion(element)) return false;
  return (
    element.isRequired === true ||
    (!!element.requiredIf && holds(element.requiredIf, conditionValues(answers, context)))
  );
}

/** The choices offered now: those without a `visibleIf`, and those whose `visibleIf` holds. */
export function visibleChoices(
  choices: readonly Choice[],
  answers: Answers,
  context?: ExpressionValues,
): Choice[] {
  const values = conditionValues(answers, context);
  return choices.filter(
    (choice) => typeof choice !== 'object' || !choice.visibleIf || holds(choice.visibleIf, values),
  );
}

/**
 * The question with only its offered choices (the same object when none is
 * conditional), so rendering and validation see one list.
 */
export function withVisibleChoices<E extends QuestionElement>(
  question: E,
  answers: Answers,
  context?: ExpressionValues,
): E {
  if (!('choices' in question)) return question;
  const choices = question.choices as Choice[];
  if (!choices.some((choice) => typeof choice === 'object' && choice.visibleIf)) return question;
  return { ...question, choices: visibleChoices(choices, answers, context) };
}

/**
 * The state of every element by name. Numbering runs across pages over the
 * visible questions only; html elements are never numbered (as SurveyJS
 * numbers only questions with a title).
 */
export function elementStates(
  questionnaire: QuestionnaireJson,
  answers: Answers,
  context?: ExpressionValues,
): Record<string, ElementState> {
  const states: Record<string, ElementState> = {};
  let next = 1;
  for (const page of questionnaire.pages) {
    const pageVisible = isPageVisible(page, answers, context);
    for (const element of page.elements) {
      const visible = pageVisible && isElementVisible(element, answers, context);
      const enabled = isElementEnabled(element, answers, context);
      const state: ElementState = {
        visible,
        enabled,
        required: visible && enabled && isElementRequired(element, answers, context),
      };
      if (visible && isQuestion(element)) state.number = next++;
      states[element.name] = state;
    }
  }
  return states;
}

/** The visible pages with their visible elements (a page with none left is skipped). */
export function visiblePages(
  questionnaire: QuestionnaireJson,
  answers: Answers,
  context?: ExpressionValues,
): Page[] {
  const states = elementStates(questionnaire, answers, context);
  return questionnaire.pages
    .map((page) => ({ ...page, elements: page.elements.filter((e) => states[e.name]?.visible) }))
    .filter((page) => page.elements.length > 0);
}

const MAX_ROUNDS = 20;

/**
 * The answers to visible questions only. Dropping a hidden answer can hide
 * questions that depended on it, so this repeats until nothing changes.
 * Answers to unknown names and to html elements are dropped too.
 */
export function cleanAnswers(
  questionnaire: QuestionnaireJson,
  answers: Answers,
  context?: ExpressionValues,
): Answers {
  const questions = new Set(allQuestions(questionnaire).map((question) => question.name));
  let current: Answers = Object.fromEntries(
    Object.entries(answers).filter(([name, value]) => questions.has(name) && value !== undefined),
  );
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const states = elementStates(questionnaire, current, context);
    const kept = Object.entries(current).filter(([name]) => states[name]?.visible);
    if (kept.length === Object.keys(current).length) return current;
    current = Object.fromEntries(kept);
  }
  return current;
}
