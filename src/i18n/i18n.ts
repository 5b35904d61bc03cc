/**
 * The portal's texts: the current locale's merged bundle and `t`. Nothing
 * global: a page hosting our custom elements may run its own i18n.
 *
 * Keys are flat: the spec's keys such as `message.loading` are used verbatim
 * (i18next's format, see translate.ts). React escapes output, so
 * interpolation does not; HTML from translations goes through DOMPurify where
 * it is rendered.
 */
import { atom } from 'nanostores';
import type { TranslationBundle } from '../contract/portal';
import {
  baseBundle,
  isBaseBundleLoaded,
  loadBaseBundle,
  registerFeatureTexts,
  type FeatureTexts,
} from './bundles';
import { DEFAULT_LOCALE, resolveLocale, type SupportedLocale } from './locales';
import { flattenBundle, mergeBundles, parseRoleTranslations } from './merge';
import { translate, type TranslateParams } from './translate';

export type { TranslateParams };
export type Translate = (key: string, params?: TranslateParams) => string;

const state: {
  locale: SupportedLocale;
  provider: Map<SupportedLocale, TranslationBundle>;
  role: TranslationBundle;
  ready: boolean;
  /** The merged texts of the current locale. */
  texts: TranslationBundle;
} = { locale: DEFAULT_LOCALE, provider: new Map(), role: {}, ready: false, texts: {} };

/**
 * Changes whenever the texts change (locale, provider bundle, role
 * translations), so components re-render with the new ones (see useT).
 */
export const $i18nVersion = atom(0);

/**
 * Merges the texts of the current locale. Replaced, not merged into the old
 * ones: role translations removed at logout must disappear.
 */
function build(): void {
  state.texts = mergeBundles(baseBundle(state.locale), state.provider.get(state.locale), state.role);
  state.ready = true;
}

/** Rebuilds and tells subscribers (useT) that the texts changed. */
function rebuild(): void {
  build();
  $i18nVersion.set($i18nVersion.get() + 1);
}

/** Switches to a locale (R-8-36: unsupported ones warn and use en-AU); returns the one used. */
export function initI18n(locale: string | null | undefined = DEFAULT_LOCALE): SupportedLocale {
  const resolved = resolveLocale(locale);
  state.locale = resolved;
  rebuild();
  if (!isBaseBundleLoaded(resolved)) {
    void loadBaseBundle(resolved).then(() => {
      if (state.locale === resolved) rebuild();
    });
  }
  return resolved;
}

/**
 * A feature element's own texts (see registerFeatureTexts): part of the base
 * bundle, so the provider's bundle and role translations still override them.
 */
export function addFeatureTexts(texts: FeatureTexts): void {
  registerFeatureTexts(texts);
  if (!state.ready) return;
  const locale = state.locale;
  rebuild();
  if (!isBaseBundleLoaded(locale)) {
    void loadBaseBundle(locale).then(() => {
      if (state.locale === locale) rebuild();
    });
  }
}

/** The provider's bundle for a locale (GET /api/assets/translations), over the base file (R-7-calls-03). */
export function applyProviderBundle(locale: SupportedLocale, bundle: unknown): void {
  state.provider.set(locale, flattenBundle(bundle));
  if (locale === state.locale) rebuild();
}

/** Whether the provider's bundle for a locale has been applied. */
export function hasProviderBundle(locale: SupportedLocale): boolean {
  return state.provider.has(locale);
}

/**
 * roleTranslations of the authentication response (R-6-03), over everything
 * else; null clears them (logout). Invalid JSON is ignored with a warning.
 */
export function applyRoleTranslations(roleTranslations: string | null | undefined): void {
  state.role = parseRoleTranslations(roleTranslations);
  rebuild();
}

export function getLocale(): SupportedLocale {
  return state.locale;
}

/**
 * The provider's text of a key as written (no interpolation), or the
 * fallback: the catalogue and configuration texts a provider translates by
 * key (src/domain/i18n/catalogue-texts.ts) over what the API sends.
 */
export function textOr(key: string, fallback: string): string {
  if (!state.ready) build();
  return state.texts[key] ?? fallback;
}

/** The text of a key in the current locale; a missing key shows the key itself. */
export const t: Translate = (key, params) => {
  // The first build happens lazily and silently: t runs during React render,
  // where changing $i18nVersion would update other components mid-render.
  if (!state.ready) build();
  return translate(state.texts, state.locale, key, params);
};
