/**
 * One cache of Intl date formatters for the whole product (front end and
 * server): building a DateTimeFormat costs far more than using one, and the
 * same few locale/zone/option sets are asked for again and again.
 *
 * A browser whose Intl lacks a locale's data (Chrome ships no Macedonian:
 * `mk` formats as en-US, "Thursday, November 26, 2026 at 3:10 PM") gets
 * the formatters registered for it (src/i18n/bundles/mk.dates.ts, loaded
 * with that locale's texts).
 */
const cache = new Map<string, Intl.DateTimeFormat>();

/** Makes a formatter for a locale the runtime's Intl does not know. */
export type DateFormatFactory = (options: Intl.DateTimeFormatOptions) => Intl.DateTimeFormat;

const fallbacks = new Map<string, DateFormatFactory>();

/** Formats `locale` with `factory` where Intl lacks it; where Intl has it, nothing changes. */
export function registerDateFallback(locale: string, factory: DateFormatFactory): void {
  if (Intl.DateTimeFormat.supportedLocalesOf(locale).length > 0) return;
  fallbacks.set(locale, factory);
  for (const key of [...cache.keys()]) if (key.startsWith(`${locale}|`)) cache.delete(key);
}

/** The formatter for a locale and options, built once. */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = fallbacks.get(locale)?.(options) ?? new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}
