/**
 * One cache of Intl date formatters for the whole product (front end and
 * server): building a DateTimeFormat costs far more than using one, and the
 * same few locale/zone/option sets are asked for again and again.
 */
const cache = new Map<string, Intl.DateTimeFormat>();

/** The formatter for a locale and options, built once. */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}
