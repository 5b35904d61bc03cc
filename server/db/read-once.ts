import type { Queryable, QueryResult } from './db.js';
import { readKey } from './shared-reads.js';
/**
 * A view of the database for the checks of one request, outside any
 * transaction, that asks each identical read (same SELECT, same parameters)
 * once and shares its answer. Separate reads outside a transaction see no
 * common snapshot anyway, so the shared answer is as true as a second read
 * a millisecond later; writes and anything not a SELECT go through. Callers
 * must not change the rows they get (they are shared).
 */
export function onceEach(q: Queryable): Queryable {
  const answers = new Map<string, Promise<QueryResult<unknown>>>();
  return {
    query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const key = readKey(sql, params);
      if (key === undefined) return q.query<T>(sql, params);
      let answer = answers.get(key);
      if (!answer) {
        answer = q.query<unknown>(sql, params);
        answers.set(key, answer);
        // A failed read is not remembered.
        answer.catch(() => answers.delete(key));
      }
      return answer as Promise<QueryResult<T>>;
    },
    exec: (sql) => q.exec(sql),
  };
}
