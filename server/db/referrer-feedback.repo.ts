/** referrer_feedback_answers: a referrer's report quality feedback, once per study and questionnaire. */
import type { Answers } from '../../src/contract/questionnaire.js';
import type { Queryable } from './db.js';

export async function hasReferrerFeedback(q: Queryable, studyId: number): Promise<boolean> {
  const { rows } = await q.query(
    'SELECT 1 FROM referrer_feedback_answers WHERE study_id = $1 LIMIT 1',
    [studyId],
  );
  return rows.length > 0;
}

/** Stores the answer; a second one for the study and questionnaire fails with 23505. */
export async function insertReferrerFeedback(
  q: Queryable,
  answer: {
    studyId: number;
    questionnaireId: number;
    questionnaireResult: Answers;
    givenBy: string;
    createdAt: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO referrer_feedback_answers (study_id, questionnaire_id, questionnaire_result,
       given_by, created_at) VALUES ($1, $2, $3::jsonb, $4, $5)`,
    [
      answer.studyId,
      answer.questionnaireId,
      JSON.stringify(answer.questionnaireResult),
      answer.givenBy,
      answer.createdAt.toISOString(),
    ],
  );
}
