/**
 * The demonstration provider's report quality feedback questionnaire for
 * referrers (type REFERRER_REPORT_FEEDBACK, general; GET
 * /api/image_viewer_link/questionnaires). Written when no questionnaire has
 * its code, so a database seeded before migration 035 gets it too and a
 * provider's own changes to it are kept.
 */
import type { Queryable } from './db.js';
import type { SeedQuestionnaire } from './seed-questionnaire.types.js';

export const referrerFeedbackQuestionnaire: SeedQuestionnaire = {
  code: 'referrer-report-feedback',
  type: 'REFERRER_REPORT_FEEDBACK',
  title: 'Report quality feedback',
  general: true,
  modalSize: 'md',
  json: {
    title: 'Report quality feedback',
    pages: [
      {
        name: 'report',
        elements: [
          {
            type: 'rating',
            name: 'usefulness',
            title: "How useful was this report for your patient's care?",
            isRequired: true,
            rateMin: 1,
            rateMax: 5,
            minRateDescription: 'Not useful',
            maxRateDescription: 'Very useful',
          },
          {
            type: 'radiogroup',
            name: 'clinicalQuestion',
            title: 'Did the report answer your clinical question?',
            isRequired: true,
            choices: [
              { value: 'yes', text: 'Yes' },
              { value: 'partly', text: 'Partly' },
              { value: 'no', text: 'No' },
            ],
          },
          {
            type: 'boolean',
            name: 'timely',
            title: 'Was the report available when you needed it?',
          },
          {
            type: 'boolean',
            name: 'callBack',
            title: 'Would you like the reporting radiologist to contact you?',
          },
          {
            type: 'comment',
            name: 'comments',
            title: 'What could we improve?',
            maxLength: 2000,
          },
        ],
      },
    ],
  },
};

export async function seedReferrerFeedback(q: Queryable): Promise<void> {
  const item = referrerFeedbackQuestionnaire;
  await q.query(
    `INSERT INTO questionnaires (code, type, title, definition, modal_size, general, position)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, 1000) ON CONFLICT (code) DO NOTHING`,
    [item.code, item.type, item.title, JSON.stringify(item.json), item.modalSize, item.general],
  );
}
