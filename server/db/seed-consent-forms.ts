/**
 * The demonstration consent forms (spec 4 "Questionnaire flow"):
 * consent-procedure (MRI and contrast CT) and consent-data-sharing (general).
 */
import type { QuestionnaireJson } from '../../src/contract/questionnaire.js';
import type { SeedConsentForm } from './seed-questionnaire.types.js';

const signature = (statement: string): QuestionnaireJson['pages'][number]['elements'] => [
  { type: 'html', name: 'statement', html: statement },
  {
    type: 'boolean',
    name: 'agree',
    title: 'I have read and understood this form, and I agree',
    isRequired: true,
  },
  { type: 'signaturepad', name: 'signature', title: 'Your signature', isRequired: true },
];

export const seedConsentForms: SeedConsentForm[] = [
  {
    code: 'consent-procedure',
    title: 'Consent to the procedure',
    modalities: ['mri'],
    examSlugs: ['ct-abdomen-pelvis-contrast', 'ct-coronary-angiogram'],
    json: {
      title: 'Consent to the procedure',
      pages: [
        {
          name: 'consent',
          elements: signature(
            '<p>The radiographer has explained the scan, its risks (including a reaction to a contrast injection) and the alternatives. I may ask questions and withdraw my consent at any time.</p>',
          ),
        },
      ],
    },
  },
  {
    code: 'consent-data-sharing',
    title: 'Consent to share your images and report',
    general: true,
    required: false,
    json: {
      title: 'Consent to share your images and report',
      pages: [
        {
          name: 'consent',
          elements: signature(
            '<p>I agree that Harbour Imaging shares my images and report with my referring doctor and other doctors treating me, through secure electronic channels.</p>',
          ),
        },
      ],
    },
  },
];
