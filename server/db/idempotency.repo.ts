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

/** A call's answer as store_idempotent_answer (039_book_appointment.sql) and book_appointment take it. */
export interface IdempotentAnswer extends StoredAnswer {
  browserHash: string;
  idempotencyKey: string;
  /** Answers older than this go at the same time (a retry comes within minutes). */
  keepSeconds: number;
}

/** Stores the answer in the caller's transaction, and drops answers older than keepSeconds. */
export async function storeIdempotentAnswer(q: Queryable, answer: IdempotentAnswer): Promise<void> {
  await q.query('SELECT store_idempotent_answer($1::jsonb)', [JSON.stringify(answer)]);
}
