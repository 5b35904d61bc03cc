/**
 * Questionnaires and consent forms in the request's language (issue 13
 * part 8): the provider's translations of that locale over the stored
 * (English) title and texts, by the keys of src/domain/i18n/survey-texts.ts.
 * Only what is sent is translated: answers are checked, and cancel reasons
 * stored, against the stored questionnaire.
 */
import type { QuestionnaireJson } from '../../src/contract/questionnaire-format.js';
import {
  consentFormPrefix,
  localizeSurvey,
  surveyPrefix,
} from '../../src/domain/i18n/survey-texts.js';
import type { Queryable } from '../db/db.js';
import { readBundle } from '../db/translations.repo.js';

interface Translatable {
  code: string;
  title: string;
  json: QuestionnaireJson;
}

async function inLocale<T extends Translatable>(
  q: Queryable,
  rows: T[],
  locale: string | undefined,
  prefixOf: (code: string) => string,
): Promise<T[]> {
  if (!locale || rows.length === 0) return rows;
  const bundle = await readBundle(q, locale);
  const text = (key: string) => bundle[key];
  return rows.map((row) => {
    const prefix = prefixOf(row.code);
    return {
      ...row,
      title: text(`${prefix}.title`) ?? row.title,
      json: localizeSurvey(prefix, row.json, text),
    };
  });
}

/** Questionnaires as the request's locale reads them; no locale: as stored. */
export function questionnairesInLocale<T extends Translatable>(
  q: Queryable,
  rows: T[],
  locale?: string,
): Promise<T[]> {
  return inLocale(q, rows, locale, surveyPrefix);
}

/** Consent forms as the request's locale reads them; no locale: as stored. */
export function consentFormsInLocale<T extends Translatable>(
  q: Queryable,
  rows: T[],
  locale?: string,
): Promise<T[]> {
  return inLocale(q, rows, locale, consentFormPrefix);
}
