/**
 * The other demonstration questionnaires of the before-booking types (spec 4
 * "Questionnaire flow"): the pain scores, the radiologist's protocol, modality
 * routing and the referrer's request.
 */
import type { QuestionnaireJson } from '../../src/contract/questionnaire.js';
import type { SeedQuestionnaire } from './seed-questionnaire.types.js';

const painScore = (title: string): QuestionnaireJson => ({
  title,
  pages: [
    {
      name: 'pain',
      elements: [
        {
          type: 'rating',
          name: 'painScore',
          title: 'How much pain do you feel right now?',
          description: '0 means no pain, 10 the worst pain you can imagine.',
          isRequired: true,
          rateMin: 0,
          rateMax: 10,
          minRateDescription: 'No pain',
          maxRateDescription: 'Worst pain imaginable',
        },
        {
          type: 'comment',
          name: 'painNotes',
          title: 'Anything you want us to know about the pain?',
        },
      ],
    },
  ],
});

/** The questionnaires after the screening ones, in position order. */
export const beforeBookingQuestionnaires: SeedQuestionnaire[] = [
  {
    code: 'pain-score-initial',
    type: 'PAIN_SCORE_INITIAL',
    title: 'Pain score before your procedure',
    general: true,
    modalSize: 'md',
    json: painScore('Pain score before your procedure'),
  },
  {
    code: 'pain-score-final',
    type: 'PAIN_SCORE_FINAL',
    title: 'Pain score after your procedure',
    general: true,
    modalSize: 'md',
    json: painScore('Pain score after your procedure'),
  },
  {
    code: 'radiologist-protocol',
    type: 'PROTOCOL',
    title: 'Radiologist protocol',
    general: true,
    modalSize: 'xl',
    json: {
      title: 'Radiologist protocol',
      pages: [
        {
          name: 'protocol',
          elements: [
            {
              type: 'dropdown',
              name: 'protocol',
              title: 'Protocol',
              isRequired: true,
              choices: [
                { value: 'standard', text: 'Standard' },
                { value: 'contrast', text: 'With contrast' },
                { value: 'sedation', text: 'Under sedation' },
              ],
            },
            {
              type: 'text',
              name: 'durationMinutes',
              title: 'Scan duration in minutes',
              inputType: 'number',
              isRequired: true,
              validators: [{ type: 'numeric', minValue: 5, maxValue: 240 }],
            },
            {
              type: 'comment',
              name: 'notes',
              title: 'Notes for the technologist',
              maxLength: 1000,
            },
          ],
        },
      ],
    },
  },
  {
    code: 'modality-routing',
    type: 'MODALITY_ROUTING',
    title: 'What brings you in?',
    modalities: ['x-ray', 'mammography'],
    modalSize: 'md',
    json: {
      title: 'What brings you in?',
      pages: [
        {
          name: 'reason',
          elements: [
            {
              type: 'radiogroup',
              name: 'reason',
              title: 'What is the scan for?',
              isRequired: true,
              choices: [
                { value: 'injury', text: 'An injury in the last few days' },
                {
                  value: 'screening',
                  text: 'Breast screening, with no symptoms',
                  // Offered only when a breast exam is booked (issue 13).
                  visibleIf: "{booking.bodyParts} contains 'breast'",
                },
                { value: 'other', text: 'Something else' },
              ],
            },
          ],
        },
      ],
    },
    rules: [
      {
        type: 'WALK_IN_EXAM',
        expression: "{reason} = 'injury'",
        result: { name: 'Chest X-ray walk-in', prepTime: 0, minutesPrior: 30, group: 'x-ray' },
      },
      {
        type: 'REDIRECT',
        expression: "{reason} = 'screening'",
        result: { url: 'https://www.breastscreen.org.au/' },
      },
    ],
  },
  {
    code: 'referrer-request',
    type: 'CREATE_BOOKING_REQUEST_REFERRER',
    title: 'Referrer details',
    general: true,
    json: {
      title: 'Referrer details',
      pages: [
        {
          name: 'referrer',
          elements: [
            {
              type: 'text',
              name: 'providerNumber',
              title: 'Provider number',
              isRequired: true,
              validators: [
                {
                  type: 'regex',
                  regex: '^[0-9]{6}[0-9A-Z]{2}$',
                  text: 'questionnaire.error.pattern',
                },
              ],
            },
            {
              type: 'radiogroup',
              name: 'urgency',
              title: 'Urgency',
              isRequired: true,
              choices: [
                { value: 'routine', text: 'Routine' },
                { value: 'urgent', text: 'Urgent (within 48 hours)' },
              ],
            },
            { type: 'comment', name: 'clinicalNotes', title: 'Clinical notes', maxLength: 2000 },
          ],
        },
      ],
    },
  },
];
