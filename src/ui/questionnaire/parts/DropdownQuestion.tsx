import type { DropdownElement } from '../../../contract/questionnaire-format';
import { useT } from '../../../i18n/useT';
import { choiceEntries, type QuestionPartProps } from '../types';

/** `dropdown`: a native select (the platform's own keyboard and screen-reader support). */
export function DropdownQuestion(props: QuestionPartProps<DropdownElement>) {
  const { element, value, onChange, labelId, describedBy, required, disabled, invalid, idPrefix } =
    props;
  const t = useT();
  const entries = choiceEntries(element.choices);
  const index = entries.findIndex((entry) => entry.value === value);
  return (
    <select
      id={`${idPrefix}-input`}
      className="field__input question__input"
      value={index >= 0 ? String(index) : ''}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      disabled={disabled}
      onChange={(event) => {
        const picked = entries[Number(event.currentTarget.value)];
        onChange(event.currentTarget.value === '' || !picked ? undefined : picked.value);
      }}
    >
      <option value="">{element.placeholder ?? t('questionnaire.select_placeholder')}</option>
      {entries.map((entry, i) => (
        <option key={String(entry.value)} value={String(i)}>
          {entry.label}
        </option>
      ))}
    </select>
  );
}
