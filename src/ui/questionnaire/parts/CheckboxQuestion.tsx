import type { CheckboxElement } from '../../../contract/questionnaire-format';
import { choiceEntries, type QuestionPartProps } from '../types';

/** `checkbox`: any number of choices; the answer is the list of chosen values in choice order. */
export function CheckboxQuestion(props: QuestionPartProps<CheckboxElement>) {
  const { element, value, onChange, describedBy, disabled, invalid, idPrefix } = props;
  const chosen = Array.isArray(value) ? (value as unknown[]) : [];
  const entries = choiceEntries(element.choices);
  const toggle = (choice: string | number) => {
    const next = chosen.includes(choice)
      ? chosen.filter((item) => item !== choice)
      : entries.map((entry) => entry.value).filter((v) => v === choice || chosen.includes(v));
    onChange(next.length > 0 ? next : undefined);
  };
  return (
    <div className="choice-group__options question__choices">
      {entries.map((choice, index) => {
        const checked = chosen.includes(choice.value);
        return (
          <label
            key={String(choice.value)}
            className="choice"
            data-state={checked ? 'checked' : undefined}
          >
            <input
              id={`${idPrefix}-${index}`}
              type="checkbox"
              value={String(choice.value)}
              checked={checked}
              disabled={disabled}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={() => toggle(choice.value)}
            />
            <span>{choice.label}</span>
          </label>
        );
      })}
    </div>
  );
}
