/**
 * The demonstration questionnaires of "Harbour Imaging",
 * their outcome rules, consent forms, the wide-bore MRI exam that the
 * claustrophobia answer changes to, and the provider texts of the outcome
 * messages. Written once, when the questionnaires table is empty (a fresh
 * database, or one seeded before migration 008).
 *
 * Which type each questionnaire has (spec 4 "Questionnaire flow"):
 * - mri-safety: CREATE_BOOKING_REQUEST, every MRI exam, before booking.
 *   Pacemaker → DENY_BOOKING; pregnancy → RESTRICT_MIN_DATE (14 days);
 *   claustrophobia → CHANGE_EXAM (MRI Knee → wide-bore MRI Knee) and a
 *   PATIENT_NOTE (support, sedation, the phone number) on every MRI;
 *   Medicare rebate → REQUIRE_MEDICARE_NUMBER; implants → follow-up questions
 *   and a PATIENT_NOTE (bring the implant card).
 * - ct-contrast: CREATE_BOOKING_REQUEST, contrast CT exams and CT brain/chest.
 *   Kidney disease or contrast allergy → CREATE_BOOKING_REQUEST; DVA card →
 *   REQUIRE_VALIDATION_CODE and SET_INSURANCE_TYPE.
 * - ultrasound-preparation: BOOKING_FORM, every ultrasound exam; a referral
 *   in hand → SET_DOCUMENT_TYPE.
 * - pain-score-initial / pain-score-final: PAIN_SCORE_INITIAL / _FINAL, general.
 * - radiologist-protocol: PROTOCOL, general (booking requests waiting for it).
 * - modality-routing: MODALITY_ROUTING, X-ray and mammography; an injury →
 *   WALK_IN_EXAM, screening without symptoms → REDIRECT to BreastScreen (the
 *   screening choice is offered only when a breast exam is booked).
 * - patient-feedback: FEEDBACK, general, after booking.
 * - cancel-reasons: CANCEL_APPOINTMENT_PATIENT, general, after booking.
 * - decline-appointment: DECLINE_APPOINTMENT, general, after booking.
 * - mri-visit-details: REQUIRED_ON_CONFIRMATION, every MRI exam, after booking
 *   (the appointment page asks the patient to answer it).
 * - referrer-request: CREATE_BOOKING_REQUEST_REFERRER, general (a referrer's enquiry).
 * Consent forms: consent-procedure (MRI and contrast CT) and consent-data-sharing (general).
 *
 * The questionnaires are in seed-questionnaires-screening.ts,
 * seed-questionnaires-before.ts and seed-questionnaires-after.ts (in that
 * order, which gives their positions), the consent forms in
 * seed-consent-forms.ts.
 */
import type { Queryable } from './db.js';
import { seedConsentForms } from './seed-consent-forms.js';
import type { SeedQuestionnaire } from './seed-questionnaire.types.js';
import { afterBookingQuestionnaires } from './seed-questionnaires-after.js';
import { beforeBookingQuestionnaires } from './seed-questionnaires-before.js';
import { WIDE_BORE_EXAM, screeningQuestionnaires } from './seed-questionnaires-screening.js';

export const seedQuestionnaires: SeedQuestionnaire[] = [
  ...screeningQuestionnaires,
  ...beforeBookingQuestionnaires,
  ...afterBookingQuestionnaires,
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
  'message.questionnaire_note_claustrophobia':
    'You told us enclosed spaces make you anxious. Tell the radiographer when you arrive: they will talk you through the scan, you can listen to music, and a support person may stay with you. If you think you will need a mild sedative, ask your doctor before the day and bring someone to take you home. Questions? Call us on {{phone}}.',
  'message.questionnaire_note_implant':
    'Bring your implant card, or the letter about your implant from your surgeon, to the appointment.',
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
       $5, 40, true, false
     FROM exams e WHERE e.slug = $4
     ON CONFLICT (slug) DO NOTHING RETURNING id`,
    [
      WIDE_BORE_EXAM.slug,
      WIDE_BORE_EXAM.name,
      WIDE_BORE_EXAM.code,
      WIDE_BORE_EXAM.from,
      WIDE_BORE_EXAM.notes,
    ],
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
