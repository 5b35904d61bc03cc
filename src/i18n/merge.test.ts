import { afterEach, describe, expect, it, vi } from 'vitest';
import { flattenBundle, mergeBundles } from './merge';

const base = {
  'menu.home': 'Home (base)',
  'menu.contact': 'Contact (base)',
  'menu.terms': 'Terms (base)',
};
const provider = { 'menu.contact': 'Contact (provider)', 'menu.terms': 'Terms (provider)' };

describe('mergeBundles (R-7-calls-03, R-6-03, open point 5)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('role translations win over the provider bundle, which wins over the base file', () => {
    const merged = mergeBundles(base, provider, JSON.stringify({ 'menu.terms': 'Terms (role)' }));
    expect(merged).toEqual({
      'menu.home': 'Home (base)',
      'menu.contact': 'Contact (provider)',
      'menu.terms': 'Terms (role)',
    });
  });

  it('without provider bundle or role translations the base file is used', () => {
    expect(mergeBundles(base, undefined, null)).toEqual(base);
  });

  it('invalid roleTranslations JSON is ignored with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(mergeBundles(base, provider, '{not json')).toEqual({ ...base, ...provider });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('roleTranslations that is JSON but not an object is ignored with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(mergeBundles(base, provider, '["menu.home"]')).toEqual({ ...base, ...provider });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('nested provider and role bundles are flattened to the flat keys', () => {
    const merged = mergeBundles(
      base,
      { menu: { home: 'Home (provider)' } },
      '{"menu":{"contact":"Contact (role)"}}',
    );
    expect(merged['menu.home']).toBe('Home (provider)');
    expect(merged['menu.contact']).toBe('Contact (role)');
  });
});

describe('flattenBundle', () => {
  it('keeps text, stringifies numbers and drops other leaves', () => {
    expect(flattenBundle({ a: 'x', b: { c: 2, d: null, e: ['y'] } })).toEqual({
      a: 'x',
      'b.c': '2',
    });
    expect(flattenBundle('not an object')).toEqual({});
  });
});
