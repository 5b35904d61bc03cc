/**
 * The catalogue's reads kept between requests (issue 15 part 2). A booking
 * asks about a dozen questions of tables that hardly ever change (the exam,
 * the clinic, its device and opening hours, the questionnaires and their
 * rules, the translations); on PGlite each is a parse, a plan and a run on
 * the one thread that serves every patient. A view asks the catalogue's
 * version once (038_catalogue_version.sql: a trigger bumps it in the same
 * transaction as any write to these tables) and then answers the reads of
 * catalogue tables from memory while that version is current.
 * Reading the version before the data means an entry is never labelled
 * older than what it holds, so every process (several on one PostgreSQL)
 * answers what its database says. Reads of any other table, writes, and reads
 * that lock go through unchanged. Nothing here is shared state: losing the
 * cache only costs time.
 */
import type { Queryable, QueryResult } from './db.js';
import { readKey } from './shared-reads.js';

/** The tables whose writes bump catalogue_version (the migration's list; checked by a test). */
export const CATALOGUE_TABLES: ReadonlySet<string> = new Set([
  'provider_settings',
  'translations',
  'regions',
  'clinics',
  'modalities',
  'body_parts',
  'exams',
  'clinic_exams',
  'devices',
  'opening_hours',
  'walk_in_exams',
  'mobile_locations',
  'questionnaires',
  'questionnaire_outcome_rules',
]);

/** Answers kept at most; past it the cache starts again (the keys include request values). */
const MAX_ENTRIES = 5_000;

/** Every table a statement names after FROM or JOIN (subqueries included). */
function namedTables(sql: string): string[] {
  return [...sql.matchAll(/\b(?:FROM|JOIN)\s+([a-z_][a-z0-9_.]*)/gi)].map((m) =>
    m[1]!.toLowerCase(),
  );
}

/**
 * Whether a read touches only catalogue tables. A function (unnest(…)), a
 * CTE's name or a quoted name is not in the list, so such a read goes to the
 * database: a false "no" costs a read, never a stale answer.
 */
export function readsOnlyCatalogue(sql: string): boolean {
  const tables = namedTables(sql);
  return tables.length > 0 && tables.every((table) => CATALOGUE_TABLES.has(table));
}

/** Freezes what the cache hands to every request, so no caller can change another's answer. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export interface CatalogueCache {
  /**
   * A view for one request's checks (outside any transaction): its first
   * catalogue read asks the version, and every catalogue read after that is
   * answered from memory while the version is current. The rows are frozen.
   */
  view(q: Queryable): Queryable;
}

export function createCatalogueCache(): CatalogueCache {
  let version = -1;
  let answers = new Map<string, Promise<QueryResult<unknown>>>();

  async function current(q: Queryable): Promise<number> {
    const { rows } = await q.query<{ version: number }>('SELECT version FROM catalogue_version');
    return rows[0]?.version ?? Number.NaN;
  }

  return {
    view(q) {
      let seen: Promise<number> | undefined;
      return {
        async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
          const key = readKey(sql, params);
          if (key === undefined || !readsOnlyCatalogue(sql)) return q.query<T>(sql, params);
          seen ??= current(q);
          const read = await seen;
          if (!Number.isFinite(read)) return q.query<T>(sql, params);
          // A newer version empties the cache; an older one uses it (it is at least as new).
          if (read > version || answers.size >= MAX_ENTRIES) {
            version = Math.max(read, version);
            answers = new Map();
          }
          const kept = answers;
          let answer = kept.get(key);
          if (!answer) {
            // Started after the version was read: what it returns is at least that version.
            answer = q.query<unknown>(sql, params).then((result) => deepFreeze(result));
            kept.set(key, answer);
            answer.catch(() => kept.delete(key));
          }
          return answer as Promise<QueryResult<T>>;
        },
        exec: (sql) => q.exec(sql),
      };
    },
  };
}
