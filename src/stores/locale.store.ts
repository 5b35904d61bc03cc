/**
 * The portal's locale. Switching applies the base bundle at once and then
 * the provider's bundle (GET /api/assets/translations) when it arrives.
 *
 * Who decides, strongest first (issue 13 part 8): the patient's choice in
 * the frame's language switcher, kept for the visit (sessionStorage: it
 * survives reloads and navigation, and ends with the tab); an element's
 * `locale` attribute or the host page; the provider's app.jsLocale.
 */
import { atom, onMount } from 'nanostores';
import { getTranslations } from '../api/assets';
import { setRequestLocale } from '../api/client';
import { isAbortError } from '../api/errors';
import { applyProviderBundle, getLocale, hasProviderBundle, initI18n } from '../i18n/i18n';
import { resolveLocale, type SupportedLocale } from '../i18n/locales';
import { loadBaseBundle } from '../i18n/bundles';
import { readVisit, writeVisit } from './visit-storage';

export const $locale = atom<SupportedLocale>(getLocale());

/** Every call says which language the patient reads (the server's e-mails and questionnaires). */
setRequestLocale(getLocale());

const STORAGE_KEY = 'imaging-portal.locale';

/** The locale the patient chose earlier in this visit, if any. */
export const rememberedLocale = (): string | null => readVisit(STORAGE_KEY);

/** True once an element, the host page or the patient chose a locale; the provider default then no longer applies. */
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

async function switchLocale(requested: string): Promise<SupportedLocale> {
  // Elements connect on every route: the same locale again changes nothing (no re-render).
  const locale =
    resolveLocale(requested) === $locale.value && hasProviderBundle($locale.value)
      ? $locale.value
      : initI18n(requested);
  $locale.set(locale);
  setRequestLocale(locale);
  await Promise.all([loadBaseBundle(locale), loadProviderBundle(locale)]);
  return locale;
}

/**
 * The locale chosen by an element's `locale` attribute or the host page,
 * unless the patient chose one in this visit. R-8-36: an unsupported one
 * logs a warning and en-AU is used. Resolves with the locale used once the
 * provider's texts are in. Nothing to apply (no attribute, no choice):
 * the current locale.
 */
export function setLocale(requested: string | null | undefined): Promise<SupportedLocale> {
  const locale = rememberedLocale() ?? requested;
  if (!locale) return Promise.resolve(getLocale());
  chosen = true;
  return switchLocale(locale);
}

/** The patient's choice in the language switcher: applied at once and kept for the visit. */
export function chooseLocale(locale: SupportedLocale): Promise<SupportedLocale> {
  writeVisit(STORAGE_KEY, locale);
  chosen = true;
  return switchLocale(locale);
}

/** The provider's language from configuration (app.jsLocale, R-1-25); ignored once a locale was chosen. */
export function applyProviderLocale(jsLocale: string | null | undefined): Promise<SupportedLocale> {
  const locale = rememberedLocale() ?? jsLocale;
  if (chosen || !locale) return Promise.resolve($locale.value ?? getLocale());
  return switchLocale(locale);
}

// Lazy: the provider's texts load when something first shows the locale.
onMount($locale, () => {
  void loadProviderBundle($locale.value ?? getLocale());
});
