/**
 * The demonstration screening questionnaires of the booking flow, with their
 * outcome rules (spec 4 "Questionnaire flow"): mri-safety, ct-contrast and
 * ultrasound-preparation. The list in seed-questionnaires.ts says what each
 * rule does.
 */
import type { SeedQuestionnaire } from './seed-questionnaire.types.js';

/** Sydney's number (seed-data.ts radiology.contact); fictional range. */
export const BOOKINGS_PHONE = '(02) 5550 0100';

/** The exam the claustrophobia answer changes MRI Knee to. */
export const WIDE_BORE_EXAM = {
  slug: 'mri-knee-wide-bore',
  name: 'MRI Knee (wide-bore, for claustrophobia)',
  code: 'MRKNEW',
  from: 'mri-knee',
  notes: 'A wider, shorter scanner with more space around you.',
};

const YES_NO = [
  { value: 'yes', text: 'Yes' },
  { value: 'no', text: 'No' },
];

/** The first questionnaires, in position order. */
export const screeningQuestionnaires: SeedQuestionnaire[] = [
  {
    code: 'mri-safety',
    type: 'CREATE_BOOKING_REQUEST',
    title: 'MRI safety screening',
    modalities: ['mri'],
    showClosingConfirmation: true,
    json: {
      title: 'MRI safety screening',
      description: 'MRI uses a strong magnet. These questions keep you safe during the scan.',
      showClosingConfirmation: true,
      pages: [
        {
          name: 'devices',
          title: 'Implants and devices',
          elements: [
            {
              type: 'radiogroup',
              name: 'pacemaker',
              title:
                'Do you have a cardiac pacemaker, defibrillator or another implanted electronic device?',
              isRequired: true,
              choices: YES_NO,
            },
            {
              type: 'radiogroup',
              name: 'implants',
              title:
                'Do you have any metal in your body (implants, clips, shrapnel or metal fragments)?',
              isRequired: true,
              choices: YES_NO,
            },
            {
              type: 'checkbox',
              name: 'implantTypes',
              title: 'Which of these do you have?',
              visibleIf: "{implants} = 'yes'",
              isRequired: true,
              choices: [
                { value: 'joint', text: 'Joint replacement' },
                { value: 'aneurysm-clip', text: 'Brain aneurysm clip' },
                { value: 'cochlear', text: 'Cochlear implant' },
                { value: 'fragments', text: 'Metal fragments (for example in the eye)' },
                { value: 'other', text: 'Something else' },
              ],
            },
            {
              type: 'comment',
              name: 'implantDetails',
              title: 'Please describe the implant and when it was placed.',
              visibleIf: "{implantTypes} contains 'other'",
              isRequired: true,
              maxLength: 500,
            },
          ],
        },
        {
          name: 'about-you',
          title: 'About you',
          elements: [
            {
              type: 'radiogroup',
              name: 'pregnant',
              title: 'Are you, or could you be, pregnant?',
              isRequired: true,
              choices: [...YES_NO, { value: 'unsure', text: 'Not sure' }],
            },
            {
              type: 'radiogroup',
              name: 'claustrophobic',
              title: 'Do you feel anxious in small or enclosed spaces?',
              isRequired: true,
              choices: YES_NO,
            },
            {
              type: 'radiogroup',
              name: 'medicareRebate',
              title: 'Will you claim a Medicare rebate for this scan?',
              isRequired: true,
              choices: YES_NO,
            },
          ],
        },
      ],
    },
    rules: [
      {
        type: 'DENY_BOOKING',
        expression: "{pacemaker} = 'yes'",
        result: {
          message: 'message.questionnaire_denied_pacemaker',
          messageParams: { phone: BOOKINGS_PHONE },
        },
      },
      {
        type: 'RESTRICT_MIN_DATE',
        expression: "{pregnant} anyof ['yes', 'unsure']",
        result: { days: 14, timeZone: 'Australia/Sydney' },
      },
      {
        type: 'CHANGE_EXAM',
        expression: "{claustrophobic} = 'yes'",
        result: { examSlugs: { [WIDE_BORE_EXAM.from]: WIDE_BORE_EXAM.slug } },
      },
      { type: 'REQUIRE_MEDICARE_NUMBER', expression: "{medicareRebate} = 'yes'" },
      // What the answers mean for the visit, on every MRI (a brain scan has no wide-bore exam).
      {
        type: 'PATIENT_NOTE',
        expression: "{claustrophobic} = 'yes'",
        result: {
          message: 'message.questionnaire_note_claustrophobia',
          messageParams: { phone: BOOKINGS_PHONE },
        },
      },
      {
        type: 'PATIENT_NOTE',
        expression: "{implants} = 'yes'",
        result: { message: 'message.questionnaire_note_implant' },
      },
    ],
  },
  {
    code: 'ct-contrast',
    type: 'CREATE_BOOKING_REQUEST',
    title: 'CT contrast screening',
    examSlugs: ['ct-abdomen-pelvis-contrast', 'ct-coronary-angiogram', 'ct-brain', 'ct-chest'],
    json: {
      title: 'CT contrast screening',
      description:
        'Some CT scans use an iodine contrast injection. Tell us about your health first.',
      pages: [
        {
          name: 'contrast',
          elements: [
            {
              type: 'radiogroup',
              name: 'kidneyDisease',
              title: 'Do you have kidney disease or reduced kidney function?',
              isRequired: true,
              choices: YES_NO,
            },
            {
              type: 'radiogroup',
              name: 'contrastAllergy',
              title: 'Have you ever reacted to an iodine contrast injection?',
              isRequired: true,
              choices: YES_NO,
            },
            {
              type: 'text',
              name: 'reaction',
              title: 'What happened?',
              visibleIf: "{contrastAllergy} = 'yes'",
              maxLength: 300,
            },
            {
              type: 'radiogroup',
              name: 'dvaCard',
              title: "Do you hold a Department of Veterans' Affairs (DVA) card?",
              isRequired: true,
              choices: YES_NO,
            },
          ],
        },
      ],
    },
    rules: [
      {
        type: 'CREATE_BOOKING_REQUEST',
        expression: "{kidneyDisease} = 'yes' or {contrastAllergy} = 'yes'",
        result: { message: 'message.questionnaire_booking_request_contrast' },
      },
      { type: 'REQUIRE_VALIDATION_CODE', expression: "{dvaCard} = 'yes'" },
      {
        type: 'SET_INSURANCE_TYPE',
        expression: "{dvaCard} = 'yes'",
        result: { insuranceTypeId: 3 },
      },
    ],
  },
  {
    code: 'ultrasound-preparation',
    type: 'BOOKING_FORM',
    title: 'Preparing for your ultrasound',
    modalities: ['ultrasound'],
    modalSize: 'md',
    json: {
      title: 'Preparing for your ultrasound',
      modalSize: 'md',
      pages: [
        {
          name: 'preparation',
          elements: [
            {
              type: 'html',
              name: 'instructions',
              html: '<p>For an abdominal scan, do not eat for 6 hours before. For a pelvic scan, drink 1 litre of water an hour before and do not empty your bladder.</p>',
            },
            {
              type: 'boolean',
              name: 'understood',
              title: 'I have read the preparation instructions',
              isRequired: true,
            },
            {
              type: 'radiogroup',
              name: 'hasReferral',
              title: 'Do you have a referral from your doctor?',
              isRequired: true,
              choices: YES_NO,
            },
          ],
        },
      ],
    },
    rules: [
      {
        type: 'SET_DOCUMENT_TYPE',
        expression: "{hasReferral} = 'yes'",
        result: { documentTypeId: 1 },
      },
    ],
  },
];
