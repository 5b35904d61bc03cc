/**
 * Macedonian dates where the browser's Intl has no Macedonian (Chrome):
 * CLDR's patterns for the options the portal uses ("четврток, 26 ноември
 * 2026 г.", "чет., 26 ное.", "ноември 2026 г.", "9:05", 24-hour), built
 * from the clinic-zone numbers an en-US formatter gives. Loaded with the
 * Macedonian texts; where Intl knows Macedonian (Node, Firefox) Intl's own
 * formatting is kept (registerDateFallback).
 */
import { registerDateFallback } from '../../domain/time/intl';

// prettier-ignore
const MONTHS = ['јануари', 'февруари', 'март', 'април', 'мај', 'јуни', 'јули', 'август', 'септември', 'октомври', 'ноември', 'декември'];
// prettier-ignore
const MONTHS_SHORT = ['јан.', 'фев.', 'мар.', 'апр.', 'мај', 'јун.', 'јул.', 'авг.', 'сеп.', 'окт.', 'ное.', 'дек.'];
const WEEKDAYS = ['недела', 'понеделник', 'вторник', 'среда', 'четврток', 'петок', 'сабота'];
const WEEKDAYS_SHORT = ['нед.', 'пон.', 'вто.', 'сре.', 'чет.', 'пет.', 'саб.'];
const EN_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

type Part = Intl.DateTimeFormatPart;

/** A DateTimeFormat for `mk` with `options`, as CLDR's Macedonian writes it. */
export function mkDateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const numbers = new Intl.DateTimeFormat('en-US', {
    timeZone: options.timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(options.timeZoneName ? { timeZoneName: options.timeZoneName } : {}),
  });
  const { weekday, day, month, year, hour, minute, timeZoneName } = options;

  function formatToParts(date?: Date | number): Part[] {
    const value = Object.fromEntries(numbers.formatToParts(date).map((p) => [p.type, p.value]));
    const parts: Part[] = [];
    const add = (type: Part['type'], text: string) => parts.push({ type, value: text });
    const monthIndex = Number(value.month) - 1;
    if (weekday) {
      const index = EN_WEEKDAYS.indexOf(value.weekday ?? '');
      add('weekday', (weekday === 'long' ? WEEKDAYS : WEEKDAYS_SHORT)[index] ?? '');
      if (day || month || year) add('literal', ', ');
    }
    if (month === 'numeric' || month === '2-digit') {
      // 26.11.2026 г.
      if (day) add('day', value.day ?? '');
      if (day) add('literal', '.');
      add('month', String(monthIndex + 1));
      if (year) add('literal', '.');
    } else {
      if (day) add('day', value.day ?? '');
      if (day && month) add('literal', ' ');
      if (month) add('month', (month === 'long' ? MONTHS : MONTHS_SHORT)[monthIndex] ?? '');
      if (year && (day || month)) add('literal', ' ');
    }
    if (year) {
      add('year', value.year ?? '');
      add('literal', ' г.');
    }
    if (hour || minute) {
      if (parts.length > 0) add('literal', ', во ');
      const hours = value.hour ?? '';
      add('hour', hour === '2-digit' ? hours : String(Number(hours)));
      add('literal', ':');
      add('minute', value.minute ?? '');
    }
    if (timeZoneName) {
      if (parts.length > 0) add('literal', ' ');
      add('timeZoneName', value.timeZoneName ?? '');
    }
    return parts;
  }

  return {
    format: (date?: Date | number) =>
      formatToParts(date)
        .map((part) => part.value)
        .join(''),
    formatToParts,
    resolvedOptions: () => ({ ...numbers.resolvedOptions(), locale: 'mk' }),
  } as Intl.DateTimeFormat;
}

/** Macedonian dates for a browser without them (called when the Macedonian texts load). */
export function registerMkDates(): void {
  registerDateFallback('mk', mkDateTimeFormat);
}
