/**
 * Which supported locale a language tag or an Accept-Language header means.
 * Pure, so the front end (src/i18n/locales.ts) and the server agree.
 */
import { SUPPORTED_LOCALES, type SupportedLocale } from '../../contract/locales';

const BY_LOWER_CASE = new Map<string, SupportedLocale>(
  SUPPORTED_LOCALES.map((locale) => [locale.toLowerCase(), locale]),
);

/**
 * The supported locale of a tag, or null. Case and `_` versus `-` do not
 * matter (providers configure `en_AU` as often as `en-AU`), and a regional
 * tag of a language shipped without that region (`mk-MK`, `en-US`) gets
 * the language.
 */
export function matchLocale(requested: string | null | undefined): SupportedLocale | null {
  const tag = (requested ?? '').trim().replace(/_/g, '-').toLowerCase();
  if (!tag) return null;
  return BY_LOWER_CASE.get(tag) ?? BY_LOWER_CASE.get(tag.split('-')[0] ?? '') ?? null;
}

/**
 * The first supported locale of an Accept-Language header, by quality
 * (`mk, en;q=0.8` → mk); null when it names none.
 */
export function acceptedLocale(header: string | null | undefined): SupportedLocale | null {
  const ranges = (header ?? '')
    .split(',')
    .map((range, index) => {
      const [tag = '', ...params] = range.split(';').map((part) => part.trim());
      const q = params.find((param) => param.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((range) => range.tag && range.tag !== '*' && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    const locale = matchLocale(range.tag);
    if (locale) return locale;
  }
  return null;
}
