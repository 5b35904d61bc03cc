import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { MIGRATION_LOCK_KEY, sqlState, type Db, type Queryable } from './db.js';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

export interface MigrationResult {
  applied: string[];
}

export interface Migration {
  version: string;
  sql: string;
  checksum: string;
}

/** Reads the migration files; main.ts starts this while PGlite opens (issue 15 part 5). */
export async function loadMigrations(): Promise<Migration[]> {
  const names = (await readdir(MIGRATIONS_DIR))
    .filter((name) => /^\d{3}_[a-z0-9_]+\.sql$/.test(name))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(new URL(name, MIGRATIONS_DIR), 'utf8');
      return {
        version: name.replace(/\.sql$/, ''),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    }),
  );
}

/**
 * The migrations applied in the schema migrations create tables in (the
 * first of search_path), or undefined before the first migration anywhere.
 * A schema_migrations further down search_path (public, under a test's own
 * schema) is another database's and counts for nothing here.
 */
async function appliedMigrations(q: Queryable): Promise<Map<string, string> | undefined> {
  try {
    const { rows } = await q.query<{ version: string; checksum: string }>(
      `SELECT version, checksum FROM schema_migrations
       WHERE tableoid = to_regclass(format('%I.schema_migrations', current_schema()))`,
    );
    return new Map(rows.map((row) => [row.version, row.checksum]));
  } catch (error) {
    if (sqlState(error) === '42P01') return undefined; // undefined_table
    throw error;
  }
}

function warnChanged(
  migrations: Migration[],
  done: Map<string, string>,
  log: (message: string) => void,
): void {
  for (const migration of migrations) {
    const checksum = done.get(migration.version);
    if (checksum !== undefined && checksum !== migration.checksum)
      log(`migration ${migration.version} changed after it was applied`);
  }
}

/**
 * Applies the pending migrations of server/db/migrations in name order, in one
 * transaction under an advisory lock, so several processes may start at once.
 */
export async function migrate(
  db: Db,
  log: (message: string) => void = () => undefined,
  loaded: Promise<Migration[]> = loadMigrations(),
): Promise<MigrationResult> {
  const migrations = await loaded;
  // Every start but the first finds nothing to do: one read, no lock (issue 15).
  const before = await appliedMigrations(db);
  if (before && migrations.every((migration) => before.has(migration.version))) {
    warnChanged(migrations, before, log);
    return { applied: [] };
  }
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    text PRIMARY KEY,
      checksum   text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = (await appliedMigrations(tx)) ?? new Map<string, string>();
    warnChanged(migrations, done, log);
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, checksum) VALUES ($1, $2)', [
        migration.version,
        migration.checksum,
      ]);
      applied.push(migration.version);
    }
    return { applied };
  });
}
