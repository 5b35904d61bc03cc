/** The locales the portal ships (R-9-29) and how a requested one is chosen (R-8-36). */
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type SupportedLocale } from '../contract/locales';
import { matchLocale } from '../domain/i18n/locale-match';

export { DEFAULT_LOCALE, SUPPORTED_LOCALES, type SupportedLocale };

export function isSupportedLocale(value: string): value is SupportedLocale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/**
 * The supported locale for a requested tag (see matchLocale: `en_AU`,
 * `mk-MK` and `en-US` are understood). Anything else is unsupported: R-8-36
 * logs a warning and uses English (Australia). No request at all quietly
 * gives the default.
 */
export function resolveLocale(requested: string | null | undefined): SupportedLocale {
  if (!(requested ?? '').trim()) return DEFAULT_LOCALE;
  const locale = matchLocale(requested);
  if (locale) return locale;
  console.warn(`Unsupported locale "${requested}", using ${DEFAULT_LOCALE}.`);
  return DEFAULT_LOCALE;
}
