/** The static base bundle of each locale (R-7-calls-03: "a shared static file"). */
import type { TranslationBundle } from '../../api/contract';
import type { SupportedLocale } from '../locales';
import { en } from './en';
import { enAU } from './en-AU';
import { enCA } from './en-CA';
import { enNZ } from './en-NZ';
import { mk } from './mk';

export type { MessageKey } from './en-AU';

const OWN_TEXTS: Readonly<Record<SupportedLocale, Readonly<Partial<TranslationBundle>>>> = {
  'en-AU': {},
  'en-NZ': enNZ,
  'en-CA': enCA,
  en,
  mk,
};

/** The complete base bundle of a locale: its own texts over the en-AU ones, so no key is ever missing. */
export function baseBundle(locale: SupportedLocale): TranslationBundle {
  return { ...enAU, ...(OWN_TEXTS[locale] as TranslationBundle) };
}
