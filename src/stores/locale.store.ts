/**
 * The portal's locale. Switching applies the base bundle at once and then
 * the provider's bundle (GET /api/assets/translations) when it arrives.
 */
import { atom, onMount } from 'nanostores';
import { getTranslations } from '../api/assets';
import { isAbortError } from '../api/errors';
import { applyProviderBundle, getLocale, hasProviderBundle, initI18n } from '../i18n/i18n';
import type { SupportedLocale } from '../i18n/locales';
import { loadBaseBundle } from '../i18n/bundles';

export const $locale = atom<SupportedLocale>(getLocale());

/** True once an element or the host page chose a locale; the provider default then no longer applies. */
let chosen = false;
const providerLoads = new Map<SupportedLocale, Promise<void>>();

/** Fetches and applies the provider's bundle of a locale, once; a failure keeps the base texts. */
export function loadProviderBundle(locale: SupportedLocale): Promise<void> {
  if (hasProviderBundle(locale)) return Promise.resolve();
  let load = providerLoads.get(locale);
  if (!load) {
    load = getTranslations(locale)
      .then((bundle) => applyProviderBundle(locale, bundle))
      .catch((error: unknown) => {
        if (!isAbortError(error))
          console.warn(
            `Provider translations for ${locale} not loaded; using the base texts.`,
            error,
          );
      })
      .finally(() => providerLoads.delete(locale));
    providerLoads.set(locale, load);
  }
  return load;
}

async function switchLocale(requested: string | null | undefined): Promise<SupportedLocale> {
  const locale = initI18n(requested);
  $locale.set(locale);
  await Promise.all([loadBaseBundle(locale), loadProviderBundle(locale)]);
  return locale;
}

/**
 * The locale chosen by an element's `locale` attribute or the host page.
 * R-8-36: an unsupported one logs a warning and en-AU is used. Resolves
 * with the locale used once the provider's texts are in.
 */
export function setLocale(requested: string | null | undefined): Promise<SupportedLocale> {
  chosen = true;
  return switchLocale(requested);
}

/** The provider's language from configuration (app.jsLocale, R-1-25); ignored once a locale was chosen. */
export function applyProviderLocale(jsLocale: string | null | undefined): Promise<SupportedLocale> {
  if (chosen || !jsLocale) return Promise.resolve($locale.value ?? getLocale());
  return switchLocale(jsLocale);
}

// Lazy: the provider's texts load when something first shows the locale.
onMount($locale, () => {
  void loadProviderBundle($locale.value ?? getLocale());
});
