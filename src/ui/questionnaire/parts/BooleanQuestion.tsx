import type { BooleanElement } from '../../../contract/questionnaire-format';
import { useT } from '../../../i18n/useT';
import type { QuestionPartProps } from '../types';

/** `boolean`: Yes / No as two radio buttons; the answer is true or false. */
export function BooleanQuestion(props: QuestionPartProps<BooleanElement>) {
  const { element, value, onChange, labelId, describedBy, required, disabled, invalid, idPrefix } =
    props;
  const t = useT();
  const options = [
    { answer: true, label: element.labelTrue ?? t('questionnaire.boolean.yes') },
    { answer: false, label: element.labelFalse ?? t('questionnaire.boolean.no') },
  ];
  return (
    <div
      role="radiogroup"
      className="choice-group__options question__choices"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
    >
      {options.map((option) => {
        const checked = value === option.answer;
        return (
          <label
            key={String(option.answer)}
            className="choice"
            data-state={checked ? 'checked' : undefined}
          >
            <input
              id={`${idPrefix}-${String(option.answer)}`}
              type="radio"
              name={idPrefix}
              value={String(option.answer)}
              checked={checked}
              disabled={disabled}
              onChange={() => onChange(option.answer)}
            />
            <span>{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
