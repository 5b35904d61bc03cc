/** Dates of studies and reports as a reader of the locale writes them. Pure. */
import { dateTimeFormat } from '../time/intl';

/** A calendar day (YYYY-MM-DD: a study date, a date of birth), never moved by a time zone. */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** An instant (ISO, UTC) in the reader's own zone, with the time. */
export function formatInstant(instant: string, locale: string, timeZone?: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return dateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** DICOM's "FAMILY^Given" as a person reads it: "Given Family". */
export function personName(name: string): string {
  const [family = '', given = ''] = name.split('^');
  if (!given) return family;
  const title = family.charAt(0) + family.slice(1).toLowerCase();
  return `${given} ${family === family.toUpperCase() ? title : family}`.trim();
}
