/**
 * Which elements of a questionnaire show, accept input and must be answered
 * for the given answers (visibleIf, enableIf, requiredIf), and their numbers
 * (spec 5: "questions are numbered"). Conditions see every answer given so
 * far, as in SurveyJS; answers to questions that end up hidden are dropped on
 * completion (`cleanAnswers`). A condition that does not parse counts as
 * false, as in SurveyJS; checkQuestionnaire reports it before that happens.
 */
import { evaluateCondition, ExpressionError } from './expression';
import type {
  Answers,
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

function holds(condition: string | undefined, answers: Answers): boolean {
  if (!condition) return true;
  try {
    return evaluateCondition(condition, answers);
  } catch (error) {
    if (error instanceof ExpressionError) return false;
    throw error;
  }
}

export function isPageVisible(page: Page, answers: Answers): boolean {
  return holds(page.visibleIf, answers);
}

export function isElementVisible(element: Element, answers: Answers): boolean {
  return element.visible !== false && holds(element.visibleIf, answers);
}

export function isElementEnabled(element: Element, answers: Answers): boolean {
  if (!isQuestion(element)) return true;
  return element.readOnly !== true && holds(element.enableIf, answers);
}

export function isElementRequired(element: Element, answers: Answers): boolean {
  if (!isQuestion(element)) return false;
  return (
    element.isRequired === true || (!!element.requiredIf && holds(element.requiredIf, answers))
  );
}

/**
 * The state of every element by name. Numbering runs across pages over the
 * visible questions only; html elements are never numbered (as SurveyJS
 * numbers only questions with a title).
 */
export function elementStates(
  questionnaire: QuestionnaireJson,
  answers: Answers,
): Record<string, ElementState> {
  const states: Record<string, ElementState> = {};
  let next = 1;
  for (const page of questionnaire.pages) {
    const pageVisible = isPageVisible(page, answers);
    for (const element of page.elements) {
      const visible = pageVisible && isElementVisible(element, answers);
      const enabled = isElementEnabled(element, answers);
      const state: ElementState = {
        visible,
        enabled,
        required: visible && enabled && isElementRequired(element, answers),
      };
      if (visible && isQuestion(element)) state.number = next++;
      states[element.name] = state;
    }
  }
  return states;
}

/** The visible pages with their visible elements (a page with none left is skipped). */
export function visiblePages(questionnaire: QuestionnaireJson, answers: Answers): Page[] {
  const states = elementStates(questionnaire, answers);
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
export function cleanAnswers(questionnaire: QuestionnaireJson, answers: Answers): Answers {
  const questions = new Set(allQuestions(questionnaire).map((question) => question.name));
  let current: Answers = Object.fromEntries(
    Object.entries(answers).filter(([name, value]) => questions.has(name) && value !== undefined),
  );
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const states = elementStates(questionnaire, current);
    const kept = Object.entries(current).filter(([name]) => states[name]?.visible);
    if (kept.length === Object.keys(current).length) return current;
    current = Object.fromEntries(kept);
  }
  return current;
}
