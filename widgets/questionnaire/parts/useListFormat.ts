import { useQuietStore } from '../../../src/stores/useQuietStore';
import { useMemo } from 'react';
import { dateLocale } from '../../../src/i18n/dates';
import { $locale } from '../../../src/stores/locale.store';

/** Joins names the way the locale does ("MRI Knee, CT Chest and Chest X-ray"). */
export function useListFormat(): (names: readonly string[]) => string {
  const locale = dateLocale(useQuietStore($locale));
  return useMemo(() => {
    const format = new Intl.ListFormat(locale, { type: 'conjunction' });
    return (names) => format.format(names);
  }, [locale]);
}
