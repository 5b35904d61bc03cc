/**
 * The locales the portal ships (R-9-29). The front end resolves a requested
 * locale to one of them (src/i18n/locales.ts), and the server resolves a
 * request's Accept-Language to one of them for the texts it writes itself
 * (questionnaires, e-mails).
 */
export const SUPPORTED_LOCALES = ['en-AU', 'en-NZ', 'en-CA', 'en', 'mk'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/** English (Australia): the default and the fallback (R-8-36). */
export const DEFAULT_LOCALE: SupportedLocale = 'en-AU';
