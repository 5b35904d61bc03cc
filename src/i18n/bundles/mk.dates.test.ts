import { describe, expect, it } from 'vitest';
import { dateTimeFormat, registerDateFallback } from '../../domain/time/intl';
import { mkDateTimeFormat } from './mk.dates';

// Node's Intl knows Macedonian (full ICU); Chrome's does not, which is what mk.dates is for.
const OPTIONS: Intl.DateTimeFormatOptions[] = [
  { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  { weekday: 'short', day: 'numeric', month: 'short' },
  { month: 'long', year: 'numeric' },
  { weekday: 'short' },
  { hour: 'numeric', minute: '2-digit' },
  {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
  { day: 'numeric', month: 'numeric', year: 'numeric' },
];
const INSTANTS = ['2026-11-26T04:10:00Z', '2026-03-02T22:05:00Z', '2027-01-03T13:59:00Z'];

describe('Macedonian dates where the browser has none (R-9-29, issue 13 part 8)', () => {
  for (const options of OPTIONS)
    it(`writes ${JSON.stringify(options)} as Intl's Macedonian does`, () => {
      for (const instant of INSTANTS) {
        const zoned = { ...options, timeZone: 'Australia/Sydney' };
        expect(mkDateTimeFormat(zoned).format(new Date(instant))).toBe(
          new Intl.DateTimeFormat('mk', zoned).format(new Date(instant)),
        );
      }
    });

  it('is used only for a locale the runtime lacks; where Intl has it, Intl formats', () => {
    registerDateFallback('mk', () => {
      throw new Error('not used: Node knows mk');
    });
    expect(dateTimeFormat('mk', { month: 'long', timeZone: 'UTC' }).format(new Date(0))).toBe(
      'јануари',
    );
    registerDateFallback('xx', mkDateTimeFormat);
    expect(dateTimeFormat('xx', { month: 'long', timeZone: 'UTC' }).format(new Date(0))).toBe(
      'јануари',
    );
  });
});
