import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { translate } from './translate';

/** Every bundle the portal ships, keyed by file, so each text is compared with i18next's answer. */
const modules = import.meta.glob<Record<string, unknown>>(
  ['./bundles/*.ts', '!./bundles/*.test.ts'],
  { eager: true },
);

function bundlesOf(suffix: RegExp): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [file, module] of Object.entries(modules)) {
    if (!suffix.test(file)) continue;
    for (const value of Object.values(module))
      if (value && typeof value === 'object') Object.assign(texts, value);
  }
  return texts;
}

const PARAMS = [
  undefined,
  { count: 0 },
  { count: 1 },
  { count: 2 },
  { count: 11 },
  { count: 21, name: 'Harbour & Hills <Imaging>', seconds: 7, exam: 'MRI' },
  { name: 'Ана', clinic: 'Бондај', date: '26.11.2026', time: '09:30', zone: 'AEDT', year: 2026 },
];

describe('translate: the i18next format the bundles use, without i18next', () => {
  for (const [locale, files] of [
    ['en-AU', /(en-AU|\/en)\.ts$/],
    ['mk', /mk\.ts$/],
  ] as const) {
    it(`R-9-29: gives i18next's answer for every ${locale} text, with and without values and counts`, async () => {
      const texts = bundlesOf(files);
      expect(Object.keys(texts).length).toBeGreaterThan(100);
      const oracle = i18next.createInstance();
      await oracle.init({
        lng: locale,
        fallbackLng: false,
        keySeparator: false,
        nsSeparator: false,
        initAsync: false,
        interpolation: { escapeValue: false },
        resources: { [locale]: { translation: texts } },
      });
      const keys = new Set(Object.keys(texts).map((key) => key.replace(/_(one|other|few|many)$/, '')));
      for (const key of keys)
        for (const params of PARAMS)
          expect(translate(texts, locale, key, params), `${key} ${JSON.stringify(params)}`).toBe(
            oracle.t(key, { ...params, lng: locale }),
          );
    });
  }

  it('a missing key shows the key itself, and values are not HTML-escaped', () => {
    expect(translate({}, 'en-AU', 'message.no_such_key')).toBe('message.no_such_key');
    expect(translate({ a: '{{ name }} & co' }, 'en-AU', 'a', { name: '<b>' })).toBe('<b> & co');
  });
});
