/**
 * The demonstration questionnaires of the after-booking types (spec 4
 * "Questionnaire flow"; R-4-quest-14): feedback, cancel reasons, declining
 * an appointment and the MRI visit details asked on confirmation.
 */
import type { SeedQuestionnaire } from './seed-questionnaire.types.js';

/** The last questionnaires, in position order. */
export const afterBookingQuestionnaires: SeedQuestionnaire[] = [
  {
    code: 'patient-feedback',
    type: 'FEEDBACK',
    title: 'How was your visit?',
    general: true,
    modalSize: 'md',
    json: {
      title: 'How was your visit?',
      pages: [
        {
          name: 'feedback',
          elements: [
            {
              type: 'rating',
              name: 'satisfaction',
              title: 'How satisfied were you with your visit?',
              isRequired: true,
              rateMin: 1,
              rateMax: 5,
              minRateDescription: 'Not at all',
              maxRateDescription: 'Very satisfied',
            },
            { type: 'boolean', name: 'recommend', title: 'Would you recommend us to a friend?' },
            {
              type: 'comment',
              name: 'comments',
              title: 'Anything we could do better?',
              maxLength: 2000,
            },
          ],
        },
      ],
    },
  },
  {
    code: 'cancel-reasons',
    type: 'CANCEL_APPOINTMENT_PATIENT',
    title: 'Cancel your appointment',
    general: true,
    modalSize: 'md',
    showClosingConfirmation: true,
    json: {
      title: 'Cancel your appointment',
      showClosingConfirmation: true,
      pages: [
        {
          name: 'reason',
          elements: [
            {
              type: 'radiogroup',
              name: 'reason',
              title: 'Why are you cancelling?',
              isRequired: true,
              choices: [
                { value: 'feeling-better', text: 'I feel better' },
                { value: 'elsewhere', text: 'I booked elsewhere' },
                { value: 'time', text: 'The time no longer suits me' },
                { value: 'cost', text: 'The cost' },
                { value: 'other', text: 'Another reason' },
              ],
            },
            {
              type: 'comment',
              name: 'note',
              title: 'Tell us more',
              visibleIf: "{reason} = 'other'",
              isRequired: true,
              maxLength: 150,
            },
          ],
        },
      ],
    },
  },
  {
    code: 'decline-appointment',
    type: 'DECLINE_APPOINTMENT',
    title: 'Decline the offered appointment',
    general: true,
    modalSize: 'md',
    json: {
      title: 'Decline the offered appointment',
      pages: [
        {
          name: 'decline',
          elements: [
            {
              type: 'radiogroup',
              name: 'reason',
              title: 'Why does this appointment not suit you?',
              isRequired: true,
              choices: [
                { value: 'time', text: 'The time does not suit me' },
                { value: 'place', text: 'The clinic is too far' },
                { value: 'not-needed', text: 'I no longer need the scan' },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    code: 'mri-visit-details',
    type: 'REQUIRED_ON_CONFIRMATION',
    title: 'Before your MRI visit',
    modalities: ['mri'],
    modalSize: 'md',
    json: {
      title: 'Before your MRI visit',
      description: 'A few details so our radiographers can get ready for you.',
      pages: [
        {
          name: 'visit',
          elements: [
            {
              type: 'radiogroup',
              name: 'interpreter',
              title: 'Would you like an interpreter at your appointment?',
              isRequired: true,
              choices: [
                { value: 'no', text: 'No' },
                { value: 'yes', text: 'Yes' },
              ],
            },
            {
              type: 'text',
              name: 'language',
              title: 'Which language?',
              visibleIf: "{interpreter} = 'yes'",
              isRequired: true,
              maxLength: 60,
            },
            {
              type: 'radiogroup',
              name: 'mobility',
              title: 'Will you need help to move onto the scanner table?',
              isRequired: true,
              choices: [
                { value: 'no', text: 'No' },
                { value: 'yes', text: 'Yes' },
              ],
            },
          ],
        },
      ],
    },
  },
];
