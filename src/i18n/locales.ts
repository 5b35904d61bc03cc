/** The locales the portal ships (R-9-29) and how a requested one is chosen (R-8-36). */

export const SUPPORTED_LOCALES = ['en-AU', 'en-NZ', 'en-CA', 'en', 'mk'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/** English (Australia): the default and the fallback (R-8-36). */
export const DEFAULT_LOCALE: SupportedLocale = 'en-AU';

const BY_LOWER_CASE = new Map<string, SupportedLocale>(
  SUPPORTED_LOCALES.map((locale) => [locale.toLowerCase(), locale]),
);

export function isSupportedLocale(value: string): value is SupportedLocale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/**
 * The supported locale for a requested tag. Case and `_` versus `-` do not
 * matter (providers configure `en_AU` as often as `en-AU`). A regional tag
 * of a language shipped without region (`mk-MK`, `en-US`) gets that
 * language. Anything else is unsupported: R-8-36 logs a warning and uses
 * English (Australia). No request at all quietly gives the default.
 */
export function resolveLocale(requested: string | null | undefined): SupportedLocale {
  const tag = (requested ?? '').trim().replace(/_/g, '-').toLowerCase();
  if (!tag) return DEFAULT_LOCALE;
  const exact = BY_LOWER_CASE.get(tag);
  if (exact) return exact;
  const language = BY_LOWER_CASE.get(tag.split('-')[0] ?? '');
  if (language) return language;
  console.warn(`Unsupported locale "${requested}", using ${DEFAULT_LOCALE}.`);
  return DEFAULT_LOCALE;
}
