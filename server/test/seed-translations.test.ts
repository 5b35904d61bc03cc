// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isMessageKey, mkSeedBundle, seedTextsByKey } from '../db/seed-translations-mk.js';

describe('R-1-25 the demonstration provider is complete in Macedonian', () => {
  it('every catalogue, questionnaire, consent-form and notice text of the seed has a translation', () => {
    const mk = mkSeedBundle();
    const missing = Object.entries(seedTextsByKey())
      .filter(([key, text]) => !mk[key] && !isMessageKey(text))
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it('the keys name the item, not its position: exam slug, questionnaire code and element name', () => {
    const mk = mkSeedBundle();
    expect(mk['exam.mri-knee.name']).toBe('МРИ на колено');
    expect(mk['modality.x-ray.name']).toBe('Рендген');
    expect(mk['survey.mri-safety.pacemaker.choices.yes']).toBe('Да');
    expect(mk['survey.mri-safety.page.devices.title']).toBe('Импланти и уреди');
    expect(mk['consentForm.consent-procedure.title']).toBe('Согласност за интервенцијата');
  });
});
