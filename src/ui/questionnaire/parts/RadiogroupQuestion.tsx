import type { RadiogroupElement } from '../../../contract/questionnaire-format';
import { choiceEntries, type QuestionPartProps } from '../types';

/**
 * `radiogroup`: native radio buttons in a radiogroup, so the arrow keys move
 * between the choices and Tab leaves the group.
 */
export function RadiogroupQuestion(props: QuestionPartProps<RadiogroupElement>) {
  const { element, value, onChange, labelId, describedBy, required, disabled, invalid, idPrefix } =
    props;
  return (
    <div
      role="radiogroup"
      className="choice-group__options question__choices"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
    >
      {choiceEntries(element.choices).map((choice, index) => {
        const checked = value === choice.value;
        return (
          <label
            key={String(choice.value)}
            className="choice"
            data-state={checked ? 'checked' : undefined}
          >
            <input
              id={`${idPrefix}-${index}`}
              type="radio"
              name={idPrefix}
              value={String(choice.value)}
              checked={checked}
              disabled={disabled}
              onChange={() => onChange(choice.value)}
            />
            <span>{choice.label}</span>
          </label>
        );
      })}
    </div>
  );
}
