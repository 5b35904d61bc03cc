import { useQuietStore } from '../stores/useQuietStore';
import { useId } from 'react';
import type { SupportedLocale } from '../i18n/locales';
import { useT } from '../i18n/useT';
import { $locale, chooseLocale } from '../stores/locale.store';
import { useDropdown } from './useDropdown';

/** Each locale's name in its own language: how a patient recognises theirs. */
export const LOCALE_NAMES: Readonly<Record<SupportedLocale, string>> = {
  'en-AU': 'English (Australia)',
  'en-NZ': 'English (New Zealand)',
  'en-CA': 'English (Canada)',
  en: 'English',
  mk: 'Македонски',
};

/**
 * The language switcher (issue 13 part 8): the provider's languages, each
 * named in itself and marked with its `lang`, so a patient finds theirs and
 * a screen reader pronounces it. The choice holds for the visit
 * (locale.store) and goes with the booking into its e-mails. The header
 * loads it on demand: the frame's first load has no room for it.
 */
export function LanguageMenu({
  locales,
  onChosen,
}: {
  locales: SupportedLocale[];
  /** After a choice (the phone menu closes and takes the focus back). */
  onChosen?: (() => void) | undefined;
}) {
  const t = useT();
  const current = useQuietStore($locale);
  const { open, setOpen, rootRef, toggleRef } = useDropdown();
  const listId = useId();

  const choose = (locale: SupportedLocale) => {
    setOpen(false);
    if (onChosen) onChosen();
    else toggleRef.current?.focus();
    void chooseLocale(locale);
  };

  return (
    <div className="user-menu" ref={rootRef} data-state={open ? 'open' : 'closed'}>
      <button
        ref={toggleRef}
        type="button"
        className="nav__link"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="visually-hidden">{t('menu.language')}: </span>
        <span lang={current}>{LOCALE_NAMES[current]}</span>
      </button>
      <ul id={listId} className="user-menu__list" hidden={!open}>
        {locales.map((locale) => (
          <li key={locale}>
            <button
              type="button"
              className="user-menu__item"
              lang={locale}
              aria-current={locale === current}
              onClick={() => choose(locale)}
            >
              {LOCALE_NAMES[locale]}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
