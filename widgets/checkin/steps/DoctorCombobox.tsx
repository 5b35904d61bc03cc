import { useStore } from '@nanostores/react';
import { useId, useState, type KeyboardEvent } from 'react';
import type { DoctorSearchResult } from '../../../src/contract/check-in';
import { useT } from '../../../src/i18n/useT';
import { $doctorSearch, clearDoctorSearch, typeDoctorSearch } from '../doctor-search.store';

export interface DoctorComboboxProps {
  slug: string;
  value: { id: string; name: string } | null;
  error?: string | undefined;
  onChange: (doctor: { id: string; name: string } | null) => void;
}

/**
 * The referrer search (R-5-15..19) as a WAI-ARIA combobox: role=combobox on
 * the input, a listbox of options, Up/Down move the active option
 * (aria-activedescendant), Enter chooses, Escape closes the list.
 */
export function DoctorCombobox({ slug, value, error, onChange }: DoctorComboboxProps) {
  const t = useT();
  const id = useId();
  const search = useStore($doctorSearch);
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = search.results;
  const expanded = open && options.length > 0;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (doctor: DoctorSearchResult) => {
    onChange({ id: doctor.id, name: doctor.name });
    setText(doctor.name);
    setOpen(false);
    setActive(-1);
    clearDoctorSearch();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!options.length) return;
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(options[active]!);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div
      className="field checkin-combobox"
      data-invalid={error ? 'true' : undefined}
      part="referrer"
    >
      <label className="field__label" htmlFor={id}>
        {t('checkin.form.referrer')}
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        {t('checkin.form.referrer_hint')}
      </p>
      <input
        id={id}
        className="field__input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (value) onChange(null);
          setOpen(true);
          setActive(-1);
          typeDoctorSearch(slug, event.target.value, value ? [value.id] : []);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        className="checkin-combobox__list"
        hidden={!expanded}
        aria-label={t('checkin.form.referrer')}
      >
        {options.map((doctor, index) => (
          <li
            key={doctor.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="checkin-combobox__option"
            onMouseDown={(event) => {
              event.preventDefault();
              choose(doctor);
            }}
          >
            <strong>{doctor.name}</strong> · {doctor.practice}, {doctor.suburb} {doctor.postalCode}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {search.loading
          ? t('checkin.form.searching')
          : search.term && open
            ? t('checkin.form.results', { count: options.length })
            : ''}
      </p>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
