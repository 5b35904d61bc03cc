/** The static base bundle of each locale (R-7-calls-03: "a shared static file"). */
import type { TranslationBundle } from '../../api/contract';
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
 * (issue 3's 100 kB budget); until it arrives the en-AU texts show.
 */
const LAZY_TEXTS: Partial<Record<SupportedLocale, () => Promise<OwnTexts>>> = {
  mk: () => import('./mk').then((module) => module.mk),
};

export function isBaseBundleLoaded(locale: SupportedLocale): boolean {
  return OWN_TEXTS.has(locale);
}

/** Loads a locale's own texts once; resolves at once for the bundled ones. */
export async function loadBaseBundle(locale: SupportedLocale): Promise<void> {
  const load = LAZY_TEXTS[locale];
  if (OWN_TEXTS.has(locale) || !load) return;
  OWN_TEXTS.set(locale, await load());
}

/** The complete base bundle of a locale: its own texts over the en-AU ones, so no key is ever missing. */
export function baseBundle(locale: SupportedLocale): TranslationBundle {
  return { ...enAU, ...(OWN_TEXTS.get(locale) as TranslationBundle | undefined) };
}
