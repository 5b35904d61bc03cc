/**
 * The portal's locale. Switching applies the base bundle at once and then
 * the provider's bundle (GET /api/assets/translations) when it arrives.
 *
 * Who decides, strongest first (issue 13 part 8): the patient's choice in
 * the frame's language switcher during this visit (sessionStorage: it
 * survives reloads and navigation); an element's `locale` attribute or the
 * host page; the patient's choice in an earlier visit or another tab
 * (localStorage: closing the tab does not reset it); the provider's
 * app.jsLocale. An e-mail's link (`?lang=`, applyLinkLocale) is a choice:
 * it opens the portal in the language the patient booked in.
 */
import { atom, onMount } from 'nanostores';
import { getTranslations } from '../api/assets';
import { setRequestLocale } from '../api/client';
import { isAbortError } from '../api/errors';
import { applyProviderBundle, getLocale, hasProviderBundle, initI18n } from '../i18n/i18n';
import { isSupportedLocale, resolveLocale, type SupportedLocale } from '../i18n/locales';
import { matchLocale } from '../domain/i18n/locale-match';
import { loadBaseBundle } from '../i18n/bundles';
import { readKept, readVisit, writeKept, writeVisit } from './visit-storage';

export const $locale = atom<SupportedLocale>(getLocale());

/** Every call says which language the patient reads (the server's e-mails and questionnaires). */
setRequestLocale(getLocale());

const STORAGE_KEY = 'imaging-portal.locale';

/**
 * The locale the patient chose earlier in this visit, if any. Anything else
 * in the tab's storage (written by another script of the origin, or an older
 * build) is ignored like an unsupported kept choice, so it cannot override
 * the element's `locale` (issue 13 attack run).
 */
export function rememberedLocale(): SupportedLocale | null {
  const remembered = readVisit(STORAGE_KEY);
  return remembered && isSupportedLocale(remembered) ? remembered : null;
}

/** The locale the patient chose in an earlier visit or another tab; anything unsupported is ignored. */
export function keptLocale(): SupportedLocale | null {
  const kept = readKept(STORAGE_KEY);
  return kept && isSupportedLocale(kept) ? kept : null;
}

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
  const locale = rememberedLocale() ?? requested ?? keptLocale();
  if (!locale) return Promise.resolve(getLocale());
  chosen = true;
  return switchLocale(locale);
}

/** The patient's choice in the language switcher: applied at once, kept for the visit and after it. */
export function chooseLocale(locale: SupportedLocale): Promise<SupportedLocale> {
  writeVisit(STORAGE_KEY, locale);
  writeKept(STORAGE_KEY, locale);
  chosen = true;
  return switchLocale(locale);
}

/** The provider's language from configuration (app.jsLocale, R-1-25); ignored once a locale was chosen. */
export function applyProviderLocale(jsLocale: string | null | undefined): Promise<SupportedLocale> {
  const locale = rememberedLocale() ?? keptLocale() ?? jsLocale;
  if (chosen || !locale) return Promise.resolve($locale.value ?? getLocale());
  return switchLocale(locale);
}

/**
 * The language a link names (`?lang=`: the booking's, in its e-mails): the
 * patient's choice from then on. R-8-36: an unsupported one is ignored with
 * a warning, and the portal chooses as it would without it (English
 * (Australia) unless the patient or the provider chose otherwise).
 */
export function applyLinkLocale(requested: string): Promise<SupportedLocale> {
  const locale = matchLocale(requested);
  if (locale) return chooseLocale(locale);
  console.warn(`Unsupported locale "${requested}" in the link; it is ignored.`);
  return Promise.resolve($locale.value ?? getLocale());
}

// Lazy: the provider's texts load when something first shows the locale.
onMount($locale, () => {
  void loadProviderBundle($locale.value ?? getLocale());
});
