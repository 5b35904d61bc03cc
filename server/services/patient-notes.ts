/**
 * PATIENT_NOTE outcomes kept with the booking (issue 13): what the answers
 * mean for the patient (a support person is welcome, bring the implant card)
 * is stored on each appointment whose exam the answered questionnaire applies
 * to, so the confirmation page and the e-mail show it under "How to prepare"
 * long after the questionnaire.
 */
import type { PatientNote } from '../../src/contract/questionnaire.js';
import { BEFORE_BOOKING_TYPES } from '../../src/contract/questionnaire.js';
import type { Queryable } from '../db/db.js';
import { listQuestionnaires } from '../db/questionnaires.repo.js';
import type { KeyRef } from '../db/secrets.js';
import { readBundle } from '../db/translations.repo.js';
import { keyOutcome } from './questionnaire-outcomes.js';

/** The notes of the key's answers to the questionnaires that apply to this exam. */
export async function patientNotesFor(
  q: Queryable,
  bookingKey: KeyRef,
  exam: { slug: string; modalityId: number },
): Promise<PatientNote[]> {
  const applying = await listQuestionnaires(q, {
    types: BEFORE_BOOKING_TYPES,
    examSlugs: [exam.slug],
    modalityIds: [exam.modalityId],
  });
  if (applying.length === 0) return [];
  const outcome = await keyOutcome(q, bookingKey, {
    questionnaireIds: applying.map((row) => row.id),
    examSlugs: [exam.slug],
  });
  return outcome.notes;
}

/**
 * The notes as text for an e-mail, from the provider's translations
 * (`{{name}}` filled in); a key without a text is left out rather than
 * shown to the patient as a key.
 */
export async function noteTexts(
  q: Queryable,
  notes: readonly PatientNote[],
  locale = 'en-AU',
): Promise<string[]> {
  if (notes.length === 0) return [];
  const bundle = await readBundle(q, locale);
  return notes.flatMap((note) => {
    const text = bundle[note.message];
    if (!text) return [];
    return [
      text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => note.messageParams[name] ?? ''),
    ];
  });
}
