/**
 * The demonstration questionnaires of "Harbour Imaging" (issue 5 part 5),
 * their outcome rules, consent forms, the wide-bore MRI exam that the
 * claustrophobia answer changes to, and the provider texts of the outcome
 * messages. Written once, when the questionnaires table is empty (a fresh
 * database, or one seeded before migration 008).
 *
 * Which type each questionnaire has (spec 4 "Questionnaire flow"):
 * - mri-safety: CREATE_BOOKING_REQUEST, every MRI exam, before booking.
 *   Pacemaker → DENY_BOOKING; pregnancy → RESTRICT_MIN_DATE (14 days);
 *   claustrophobia → CHANGE_EXAM (MRI Knee → wide-bore MRI Knee);
 *   Medicare rebate → REQUIRE_MEDICARE_NUMBER; implants → follow-up questions.
 * - ct-contrast: CREATE_BOOKING_REQUEST, contrast CT exams and CT brain/chest.
 *   Kidney disease or contrast allergy → CREATE_BOOKING_REQUEST; DVA card →
 *   REQUIRE_VALIDATION_CODE and SET_INSURANCE_TYPE.
 * - ultrasound-preparation: BOOKING_FORM, every ultrasound exam; a referral
 *   in hand → SET_DOCUMENT_TYPE.
 * - pain-score-initial / pain-score-final: PAIN_SCORE_INITIAL / _FINAL, general.
 * - radiologist-protocol: PROTOCOL, general (booking requests waiting for it).
 * - modality-routing: MODALITY_ROUTING, X-ray and mammography; an injury →
 *   WALK_IN_EXAM, screening without symptoms → REDIRECT to BreastScreen.
 * - patient-feedback: FEEDBACK, general, after booking.
 * - cancel-reasons: CANCEL_APPOINTMENT_PATIENT, general, after booking.
 * - decline-appointment: DECLINE_APPOINTMENT, general, after booking.
 * - mri-visit-details: REQUIRED_ON_CONFIRMATION, every MRI exam, after booking
 *   (the appointment page asks the patient to answer it).
 * - referrer-request: CREATE_BOOKING_REQUEST_REFERRER, general (a referrer's enquiry).
 * Consent forms: consent-procedure (MRI and contrast CT) and consent-data-sharing (general).
 */
import type {
  OutcomeType,
  QuestionnaireJson,
  QuestionnaireType,
} from '../../src/contract/questionnaire.js';
import type { Queryable } from './db.js';

/** Sydney's number (seed-data.ts radiology.contact); fictional range. */
export const BOOKINGS_PHONE = '(02) 5550 0100';

/** The exam the claustrophobia answer changes MRI Knee to. */
export const WIDE_BORE_EXAM = {
  slug: 'mri-knee-wide-bore',
  name: 'MRI Knee (wide-bore, for claustrophobia)',
  code: 'MRKNEW',
  from: 'mri-knee',
};

interface SeedRule {
  type: OutcomeType;
  expression: string;
  result?: unknown;
  evaluateResult?: boolean;
}

export interface SeedQuestionnaire {
  code: string;
  type: QuestionnaireType;
  title: string;
  json: QuestionnaireJson;
  general?: boolean;
  examSlugs?: string[];
  modalities?: string[];
  showClosingConfirmation?: boolean;
  modalSize?: 'sm' | 'md' | 'lg' | 'xl';
  rules?: SeedRule[];
}

const YES_NO = [
  { value: 'yes', text: 'Yes' },
  { value: 'no', text: 'No' },
];

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

