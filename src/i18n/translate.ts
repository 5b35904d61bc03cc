/**
 * The text of one key, with `{{name}}` placeholders and `_one`/`_other`
 * plurals: the subset of i18next's format the portal's bundles and the
 * providers' translation bundles use (flat keys, no nesting, no escaping).
 * i18next itself was 20 kB of every element's first load for this
 * (docs/decisions.md "Translations without i18next", issue 15 part 4).
 */
import type { TranslationBundle } from '../contract/portal';

export type TranslateParams = Record<string, unknown>;

const PLACEHOLDER = /\{\{-?\s*([^}]+?)\s*\}\}/g;

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralOf(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/** The stored text for a key: its plural form for `count` first, as i18next resolves it. */
function lookup(
  texts: TranslationBundle,
  locale: string,
  key: string,
  params: TranslateParams | undefined,
): string | undefined {
  const count = params?.count;
  if (typeof count === 'number') {
    const plural = texts[`${key}_${pluralOf(locale, count)}`];
    if (plural !== undefined) return plural;
  }
  return texts[key];
}

function valueText(value: unknown): string {
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value as string | number | boolean);
}

/**
 * A missing key shows the key itself; a placeholder without a value stays as
 * written (as in i18next).
 */
export function translate(
  texts: TranslationBundle,
  locale: string,
  key: string,
  params?: TranslateParams,
): string {
  const text = lookup(texts, locale, key, params);
  if (text === undefined) return key;
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = params?.[name];
    return value === undefined ? placeholder : valueText(value);
  });
}
