/**
 * The texts of one patient e-mail in the booking's locale (issue 13 part 8):
 * the server's own e-mail texts (mail-texts.en.ts, mail-texts.mk.ts) under
 * the provider's bundle of that locale, which may override them and
 * translates the catalogue (exam names and preparation, src/domain's
 * catalogueKey). Dates read as the locale writes them, on the clinic's clock.
 * A booking without a locale, or with one the portal does not ship, gets
 * English (Australia).
 */
import { DEFAULT_LOCALE, type SupportedLocale } from '../../src/contract/locales.js';
import { zoneAbbreviation } from '../../src/domain/booking/format.js';
import { catalogueKey } from '../../src/domain/i18n/catalogue-texts.js';
import { matchLocale } from '../../src/domain/i18n/locale-match.js';
import { dateTimeFormat } from '../../src/domain/time/intl.js';
import type { Queryable } from '../db/db.js';
import { readBundle } from '../db/translations.repo.js';
import { MAIL_TEXTS_EN, type MailKey } from './mail-texts.en.js';
import { MAIL_TEXTS_MK } from './mail-texts.mk.js';

const OWN_TEXTS: Partial<Record<SupportedLocale, Record<MailKey, string>>> = { mk: MAIL_TEXTS_MK };

/** An exam as the e-mails name it: its slug finds the provider's translation. */
export interface MailExam {
  slug: string | null;
  name: string;
  examNotes: string;
  notes: string;
}

export interface MailTexts {
  locale: SupportedLocale;
  t(key: MailKey, params?: Record<string, string | number>): string;
  /** The exam's name in the locale. */
  examName(exam: Pick<MailExam, 'slug' | 'name'>): string;
  /** How to prepare (exam notes, then notes), in the locale. */
  preparation(exam: MailExam): string;
  /** 'Monday 23 November 2026 at 9:00 am' on the clinic's clock. */
  when(instantMs: number, timeZone: string): string;
  /** The zone's abbreviation at that instant (AEDT). */
  zone(instantMs: number, timeZone: string): string;
  /** 'MRI Knee and CT Chest', as the locale joins a list. */
  list(items: readonly string[]): string;
}

function interpolate(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

/** The instant on the clinic's clock, as the locale writes a date and time. */
export function clinicLocalText(instantMs: number, timeZone: string, locale: string): string {
  const format = dateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return format.format(new Date(instantMs)).replace(/,/g, '');
}

/** The texts for a booking stored with `requested` as its locale. */
export async function mailTexts(
  q: Queryable,
  requested: string | null | undefined,
): Promise<MailTexts> {
  const locale = matchLocale(requested) ?? DEFAULT_LOCALE;
  const provider = await readBundle(q, locale);
  const own = OWN_TEXTS[locale] ?? MAIL_TEXTS_EN;
  const text = (key: string, source: string) => provider[key] ?? source;
  return {
    locale,
    t: (key, params) => interpolate(provider[key] ?? own[key], params),
    examName: (exam) => (exam.slug ? text(catalogueKey.exam(exam.slug), exam.name) : exam.name),
    preparation: (exam) =>
      [
        exam.slug
          ? text(catalogueKey.exam(exam.slug, 'examNotes'), exam.examNotes)
          : exam.examNotes,
        exam.slug ? text(catalogueKey.exam(exam.slug, 'notes'), exam.notes) : exam.notes,
      ]
        .filter(Boolean)
        .join('\n\n'),
    when: (instantMs, timeZone) => clinicLocalText(instantMs, timeZone, locale),
    zone: (instantMs, timeZone) =>
      zoneAbbreviation(timeZone, new Date(instantMs).toISOString(), locale),
    list: (items) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(items),
  };
}
