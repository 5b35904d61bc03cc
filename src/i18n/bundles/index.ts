/** The static base bundle of each locale (R-7-calls-03: "a shared static file"). */
import type { TranslationBundle } from '../../contract/portal';
import type { SupportedLocale } from '../locales';
import { en } from './en';
import { enAU } from './en-AU';
import { enCA } from './en-CA';
import { enNZ } from './en-NZ';

export type { MessageKey } from './en-AU';

type OwnTexts = Readonly<Partial<TranslationBundle>>;

/** The English variants are tiny and always bundled. */
const OWN_TEXTS = new Map<SupportedLocale, OwnTexts>([
  ['en-AU', {}],
  ['en-NZ', enNZ],
  ['en-CA', enCA],
  ['en', en],
]);

/**
 * Macedonian loads on demand, outside the frame's first-load bundle
 * (the frame's 100 kB first-load budget); until it arrives the en-AU texts show.
 */
const LAZY_TEXTS: Partial<Record<SupportedLocale, () => Promise<OwnTexts>>> = {
  // With the texts, Macedonian dates for browsers whose Intl lacks them (Chrome).
  mk: () =>
    import('./mk').then((module) => {
      module.registerMkDates();
      return module.mk;
    }),
};

/**
 * A feature's own base texts (the booking flow's, say), registered by the
 * feature's element, so they load with that element and not with every
 * element (the frame's first-load budget). `en-AU` is complete; other locales load
 * on demand and fall back to it key by key.
 */
export interface FeatureTexts {
  'en-AU': OwnTexts;
  lazy?: Partial<Record<SupportedLocale, () => Promise<OwnTexts>>>;
}

const features: { texts: FeatureTexts; loaded: Map<SupportedLocale, OwnTexts> }[] = [];

/** Adds a feature's texts to the base bundle of every locale; registering the same texts twice does nothing. */
export function registerFeatureTexts(texts: FeatureTexts): void {
  if (!features.some((feature) => feature.texts === texts))
    features.push({ texts, loaded: new Map() });
}

function featureLoaded(locale: SupportedLocale): boolean {
  return features.every((feature) => !feature.texts.lazy?.[locale] || feature.loaded.has(locale));
}

export function isBaseBundleLoaded(locale: SupportedLocale): boolean {
  return OWN_TEXTS.has(locale) && featureLoaded(locale);
}

/** Loads a locale's own texts, and its registered features' texts, once; resolves at once for the bundled ones. */
export async function loadBaseBundle(locale: SupportedLocale): Promise<void> {
  const load = LAZY_TEXTS[locale];
  const own =
    OWN_TEXTS.has(locale) || !load
      ? undefined
      : load().then((texts) => void OWN_TEXTS.set(locale, texts));
  const lazyFeatures = features.map(async (feature) => {
    const loadFeature = feature.texts.lazy?.[locale];
    if (loadFeature && !feature.loaded.has(locale)) feature.loaded.set(locale, await loadFeature());
  });
  await Promise.all([own, ...lazyFeatures]);
}

/** The complete base bundle of a locale: its own texts over the en-AU ones, so no key is ever missing. */
export function baseBundle(locale: SupportedLocale): TranslationBundle {
  const bundle: TranslationBundle = { ...enAU };
  for (const feature of features) Object.assign(bundle, feature.texts['en-AU']);
  Object.assign(bundle, OWN_TEXTS.get(locale));
  for (const feature of features) Object.assign(bundle, feature.loaded.get(locale));
  return bundle;
}
