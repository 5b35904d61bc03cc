/**
 * The portal's own i18next instance. The global i18next belongs to whatever
 * page hosts our custom elements, so we never touch it.
 *
 * Keys are flat (`keySeparator: false`, `nsSeparator: false`): the spec's
 * keys such as `message.loading` are used verbatim. React escapes output, so
 * interpolation does not (`escapeValue: false`); HTML from translations goes
 * through DOMPurify where it is rendered.
 */
import i18next from 'i18next';
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

export type TranslateParams = Record<string, unknown>;
export type Translate = (key: string, params?: TranslateParams) => string;

const NAMESPACE = 'translation';

const instance = i18next.createInstance();

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

/** Puts the merged texts of the current locale into the instance. */
function build(): void {
  const bundle = mergeBundles(
    baseBundle(state.locale),
    state.provider.get(state.locale),
    state.role,
  );
  state.texts = bundle;
  if (!state.ready) {
    // With inline resources and initAsync false, init finishes synchronously.
    void instance.init({
      lng: state.locale,
      fallbackLng: false,
      keySeparator: false,
      nsSeparator: false,
      initAsync: false,
      interpolation: { escapeValue: false },
      resources: {},
    });
    state.ready = true;
  }
  // Replace, not merge: role translations removed at logout must disappear.
  instance.removeResourceBundle(state.locale, NAMESPACE);
  instance.addResourceBundle(state.locale, NAMESPACE, bundle);
  void instance.changeLanguage(state.locale);
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
  return String(instance.t(key, { ...params, lng: state.locale }));
};
