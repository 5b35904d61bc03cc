import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { PG_OID, type Db, type Queryable } from './db.js';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await target.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

export interface PgliteDb extends Db {
  /** A gzipped copy of the data directory, for loadDataDir (test templates). */
  dumpDataDir(): Promise<Blob>;
}

/**
 * Opens PGlite persisted in `dir` (created when missing), or in memory when
 * dir is undefined; loadDataDir starts from a dumped data directory instead of initdb.
 * A directory is locked to this process until close (data-dir-lock.ts): a
 * second process fails with DataDirLockedError instead of corrupting it.
 */
export async function openPglite(
  dir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<PgliteDb> {
  let lock: DataDirLock | undefined;
  if (dir) {
    await mkdir(dir, { recursive: true });
    lock = await lockDataDir(dir);
  }
  let pg: PGlite;
  try {
    pg = await PGlite.create(dir ?? 'memory://', {
      extensions: { btree_gist },
      // Same JS types as the pg implementation (see db.ts).
      parsers: { [PG_OID.date]: (value: string) => value },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: async () => {
      try {
        await pg.close();
      } finally {
        await lock?.release();
      }
    },
    dumpDataDir: () => pg.dumpDataDir('gzip'),
  };
}
