import { useId } from 'react';
import type { ProcedureTab } from '../../../src/domain/booking/flow-params';
import { useT } from '../../../src/i18n/useT';

interface ProcedureTabsProps {
  value: ProcedureTab;
  onChange: (tab: ProcedureTab) => void;
}

/** Procedure type (procedureTab, R-2.2-11): one exam or several, as a radio group. */
export function ProcedureTabs({ value, onChange }: ProcedureTabsProps) {
  const t = useT();
  const name = useId();
  const options: { tab: ProcedureTab; label: string }[] = [
    { tab: 'single', label: t('booking.exam.procedure_single') },
    { tab: 'multiple', label: t('booking.exam.procedure_multiple') },
  ];
  return (
    <fieldset className="choice-group" part="procedure-type">
      <legend className="choice-group__legend">{t('booking.exam.procedure_label')}</legend>
      <div className="choice-group__options">
        {options.map((option) => (
          <label
            key={option.tab}
            className="choice"
            data-state={value === option.tab ? 'checked' : undefined}
          >
            <input
              type="radio"
              name={name}
              value={option.tab}
              checked={value === option.tab}
              onChange={() => onChange(option.tab)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
