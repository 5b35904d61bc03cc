/**
 * The renderer's view of the questionnaire rules of src/domain (the same
 * evaluator the server uses for outcomes): which pages and elements show,
 * their numbers (R-5-24), whether each is required (R-5-23) or enabled, the
 * errors of a page, and the answers kept on completion. `context` holds the
 * variables conditions see besides the answers (the booking's facts); a
 * laid-out question carries only the choices offered now.
 */
import type { Answers, Element, QuestionnaireJson } from '../../contract/questionnaire-format';
import type { ExpressionValues } from '../../domain/questionnaire/expression';
import { validateQuestion } from '../../domain/questionnaire/validate';
import {
  cleanAnswers,
  elementStates,
  isPageVisible,
  isQuestion,
  withVisibleChoices,
} from '../../domain/questionnaire/visibility';

export interface ErrorText {
  key: string;
  params?: Record<string, unknown>;
}

export interface LaidOutElement {
  element: Element;
  number?: number;
  required: boolean;
  enabled: boolean;
}

export interface LaidOutPage {
  /** Index in json.pages. */
  index: number;
  title?: string;
  elements: LaidOutElement[];
}

export interface FormLayout {
  /** The visible pages that have something to show. */
  pages: LaidOutPage[];
  /** Some visible question is required (the "* required" note shows). */
  anyRequired: boolean;
}

export function formLayout(
  json: QuestionnaireJson,
  answers: Answers,
  context?: ExpressionValues,
): FormLayout {
  const states = elementStates(json, answers, context);
  let anyRequired = false;
  const pages: LaidOutPage[] = [];
  json.pages.forEach((page, index) => {
    if (!isPageVisible(page, answers, context)) return;
    const elements = page.elements.flatMap((element): LaidOutElement[] => {
      const state = states[element.name];
      if (!state?.visible) return [];
      anyRequired ||= state.required;
      const shown = isQuestion(element) ? withVisibleChoices(element, answers, context) : element;
      return [
        { element: shown, number: state.number, required: state.required, enabled: state.enabled },
      ];
    });
    if (elements.length > 0) pages.push({ index, title: page.title, elements });
  });
  return { pages, anyRequired };
}

/** The errors of one page (json.pages index), by element name (src/domain's validateQuestion). */
export function pageErrors(
  json: QuestionnaireJson,
  pageIndex: number,
  answers: Answers,
  context?: ExpressionValues,
): Record<string, ErrorText> {
  const page = formLayout(json, answers, context).pages.find((p) => p.index === pageIndex);
  const errors: Record<string, ErrorText> = {};
  for (const item of page?.elements ?? []) {
    if (!isQuestion(item.element)) continue;
    const issue = validateQuestion(item.element, answers[item.element.name], item.required);
    if (issue)
      errors[item.element.name] = {
        // A validator's own text wins; it may itself be a message key.
        key: issue.text ?? issue.key,
        params: { min: issue.min, max: issue.max },
      };
  }
  return errors;
}

/** The answers sent on completion: those of visible questions only (SurveyJS clears the rest). */
export function answersToKeep(
  json: QuestionnaireJson,
  answers: Answers,
  context?: ExpressionValues,
): Answers {
  return cleanAnswers(json, answers, context);
}
