/**
 * The questionnaire JSON: a documented subset of the SurveyJS JSON format
 * (docs/questionnaire-format.md), plus the spec's own fields
 * (spec 3 "Questionnaire": modalSize, showClosingConfirmation) kept beside
 * the survey JSON. SurveyJS itself is not shipped to patients; our renderer
 * and the server read only what is typed here.
 */

/** Modal size of the questionnaire survey modal; `lg` when absent (R-2.5-18). */
export const MODAL_SIZES = ['sm', 'md', 'lg', 'xl'] as const;
export type ModalSize = (typeof MODAL_SIZES)[number];

export const DEFAULT_MODAL_SIZE: ModalSize = 'lg';

/**
 * A choice as SurveyJS writes it: a bare value, or a value with its label and
 * an optional `visibleIf` (SurveyJS ItemValue.visibleIf): the choice is offered
 * only while the condition holds, e.g. `{booking.bodyParts} contains 'breast'`.
 */
export type Choice =
  string | number | { value: string | number; text?: string; visibleIf?: string };

/** SurveyJS `numeric` validator: the answer is a number within [minValue, maxValue]. */
export interface NumericValidator {
  type: 'numeric';
  minValue?: number;
  maxValue?: number;
  /** Custom error text shown instead of the default message key. */
  text?: string;
}

/** SurveyJS `regex` validator: a string answer must match the pattern. */
export interface RegexValidator {
  type: 'regex';
  regex: string;
  text?: string;
}

/** SurveyJS `text` validator: the string length is within [minLength, maxLength]. */
export interface TextValidator {
  type: 'text';
  minLength?: number;
  maxLength?: number;
  text?: string;
}

export type Validator = NumericValidator | RegexValidator | TextValidator;

/** Properties every element has. Expressions use the syntax of ./expression.ts. */
export interface ElementBase {
  /** Answer key; unique within the questionnaire. */
  name: string;
  /** Question text; the name is shown when absent (as SurveyJS does). */
  title?: string;
  description?: string;
  isRequired?: boolean;
  /** Shown only when this condition holds (e.g. `{pacemaker} = 'yes'`). */
  visibleIf?: string;
  /** Read-only unless this condition holds. */
  enableIf?: string;
  /** Required when this condition holds (in addition to isRequired). */
  requiredIf?: string;
  validators?: Validator[];
  /** Initially hidden when false (SurveyJS `visible`). */
  visible?: boolean;
  /** Read-only when true (SurveyJS `readOnly`). */
  readOnly?: boolean;
}

export type TextInputType = 'text' | 'number' | 'email' | 'tel' | 'date';

export interface TextElement extends ElementBase {
  type: 'text';
  /** Defaults to 'text'. `number` answers are stored as numbers. */
  inputType?: TextInputType;
  /** For number: numbers; for date: ISO dates (YYYY-MM-DD). */
  min?: number | string;
  max?: number | string;
  maxLength?: number;
  placeholder?: string;
}

export interface CommentElement extends ElementBase {
  type: 'comment';
  maxLength?: number;
  rows?: number;
  placeholder?: string;
}

export interface RadiogroupElement extends ElementBase {
  type: 'radiogroup';
  choices: Choice[];
}

export interface CheckboxElement extends ElementBase {
  type: 'checkbox';
  choices: Choice[];
}

export interface DropdownElement extends ElementBase {
  type: 'dropdown';
  choices: Choice[];
  placeholder?: string;
}

export interface BooleanElement extends ElementBase {
  type: 'boolean';
  labelTrue?: string;
  labelFalse?: string;
}

/**
 * A rating: an integer from rateMin to rateMax (SurveyJS defaults 1 and 5).
 * The pain score is a rating 0 to 10 with labelled ends.
 */
export interface RatingElement extends ElementBase {
  type: 'rating';
  rateMin?: number;
  rateMax?: number;
  minRateDescription?: string;
  maxRateDescription?: string;
}

/** Static HTML (sanitised by the renderer); no answer, never numbered. */
export interface HtmlElement {
  type: 'html';
  name: string;
  html: string;
  visibleIf?: string;
  visible?: boolean;
}

/**
 * A signature: a PNG data URL drawn on the pad, or a typed name (the renderer
 * accepts either, for keyboard users).
 */
export interface SignaturepadElement extends ElementBase {
  type: 'signaturepad';
}

export type QuestionElement =
  | TextElement
  | CommentElement
  | RadiogroupElement
  | CheckboxElement
  | DropdownElement
  | BooleanElement
  | RatingElement
  | SignaturepadElement;

export type Element = QuestionElement | HtmlElement;

export type ElementType = Element['type'];

export const ELEMENT_TYPES: readonly ElementType[] = [
  'text',
  'comment',
  'radiogroup',
  'checkbox',
  'dropdown',
  'boolean',
  'rating',
  'html',
  'signaturepad',
];

export interface Page {
  name: string;
  title?: string;
  description?: string;
  visibleIf?: string;
  elements: Element[];
}

/** The survey JSON of one questionnaire. */
export interface QuestionnaireJson {
  title?: string;
  description?: string;
  pages: Page[];
  /** Spec field kept beside the survey JSON (spec 3 "Questionnaire"). */
  modalSize?: ModalSize;
  /** Ask before closing without completing (spec 2.5). */
  showClosingConfirmation?: boolean;
}

/** Answers keyed by element name (SurveyJS `survey.data`). */
export type Answers = Record<string, unknown>;

/** Outcome types (spec 3 "Outcome", spec 4 "Questionnaire flow"): the one list both sides use. */
export const OUTCOME_TYPES = [
  'DENY_BOOKING',
  'CREATE_BOOKING_REQUEST',
  'REQUIRE_MEDICARE_NUMBER',
  'REQUIRE_VALIDATION_CODE',
  'SET_DOCUMENT_TYPE',
  'SET_INSURANCE_TYPE',
  'REDIRECT',
  'CHANGE_EXAM',
  'WALK_IN_EXAM',
  'RESTRICT_MIN_DATE',
  'PATIENT_NOTE',
] as const;
export type OutcomeType = (typeof OUTCOME_TYPES)[number];

/**
 * An outcome rule, stored beside a questionnaire on the server. It fires when
 * `expression` (a condition over the answers) is true. `result` carries the
 * outcome's data (a message key, a URL, an exam slug, an id, or an object such
 * as `{ name, prepTime, minutesPrior }` for a walk-in exam). With
 * `evaluateResult` true, a string `result` is itself an expression evaluated
 * over the answers (spec 3 "Outcome": type, result, evaluateResult).
 */
export interface OutcomeRule {
  type: OutcomeType;
  expression: string;
  result?: string | Record<string, unknown>;
  evaluateResult?: boolean;
}
