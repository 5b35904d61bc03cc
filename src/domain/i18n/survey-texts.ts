/**
 * A provider translates its questionnaires through its translation bundle
 * (GET /api/assets/translations, the `translations` table): each text of a
 * questionnaire's JSON has a key, the questionnaire's code followed by the
 * text's path, with names instead of positions:
 *
 *   survey.mri-safety.title                         the title (row and JSON)
 *   survey.mri-safety.description
 *   survey.mri-safety.page.devices.title            a page's title, description
 *   survey.mri-safety.pacemaker.title               a question's title, description,
 *   survey.mri-safety.pacemaker.choices.yes         placeholder, html, labelTrue,
 *   survey.mri-safety.pacemaker.validators.0        labelFalse, min/maxRateDescription
 *
 * Consent forms use `consentForm.<code>` instead of `survey.<code>`. The
 * server answers a questionnaire in the request's locale with these texts
 * over its own (English) ones; a key the bundle lacks keeps the original.
 * Pure, for the server and its tests.
 */
import type { Choice, Element, Page, QuestionnaireJson } from '../../contract/questionnaire-format';

/** A provider text by key, or undefined when the bundle has none. */
export type TextLookup = (key: string) => string | undefined;

/** The key prefix of a questionnaire's texts. */
export function surveyPrefix(code: string): string {
  return `survey.${code}`;
}

/** The key prefix of a consent form's texts. */
export function consentFormPrefix(code: string): string {
  return `consentForm.${code}`;
}

type Visit = (key: string, text: string) => string;

const ELEMENT_TEXTS = [
  'title',
  'description',
  'placeholder',
  'html',
  'labelTrue',
  'labelFalse',
  'minRateDescription',
  'maxRateDescription',
] as const;

function mapChoice(choice: Choice, key: string, visit: Visit): Choice {
  const value = typeof choice === 'object' ? choice.value : choice;
  const text = typeof choice === 'object' ? (choice.text ?? String(value)) : String(choice);
  const mapped = visit(`${key}.${String(value)}`, text);
  if (mapped === text) return choice;
  return typeof choice === 'object' ? { ...choice, text: mapped } : { value, text: mapped };
}

function mapElement(element: Element, prefix: string, visit: Visit): Element {
  const key = `${prefix}.${element.name}`;
  const copy: Record<string, unknown> = { ...element };
  for (const field of ELEMENT_TEXTS) {
    const text = copy[field];
    if (typeof text === 'string') copy[field] = visit(`${key}.${field}`, text);
  }
  if ('choices' in element) {
    copy.choices = element.choices.map((choice) => mapChoice(choice, `${key}.choices`, visit));
  }
  if ('validators' in element && element.validators) {
    copy.validators = element.validators.map((validator, index) =>
      validator.text === undefined
        ? validator
        : { ...validator, text: visit(`${key}.validators.${index}`, validator.text) },
    );
  }
  return copy as unknown as Element;
}

function mapPage(page: Page, prefix: string, visit: Visit): Page {
  const key = `${prefix}.page.${page.name}`;
  return {
    ...page,
    ...(page.title === undefined ? {} : { title: visit(`${key}.title`, page.title) }),
    ...(page.description === undefined
      ? {}
      : { description: visit(`${key}.description`, page.description) }),
    elements: page.elements.map((element) => mapElement(element, prefix, visit)),
  };
}

/** The questionnaire with each text replaced by what `visit` returns for its key. */
function mapSurvey(prefix: string, json: QuestionnaireJson, visit: Visit): QuestionnaireJson {
  return {
    ...json,
    ...(json.title === undefined ? {} : { title: visit(`${prefix}.title`, json.title) }),
    ...(json.description === undefined
      ? {}
      : { description: visit(`${prefix}.description`, json.description) }),
    pages: json.pages.map((page) => mapPage(page, prefix, visit)),
  };
}

/** Every text of a questionnaire by its key: what a provider translates. */
export function surveyTexts(prefix: string, json: QuestionnaireJson): Record<string, string> {
  const texts: Record<string, string> = {};
  mapSurvey(prefix, json, (key, text) => (texts[key] = text));
  return texts;
}

/** The questionnaire in the bundle's language; texts the bundle lacks stay as they are. */
export function localizeSurvey(
  prefix: string,
  json: QuestionnaireJson,
  text: TextLookup,
): QuestionnaireJson {
  return mapSurvey(prefix, json, (key, source) => text(key) ?? source);
}
