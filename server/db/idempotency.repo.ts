/** idempotent_requests (migration 011): the stored answers of booking calls with an Idempotency-Key. */
import type { Queryable } from './db.js';

export interface StoredAnswer {
  route: string;
  requestHash: string;
  status: number;
  response: unknown;
}

export async function findStoredAnswer(
  q: Queryable,
  browserHash: string,
  idempotencyKey: string,
): Promise<StoredAnswer | undefined> {
  const { rows } = await q.query<StoredAnswer>(
    `SELECT route, request_hash AS "requestHash", status, response
     FROM idempotent_requests WHERE browser_hash = $1 AND idempotency_key = $2`,
    [browserHash, idempotencyKey],
  );
  return rows[0];
}

export async function insertStoredAnswer(
  q: Queryable,
  answer: StoredAnswer & { browserHash: string; idempotencyKey: string },
): Promise<void> {
  await q.query(
    `INSERT INTO idempotent_requests
       (browser_hash, idempotency_key, route, request_hash, status, response)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [
      answer.browserHash,
      answer.idempotencyKey,
      answer.route,
      answer.requestHash,
      answer.status,
      JSON.stringify(answer.response),
    ],
  );
}

/** Answers older than `seconds` (a retry comes within minutes; a day is plenty). */
export async function deleteOldAnswers(q: Queryable, seconds: number): Promise<void> {
  await q.query(
    'DELETE FROM idempotent_requests WHERE created_at <= now() - make_interval(secs => $1::int)',
    [seconds],
  );
}
