import type { TextElement } from '../../../contract/questionnaire-format';
import type { QuestionPartProps } from '../types';

/** `text`: one input; a `number` answer is stored as a number, an empty one as no answer. */
export function TextQuestion(props: QuestionPartProps<TextElement>) {
  const { element, value, onChange, labelId, describedBy, required, disabled, invalid, idPrefix } =
    props;
  const type = element.inputType ?? 'text';
  const change = (raw: string) => {
    if (raw === '') return onChange(undefined);
    if (type === 'number') {
      const parsed = Number(raw);
      return onChange(Number.isNaN(parsed) ? raw : parsed);
    }
    onChange(raw);
  };
  return (
    <input
      id={`${idPrefix}-input`}
      className="field__input question__input"
      type={type}
      inputMode={type === 'number' ? 'decimal' : undefined}
      value={value === undefined || value === null ? '' : String(value)}
      min={element.min}
      max={element.max}
      maxLength={element.maxLength}
      placeholder={element.placeholder}
      autoComplete={type === 'email' ? 'email' : type === 'tel' ? 'tel' : 'off'}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      disabled={disabled}
      onChange={(event) => change(event.currentTarget.value)}
    />
  );
}