export const seedQuestionnaires: SeedQuestionnaire[] = [
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
                { value: 'screening', text: 'Breast screening, with no symptoms' },
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

export interface SeedConsentForm {
  code: string;
  title: string;
  json: QuestionnaireJson;
  general?: boolean;
  examSlugs?: string[];
  modalities?: string[];
  required?: boolean;
}

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

/** Provider texts of the outcome messages (en-AU); kept when a provider changed them. */
export const outcomeTexts: Record<string, string> = {
  'message.questionnaire_denied_pacemaker':
    'We cannot book an MRI online for people with a pacemaker, defibrillator or another implanted electronic device. Please call us on {{phone}}: our team will check your device and arrange your scan safely.',
  'message.questionnaire_booking_request_contrast':
    'Because of your answers about contrast, a radiologist will review your request first. We will send it as a booking request and call you to arrange a time.',
  'message.questionnaire_booking_denied':
    'Your answers mean we cannot book this scan online. Please call us to book.',
  'message.questionnaire_booking_request_required':
    'Your answers mean this scan needs a booking request: a radiologist reviews it and we call you.',
  'message.questionnaire_date_restricted':
    'Because of your answers, the earliest date we can offer is {{date}}. Please choose a later time.',
  'message.feedback_already_provided': 'Thank you: you have already given your feedback.',
  'message.questionnaire_not_found': 'This questionnaire is not available.',
  'message.exam_change_not_allowed': 'Your answers do not change this exam.',
};

async function modalityIds(q: Queryable, slugs: string[]): Promise<number[]> {
  if (slugs.length === 0) return [];
  const { rows } = await q.query<{ id: number }>(
    'SELECT id FROM modalities WHERE slug = ANY($1::text[]) ORDER BY id',
    [slugs],
  );
  if (rows.length !== slugs.length)
    throw new Error(`Seed names an unknown modality: ${slugs.join(', ')}`);
  return rows.map((row) => row.id);
}

/** The wide-bore MRI Knee, offered wherever MRI Knee is (at a fixed MRI, not a mobile unit). */
async function seedWideBoreExam(q: Queryable): Promise<void> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO exams (slug, name, modality_id, body_part_id, priority, exam_code, exam_notes, notes,
       duration_minutes, bookable_online, show_booking_request_info_modal)
     SELECT $1, $2, e.modality_id, e.body_part_id, e.priority + 1, $3, e.exam_notes,
       'A wider, shorter scanner with more space around you.', 40, true, false
     FROM exams e WHERE e.slug = $4
     ON CONFLICT (slug) DO NOTHING RETURNING id`,
    [WIDE_BORE_EXAM.slug, WIDE_BORE_EXAM.name, WIDE_BORE_EXAM.code, WIDE_BORE_EXAM.from],
  );
  const id = rows[0]?.id;
  if (id === undefined) return;
  await q.query(
    `INSERT INTO clinic_exams (clinic_id, exam_id)
     SELECT ce.clinic_id, $1 FROM clinic_exams ce JOIN exams e ON e.id = ce.exam_id WHERE e.slug = $2
     ON CONFLICT DO NOTHING`,
    [id, WIDE_BORE_EXAM.from],
  );
}

/**
 * Writes the demonstration questionnaires once: nothing happens when the
 * questionnaires table has rows, so a provider's own changes are kept.
 */
export async function seedQuestionnaireData(q: Queryable): Promise<void> {
  const { rows } = await q.query('SELECT 1 FROM questionnaires LIMIT 1');
  if (rows.length > 0) return;
  await seedWideBoreExam(q);
  for (const [index, item] of seedQuestionnaires.entries()) {
    const inserted = await q.query<{ id: number }>(
      `INSERT INTO questionnaires (code, type, title, definition, modal_size, show_closing_confirmation,
         general, exam_slugs, modality_ids, position)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8::text[], $9::int[], $10) RETURNING id`,
      [
        item.code,
        item.type,
        item.title,
        JSON.stringify(item.json),
        item.modalSize ?? 'lg',
        item.showClosingConfirmation ?? false,
        item.general ?? false,
        item.examSlugs ?? [],
        await modalityIds(q, item.modalities ?? []),
        (index + 1) * 10,
      ],
    );
    const questionnaireId = inserted.rows[0]?.id;
    for (const [position, rule] of (item.rules ?? []).entries()) {
      await q.query(
        `INSERT INTO questionnaire_outcome_rules (questionnaire_id, position, type, expression, result, evaluate_result)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
        [
          questionnaireId,
          position + 1,
          rule.type,
          rule.expression,
          rule.result === undefined ? null : JSON.stringify(rule.result),
          rule.evaluateResult ?? false,
        ],
      );
    }
  }
  for (const [index, form] of seedConsentForms.entries()) {
    await q.query(
      `INSERT INTO consent_forms (code, title, definition, general, exam_slugs, modality_ids, required, position)
       VALUES ($1, $2, $3::jsonb, $4, $5::text[], $6::int[], $7, $8) ON CONFLICT (code) DO NOTHING`,
      [
        form.code,
        form.title,
        JSON.stringify(form.json),
        form.general ?? false,
        form.examSlugs ?? [],
        await modalityIds(q, form.modalities ?? []),
        form.required ?? true,
        (index + 1) * 10,
      ],
    );
  }
  for (const [key, value] of Object.entries(outcomeTexts)) {
    await q.query(
      `INSERT INTO translations (locale, key, value) VALUES ('en-AU', $1, $2) ON CONFLICT (locale, key) DO NOTHING`,
      [key, value],
    );
  }
}
