import { describe, expect, it, vi } from 'vitest';
import { dateLocale, formatDate, startOfWeek, weekStartsOn } from './dates';

describe('date locales (R-9-29, R-9-30)', () => {
  it.each([
    ['en-AU', 1],
    ['en-NZ', 1],
    ['en', 1],
    ['mk', 1],
    ['en-CA', 0],
  ] as const)('the week in %s starts on day %i', (locale, day) => {
    expect(weekStartsOn(locale)).toBe(day);
  });

  it('every supported locale maps to its date locale', () => {
    expect(['en-AU', 'en-NZ', 'en-CA', 'en', 'mk'].map(dateLocale)).toEqual([
      'en-AU',
      'en-NZ',
      'en-CA',
      'en',
      'mk',
    ]);
  });

  it('the week of Wednesday 2026-11-18 starts Monday the 16th, or Sunday the 15th in en-CA', () => {
    const wednesday = new Date(2026, 10, 18, 12);
    expect(startOfWeek(wednesday, 'en-AU').getDate()).toBe(16);
    expect(startOfWeek(wednesday, 'en-CA').getDate()).toBe(15);
  });

  it('formats month names in Macedonian', () => {
    expect(formatDate(new Date(2026, 10, 18, 12), 'MMMM', 'mk')).toBe('ноември');
  });

  it('R-8-36: an unsupported locale formats as English (Australia), with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(dateLocale('fr-FR')).toBe('en-AU');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
