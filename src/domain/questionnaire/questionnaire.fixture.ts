/** A small MRI safety questionnaire for the tests of visibility and validation (test-only module). */
import type { QuestionnaireJson } from '../../contract/questionnaire-format';

export const mriSafety: QuestionnaireJson = {
  title: 'MRI safety screening',
  modalSize: 'lg',
  showClosingConfirmation: true,
  pages: [
    {
      name: 'implants',
      elements: [
        { type: 'html', name: 'intro', html: '<p>Please answer every question.</p>' },
        {
          type: 'radiogroup',
          name: 'pacemaker',
          title: 'Do you have a pacemaker?',
          isRequired: true,
          choices: [
            { value: 'yes', text: 'Yes' },
            { value: 'no', text: 'No' },
          ],
        },
        {
          type: 'text',
          name: 'pacemakerModel',
          title: 'Which model?',
          visibleIf: "{pacemaker} = 'yes'",
          isRequired: true,
        },
        {
          type: 'checkbox',
          name: 'implants',
          title: 'Other implants',
          choices: ['stent', 'clip', 'cochlear'],
        },
        {
          type: 'comment',
          name: 'implantNotes',
          title: 'Tell us about the cochlear implant',
          visibleIf: "{implants} contains 'cochlear'",
          requiredIf: '{implants.length} > 1',
        },
      ],
    },
    {
      name: 'body',
      visibleIf: "{pacemaker} = 'no'",
      elements: [
        { type: 'boolean', name: 'pregnant', title: 'Are you pregnant?', isRequired: true },
        {
          type: 'text',
          name: 'weeks',
          inputType: 'number',
          title: 'How many weeks?',
          visibleIf: '{pregnant} = true',
          min: 1,
          max: 42,
        },
        {
          type: 'text',
          name: 'weight',
          inputType: 'number',
          title: 'Weight (kg)',
          validators: [{ type: 'numeric', minValue: 20, maxValue: 300, text: 'Weight in kg' }],
        },
        {
          type: 'dropdown',
          name: 'contrast',
          title: 'Reaction to contrast before?',
          choices: ['none', 'mild', 'severe'],
          enableIf: '{weight} notempty',
        },
        {
          type: 'rating',
          name: 'pain',
          title: 'Pain now',
          rateMin: 0,
          rateMax: 10,
          minRateDescription: 'No pain',
          maxRateDescription: 'Worst pain imaginable',
        },
        {
          type: 'text',
          name: 'medicare',
          title: 'Medicare number',
          validators: [{ type: 'regex', regex: '^[0-9]{10}$' }],
        },
        {
          type: 'text',
          name: 'email',
          inputType: 'email',
          validators: [{ type: 'text', minLength: 6, maxLength: 40 }],
        },
        { type: 'text', name: 'scanDate', inputType: 'date', min: '2026-01-01', max: '2026-12-31' },
        { type: 'signaturepad', name: 'signature', title: 'Signature' },
      ],
    },
  ],
};
