/**
 * How booking dates and times read, in the clinic's zone and the portal's
 * locale. Pure (Intl only), so the server's e-mails can say the same.
 */

import { dateTimeFormat as formatter } from '../time/intl';

function utcDate(iso: string): Date {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12));
}

/** A calendar day (yyyy-mm-dd): 'long' → "Monday 24 November 2026", 'short' → "Mon 24 Nov". */
export function formatDay(iso: string, locale: string, style: 'long' | 'short' = 'long'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
      : { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' };
  return formatter(locale, options).format(utcDate(iso));
}

/** "November 2026". */
export function formatMonth(iso: string, locale: string): string {
  return formatter(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    utcDate(iso),
  );
}

/** The weekday's short name of a calendar day, e.g. "Mon". */
export function formatWeekday(iso: string, locale: string): string {
  return formatter(locale, { timeZone: 'UTC', weekday: 'short' }).format(utcDate(iso));
}

/** The clinic-local time of an instant, e.g. "9:30 am". */
export function formatTime(instant: string, timeZone: string, locale: string): string {
  return formatter(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(instant),
  );
}

/** The clinic-local day of an instant, e.g. "Monday 24 November 2026". */
export function formatInstantDay(instant: string, timeZone: string, locale: string): string {
  return formatter(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(instant));
}

/** An instant on the clinic's clock, e.g. "Monday 23 November 2026, 9:00 am AEDT". */
export function formatWhen(instant: string, timeZone: string, locale: string): string {
  return `${formatInstantDay(instant, timeZone, locale)}, ${formatTime(instant, timeZone, locale)} ${zoneAbbreviation(timeZone, instant, locale)}`;
}

/**
 * Locales whose zone names hold the abbreviations patients of the portal's
 * zones read (AEST, AWST, NZDT): Intl names them in English variants only;
 * Macedonian, say, would show "GMT+11".
 */
const ZONE_NAME_LOCALES = ['en-AU', 'en-NZ', 'en-CA', 'en-US'];

function zoneName(timeZone: string, instant: string, locale: string): string | undefined {
  return formatter(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((part) => part.type === 'timeZoneName')?.value;
}

/**
 * The zone's short name at an instant, e.g. "AWST": the locale's own name,
 * else the first English one that is not an offset; "GMT+13" only where no
 * locale has a name.
 */
export function zoneAbbreviation(timeZone: string, instant: string, locale: string): string {
  let offset: string | undefined;
  for (const candidate of [locale, ...ZONE_NAME_LOCALES]) {
    const name = zoneName(timeZone, instant, candidate);
    if (name && !/^(GMT|UTC)[+\-−]/.test(name)) return name;
    offset ??= name;
  }
  return offset ?? timeZone;
}

/** A distance in kilometres: one decimal below 10 km, whole kilometres above. */
export function formatDistance(km: number, locale: string): string {
  const digits = km < 10 ? 1 : 0;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(km);
}
