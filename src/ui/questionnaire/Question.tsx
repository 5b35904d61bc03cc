import type { ComponentType } from 'react';
import type { QuestionElement } from '../../contract/questionnaire-format';
import { useT } from '../../i18n/useT';
import { BooleanQuestion } from './parts/BooleanQuestion';
import { CheckboxQuestion } from './parts/CheckboxQuestion';
import { CommentQuestion } from './parts/CommentQuestion';
import { DropdownQuestion } from './parts/DropdownQuestion';
import { RadiogroupQuestion } from './parts/RadiogroupQuestion';
import { RatingQuestion } from './parts/RatingQuestion';
import { SignaturePad } from './parts/SignaturePad';
import { TextQuestion } from './parts/TextQuestion';
import type { QuestionPartProps } from './types';

const PARTS: Record<QuestionElement['type'], ComponentType<QuestionPartProps<never>>> = {
  text: TextQuestion,
  comment: CommentQuestion,
  radiogroup: RadiogroupQuestion,
  checkbox: CheckboxQuestion,
  dropdown: DropdownQuestion,
  boolean: BooleanQuestion,
  rating: RatingQuestion,
  signaturepad: SignaturePad,
};

export interface QuestionProps {
  element: QuestionElement;
  value: unknown;
  onChange: (name: string, value: unknown) => void;
  /** Its number among the visible questions (R-5-24). */
  number?: number | string;
  required: boolean;
  disabled: boolean;
  /** The translated error text, when the answer is not valid. */
  error?: string;
  idPrefix: string;
}

/**
 * One question: a fieldset whose legend carries the number, the title and,
 * when required, an asterisk with a visually hidden "required" (R-5-23);
 * the description and the error are tied to the inputs with aria-describedby.
 */
export function Question({
  element,
  value,
  onChange,
  number,
  required,
  disabled,
  error,
  idPrefix,
}: QuestionProps) {
  const t = useT();
  const Part = PARTS[element.type] as ComponentType<QuestionPartProps>;
  const labelId = `${idPrefix}-legend`;
  const descriptionId = `${idPrefix}-description`;
  const errorId = `${idPrefix}-error`;
  const describedBy =
    [element.description ? descriptionId : '', error ? errorId : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <fieldset
      className="question"
      data-question={element.name}
      data-type={element.type}
      data-invalid={error ? 'true' : undefined}
      disabled={disabled || undefined}
      part="question"
    >
      <legend className="question__legend" id={labelId}>
        {number !== undefined && <span className="question__number">{number}. </span>}
        <span className="question__title">{element.title ?? element.name}</span>
        {required && (
          <>
            <span className="question__required" aria-hidden="true">
              {' '}
              *
            </span>
            <span className="visually-hidden"> ({t('questionnaire.required')})</span>
          </>
        )}
      </legend>
      {element.description && (
        <p className="field__hint question__description" id={descriptionId}>
          {element.description}
        </p>
      )}
      <Part
        element={element}
        value={value}
        onChange={(next) => onChange(element.name, next)}
        labelId={labelId}
        describedBy={describedBy}
        required={required}
        disabled={disabled}
        invalid={Boolean(error)}
        idPrefix={idPrefix}
      />
      {error && (
        <p className="field__error question__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
