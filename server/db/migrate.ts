import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { MIGRATION_LOCK_KEY, type Db } from './db.js';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

export interface MigrationResult {
  applied: string[];
}

interface Migration {
  version: string;
  sql: string;
  checksum: string;
}

async function loadMigrations(): Promise<Migration[]> {
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
 * Applies the pending migrations of server/db/migrations in name order, in one
 * transaction under an advisory lock, so several processes may start at once.
 */
export async function migrate(
  db: Db,
  log: (message: string) => void = () => undefined,
): Promise<MigrationResult> {
  const migrations = await loadMigrations();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    text PRIMARY KEY,
      checksum   text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: string; checksum: string }>(
      'SELECT version, checksum FROM schema_migrations',
    );
    const done = new Map(rows.map((row) => [row.version, row.checksum]));
    const applied: string[] = [];
    for (const migration of migrations) {
      const checksum = done.get(migration.version);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum)
          log(`migration ${migration.version} changed after it was applied`);
        continue;
      }
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
