/**
 * The seeded studies' pain scores (seed-imaging-data.ts `painScores`): the
 * patient's answers to the provider's pain-score questionnaires
 * (seed-questionnaires-before.ts), PAIN_SCORE_INITIAL at check-in ten
 * minutes before the scan and PAIN_SCORE_FINAL five minutes after it,
 * stored as POST /api/secured/appointments/{id}/pain_score stores them
 * (kind PAIN_SCORE, the rating in pain_score). GET …/pain_score reads them.
 */
import type { Queryable } from './db.js';
import { seedStudies } from './seed-imaging-data.js';

const BEFORE_SCAN = '10 minutes';
const AFTER_SCAN = '5 minutes';

/**
 * Writes the pain scores of each seeded appointment that holds none yet, so
 * a database seeded before they were part of the seed gets them too.
 */
export async function seedPainScores(tx: Queryable): Promise<void> {
  const answers = seedStudies.flatMap(({ accessionNumber, painScores }) =>
    painScores
      ? [
          {
            accessionNumber,
            code: 'pain-score-initial',
            score: painScores.initial,
            notes: painScores.notes,
          },
          {
            accessionNumber,
            code: 'pain-score-final',
            score: painScores.final,
            notes: painScores.notes,
          },
        ]
      : [],
  );
  await tx.query(
    `INSERT INTO questionnaire_answers (booking_key, questionnaire_id, questionnaire_type,
       questionnaire_result, kind, exam_slug, modality_id, pain_score, appointment_id,
       created_at, updated_at)
     SELECT a.booking_key, q.id, q.type,
       jsonb_build_object('painScore', v.score, 'painNotes', v.notes),
       'PAIN_SCORE', e.slug, e.modality_id, v.score, a.id, t.at, t.at
     FROM unnest($1::text[], $2::text[], $3::int[], $4::text[]) AS v (accession, code, score, notes)
     JOIN imaging_studies s ON s.accession_number = v.accession
     JOIN appointments a ON a.id = s.appointment_id
     JOIN exams e ON e.id = a.exam_id
     JOIN questionnaires q ON q.code = v.code
     CROSS JOIN LATERAL (SELECT CASE q.type
       WHEN 'PAIN_SCORE_INITIAL' THEN lower(a.during) - $5::interval
       ELSE upper(a.during) + $6::interval END AS at) t
     WHERE NOT EXISTS (SELECT 1 FROM questionnaire_answers x
       WHERE x.appointment_id = a.id AND x.kind = 'PAIN_SCORE')
     ORDER BY a.id, t.at`,
    [
      answers.map((answer) => answer.accessionNumber),
      answers.map((answer) => answer.code),
      answers.map((answer) => answer.score),
      answers.map((answer) => answer.notes),
      BEFORE_SCAN,
      AFTER_SCAN,
    ],
  );
}

/**
 * Moves a seeded appointment's pain scores with its scan to `start`
 * (redateImagingSeed): called before the appointment itself moves.
 */
export async function redatePainScores(
  tx: Queryable,
  accessionNumber: string,
  start: Date,
): Promise<void> {
  await tx.query(
    `UPDATE questionnaire_answers x
     SET created_at = x.created_at + ($2::timestamptz - lower(a.during)),
       updated_at = x.updated_at + ($2::timestamptz - lower(a.during))
     FROM imaging_studies s JOIN appointments a ON a.id = s.appointment_id
     WHERE s.accession_number = $1 AND x.appointment_id = a.id AND x.kind = 'PAIN_SCORE'`,
    [accessionNumber, start.toISOString()],
  );
}
