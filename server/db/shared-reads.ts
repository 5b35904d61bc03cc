import type { Db, Queryable, QueryResult } from './db.js';
import { nextRunSharing } from './next-run.js';

/**
 * SELECTs that lock or change something: always asked by themselves. The
 * last names are the functions of 039_book_appointment.sql, which write.
 */
export const SIDE_EFFECTS =
  /\bFOR\s+(UPDATE|SHARE|NO KEY UPDATE|KEY SHARE)\b|pg_advisory|nextval|setval|set_config|pg_notify|\b(book_appointment|claim_booking_key|lock_gathering_message|store_idempotent_answer)\s*\(/i;

/** Whether `sql` is a plain read whose answer two callers may share. */
export function isSharableRead(sql: string): boolean {
  return /^\s*SELECT\b/i.test(sql) && !SIDE_EFFECTS.test(sql);
}

/**
 * The identity of a plain read (SQL and parameters), or undefined when it is
 * not one or its parameters have no JSON form (a bigint): asked by itself.
 */
export function readKey(sql: string, params: unknown[]): string | undefined {
  if (!isSharableRead(sql)) return undefined;
  try {
    return `${sql}\u0000${JSON.stringify(params)}`;
  } catch {
    return undefined;
  }
}

/**
 * The database as the API's routes use it (issue 15): an identical plain read
 * (same SELECT, same parameters, outside a transaction) that several requests
 * ask at the same moment is asked once, in the next run after all of them
 * arrived (next-run.ts), so each answer is as fresh as a read of its own.
 * Under load most reads of a booking or a slot view are the same for every
 * patient (the exam, the clinic, the questionnaires, the translations): on
 * PGlite's single thread this is the difference between one statement and
 * twenty. Each caller beyond the first gets its own copy of the rows, so no
 * caller can change what another sees. Writes, transactions and reads that
 * lock go through unchanged.
 */
export function sharedReads(db: Db): Db {
  // The key holds the SQL and the parameters; all waiting on a key ask the same.
  const reads = nextRunSharing<[string, unknown[]], QueryResult<unknown>>(async (_key, waiting) => {
    const [sql, params] = waiting[0] as [string, unknown[]];
    const result = await db.query<unknown>(sql, params);
    return waiting.map((_, i) => (i === 0 ? result : { rows: structuredClone(result.rows) }));
  });
  const shared: Db = {
    kind: db.kind,
    query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const key = readKey(sql, params);
      if (key === undefined) return db.query<T>(sql, params);
      return reads.submit(key, [sql, params]) as Promise<QueryResult<T>>;
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
  };
  bases.set(shared, db);
  return shared;
}

const bases = new WeakMap<Queryable, Queryable>();

/** The database a sharedReads wrapper reads from (itself for any other): what state is kept per. */
export function underlying(db: Queryable): Queryable {
  return bases.get(db) ?? db;
}
