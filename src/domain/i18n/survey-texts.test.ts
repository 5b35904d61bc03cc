import { describe, expect, it } from 'vitest';
import type { QuestionnaireJson } from '../../contract/questionnaire-format';
import { localizeSurvey, surveyPrefix, surveyTexts } from './survey-texts';

const json: QuestionnaireJson = {
  title: 'MRI safety',
  description: 'A strong magnet.',
  pages: [
    {
      name: 'devices',
      title: 'Implants',
      elements: [
        {
          type: 'radiogroup',
          name: 'pacemaker',
          title: 'A pacemaker?',
          choices: [{ value: 'yes', text: 'Yes' }, 'no', 3],
        },
        { type: 'html', name: 'note', html: '<p>Bring your card.</p>' },
        {
          type: 'text',
          name: 'provider',
          title: 'Provider number',
          validators: [{ type: 'regex', regex: '^[0-9]+$', text: 'Digits only' }],
        },
        { type: 'boolean', name: 'agree', title: 'I agree', labelTrue: 'Sure' },
      ],
    },
  ],
};

describe('questionnaire texts by key (issue 13 part 8: providers translate their questionnaires)', () => {
  it('every text has a key made of the code, the element name and the field', () => {
    expect(surveyTexts(surveyPrefix('mri-safety'), json)).toEqual({
      'survey.mri-safety.title': 'MRI safety',
      'survey.mri-safety.description': 'A strong magnet.',
      'survey.mri-safety.page.devices.title': 'Implants',
      'survey.mri-safety.pacemaker.title': 'A pacemaker?',
      'survey.mri-safety.pacemaker.choices.yes': 'Yes',
      'survey.mri-safety.pacemaker.choices.no': 'no',
      'survey.mri-safety.pacemaker.choices.3': '3',
      'survey.mri-safety.note.html': '<p>Bring your card.</p>',
      'survey.mri-safety.provider.title': 'Provider number',
      'survey.mri-safety.provider.validators.0': 'Digits only',
      'survey.mri-safety.agree.title': 'I agree',
      'survey.mri-safety.agree.labelTrue': 'Sure',
    });
  });

  it('translates what the bundle has, keeps the rest, and never changes values or rules', () => {
    const mk: Record<string, string> = {
      'survey.mri-safety.title': 'Безбедност при МРИ',
      'survey.mri-safety.pacemaker.choices.yes': 'Да',
      'survey.mri-safety.pacemaker.choices.no': 'Не',
      'survey.mri-safety.provider.validators.0': 'Само бројки',
    };
    const localized = localizeSurvey(surveyPrefix('mri-safety'), json, (key) => mk[key]);
    expect(localized.title).toBe('Безбедност при МРИ');
    expect(localized.description).toBe('A strong magnet.');
    const [pacemaker, , provider] = localized.pages[0]!.elements;
    expect(pacemaker).toMatchObject({
      choices: [{ value: 'yes', text: 'Да' }, { value: 'no', text: 'Не' }, 3],
    });
    expect(provider).toMatchObject({
      validators: [{ type: 'regex', regex: '^[0-9]+$', text: 'Само бројки' }],
    });
    expect(json.title).toBe('MRI safety');
  });
});
