/**
 * Dates per locale (R-9-29, R-9-30): the Intl tag @formkit/tempo formats
 * with, and the first day of the week.
 */
import { format, weekStart, type DateInput, type Format } from '@formkit/tempo';
import { resolveLocale, type SupportedLocale } from './locales';

/** The locale tag passed to tempo (and so to Intl) for each portal locale. */
export const DATE_LOCALES: Readonly<Record<SupportedLocale, string>> = {
  'en-AU': 'en-AU',
  'en-NZ': 'en-NZ',
  'en-CA': 'en-CA',
  en: 'en',
  mk: 'mk',
};

/** 0 = Sunday, 1 = Monday, as tempo's weekStart expects. */
export type WeekDay = 0 | 1;

export function dateLocale(locale: string): string {
  return DATE_LOCALES[resolveLocale(locale)];
}

/** R-9-30: the week starts on Monday, except in en-CA where it starts on Sunday. */
export function weekStartsOn(locale: string): WeekDay {
  return resolveLocale(locale) === 'en-CA' ? 0 : 1;
}

/** The first day of the week that holds `date`, in the locale's convention. */
export function startOfWeek(date: DateInput, locale: string): Date {
  return weekStart(date, weekStartsOn(locale));
}

/** tempo's format with the portal locale mapped to its date locale. */
export function formatDate(date: DateInput, style: Format, locale: string): string {
  return format(date, style, dateLocale(locale));
}
