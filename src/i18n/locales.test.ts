import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveLocale } from './locales';

describe('resolveLocale (R-9-29, R-8-36)', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['en-AU', 'en-AU'],
    ['en-NZ', 'en-NZ'],
    ['en-CA', 'en-CA'],
    ['en', 'en'],
    ['mk', 'mk'],
    ['en_AU', 'en-AU'],
    ['EN-nz', 'en-NZ'],
    ['mk-MK', 'mk'],
    ['en-US', 'en'],
  ])('%s is served as %s', (requested, locale) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(resolveLocale(requested)).toBe(locale);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(['fr', 'de-DE', 'zz-ZZ', 'x'])(
    'R-8-36: unsupported locale %s logs a warning and English (Australia) is used',
    (requested) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      expect(resolveLocale(requested)).toBe('en-AU');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain(requested);
    },
  );

  it('no locale at all quietly gives English (Australia)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(resolveLocale(undefined)).toBe('en-AU');
    expect(resolveLocale('')).toBe('en-AU');
    expect(warn).not.toHaveBeenCalled();
  });
});
