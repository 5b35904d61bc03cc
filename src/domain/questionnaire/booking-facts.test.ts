import { describe, expect, it } from 'vitest';
import type { QuestionnaireJson } from '../../contract/questionnaire-format';
import { bookingContext, bookingFacts } from './booking-facts';
import { checkQuestionnaire } from './check';
import { validateAnswers } from './validate';
import { elementStates, visibleChoices, withVisibleChoices } from './visibility';

const KNEE = { slug: 'xray-knee', modality: 'x-ray', bodyPart: 'knee' };
const CHEST = { slug: 'xray-chest', modality: 'x-ray', bodyPart: 'chest' };
const MAMMOGRAM = { slug: 'mammogram-screening', modality: 'mammography', bodyPart: 'breast' };

/** The seeded routing question: breast screening only for a breast exam. */
const routing: QuestionnaireJson = {
  pages: [
    {
      name: 'reason',
      elements: [
        {
          type: 'radiogroup',
          name: 'reason',
          isRequired: true,
          choices: [
            { value: 'injury', text: 'An injury' },
            {
              value: 'screening',
              text: 'Breast screening',
              visibleIf: "{booking.bodyParts} contains 'breast'",
            },
            { value: 'other', text: 'Something else' },
          ],
        },
        {
          type: 'comment',
          name: 'mriNote',
          visibleIf: "{booking.modalities} anyof ['mri']",
        },
      ],
    },
  ],
};

const offered = (context: ReturnType<typeof bookingContext>) => {
  const question = routing.pages[0]!.elements[0]!;
  if (question.type !== 'radiogroup') throw new Error('fixture');
  return visibleChoices(question.choices, {}, context).map((choice) =>
    typeof choice === 'object' ? choice.value : choice,
  );
};

describe("the booking's facts in conditions ({booking.…}, choice visibleIf)", () => {
  it('the facts list the exams, their modalities and body parts once each', () => {
    expect(bookingFacts([KNEE, CHEST, { ...KNEE }])).toEqual({
      examSlugs: ['xray-knee', 'xray-chest'],
      modalities: ['x-ray'],
      bodyParts: ['knee', 'chest'],
    });
  });

  it('issue 13: a routing question does not offer breast screening for a knee and a chest exam', () => {
    expect(offered(bookingContext([KNEE, CHEST]))).toEqual(['injury', 'other']);
    expect(offered(bookingContext([KNEE, MAMMOGRAM]))).toEqual(['injury', 'screening', 'other']);
  });

  it('without the facts a conditional choice is not offered (a condition on a missing value does not hold)', () => {
    expect(offered({})).toEqual(['injury', 'other']);
  });

  it('a question may be shown by the facts too', () => {
    expect(elementStates(routing, {}, bookingContext([KNEE])).mriNote?.visible).toBe(false);
    const mri = { slug: 'mri-knee', modality: 'mri', bodyPart: 'knee' };
    expect(elementStates(routing, {}, bookingContext([KNEE, mri])).mriNote?.visible).toBe(true);
  });

  it('a choice that is not offered is refused, as the server refuses it', () => {
    const knee = validateAnswers(routing, { reason: 'screening' }, bookingContext([KNEE]));
    expect(knee.errors).toEqual({ reason: 'questionnaire.error.choice' });
    const breast = validateAnswers(routing, { reason: 'screening' }, bookingContext([MAMMOGRAM]));
    expect(breast.valid).toBe(true);
  });

  it('an answer named like the facts cannot stand in for them', () => {
    const spoofed = { reason: 'screening', booking: { bodyParts: ['breast'] } };
    expect(validateAnswers(routing, spoofed, bookingContext([KNEE])).valid).toBe(false);
  });

  it('a question without conditional choices is passed through unchanged', () => {
    const plain = { type: 'radiogroup' as const, name: 'a', choices: ['x', 'y'] };
    expect(withVisibleChoices(plain, {}, bookingContext([KNEE]))).toBe(plain);
  });

  it('the format check accepts {booking.…} and checks choice conditions; "booking" is no question name', () => {
    expect(checkQuestionnaire(routing)).toEqual([]);
    const bad = {
      pages: [
        {
          name: 'p',
          elements: [
            { type: 'radiogroup', name: 'a', choices: [{ value: 'x', visibleIf: '{b} =' }] },
            { type: 'radiogroup', name: 'c', choices: [{ value: 'y', visibleIf: '{nope} = 1' }] },
            { type: 'boolean', name: 'Booking' },
          ],
        },
      ],
    };
    expect(checkQuestionnaire(bad).map((problem) => problem.path)).toEqual([
      'pages[0].elements[0].choices[0].visibleIf',
      'pages[0].elements[2].name',
      'pages[0].elements[1].choices[0].visibleIf',
    ]);
  });
});
