import { describe, expect, it } from 'vitest';
import { acceptedLocale, matchLocale } from './locale-match';

describe('matchLocale (R-9-29)', () => {
  it.each([
    ['mk', 'mk'],
    ['mk-MK', 'mk'],
    ['en_au', 'en-AU'],
    ['en-US', 'en'],
    ['fr', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale);
  });
});

describe('acceptedLocale: the language a request asks the server for (issue 13 part 8)', () => {
  it.each([
    ['mk', 'mk'],
    ['mk-MK,mk;q=0.9,en;q=0.8', 'mk'],
    ['fr-FR, mk;q=0.5', 'mk'],
    ['en;q=0.4, mk;q=0.9', 'mk'],
    ['de, fr', null],
    ['*', null],
    ['mk;q=0, en-AU', 'en-AU'],
    [undefined, null],
  ])('%s → %s', (header, locale) => {
    expect(acceptedLocale(header)).toBe(locale);
  });
});
