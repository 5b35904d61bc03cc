import type { Queryable, QueryResult } from './db.js';

/** SELECTs that lock or change something: always asked. */
const SIDE_EFFECTS =
  /\bFOR\s+(UPDATE|SHARE|NO KEY UPDATE|KEY SHARE)\b|pg_advisory|nextval|setval|set_config/i;

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
      if (!/^\s*SELECT\b/i.test(sql) || SIDE_EFFECTS.test(sql)) return q.query<T>(sql, params);
      const key = `${sql}\u0000${JSON.stringify(params)}`;
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
