import type { CommentElement } from '../../../contract/questionnaire-format';
import type { QuestionPartProps } from '../types';

/** `comment`: a multi-line answer. */
export function CommentQuestion(props: QuestionPartProps<CommentElement>) {
  const { element, value, onChange, labelId, describedBy, required, disabled, invalid, idPrefix } =
    props;
  return (
    <textarea
      id={`${idPrefix}-input`}
      className="field__input question__input question__textarea"
      rows={element.rows ?? 4}
      maxLength={element.maxLength}
      placeholder={element.placeholder}
      value={typeof value === 'string' ? value : ''}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value || undefined)}
    />
  );
}
