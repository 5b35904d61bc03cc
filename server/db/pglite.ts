import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { oneTrip } from './pglite-one-trip.js';
import { PG_OID, type Db, type Queryable } from './db.js';

/** Statements go to PGlite in one call each (pglite-one-trip.ts); `exec` as PGlite sends it. */
function wrap(pg: PGlite, target: PGlite | Transaction): Queryable {
  const inTransaction = target !== pg;
  return {
    query: <T>(sql: string, params: unknown[] = []) => oneTrip<T>(pg, sql, params, inTransaction),
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

export interface PgliteDb extends Db {
  /** A gzipped copy of the data directory, for loadDataDir (test templates). */
  dumpDataDir(): Promise<Blob>;
  /** What the database was opened from: for the start-up line of main.ts. */
  readonly openedFrom: 'memory' | 'data directory' | 'template' | 'initdb';
}

export interface OpenPgliteOptions {
  /** Start from this dumped data directory instead of initdb. */
  loadDataDir?: Blob;
  /**
   * For a data directory that holds no database yet: writes a database into
   * it (pglite-template.ts), or answers false to let initdb make one.
   */
  template?: (dir: string) => Promise<boolean>;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * PGlite's own start parameters, with less shared memory to set up: its
 * defaults are those of a server for 100 connections with 128 MB of buffers,
 * and PostgreSQL fills that memory at every start, some 130 ms of a restart
 * here (issue 15 part 5). PGlite is one connection; 10 keep the lock table
 * at 640 locks for the odd statement over many tables, and 32 MB of buffers
 * hold the whole portal database (about 15 MB; the operating system caches
 * its files besides).
 */
export const START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=32MB', '-c', 'max_connections=10'],
];

/**
 * Opens PGlite persisted in `dir` (created when missing), or in memory when
 * dir is undefined; loadDataDir starts from a dumped data directory instead of initdb.
 * A directory is locked to this process until close (data-dir-lock.ts): a
 * second process fails with DataDirLockedError instead of corrupting it.
 */
export async function openPglite(
  dir: string | undefined,
  options: OpenPgliteOptions = {},
): Promise<PgliteDb> {
  let lock: DataDirLock | undefined;
  const loadDataDir = options.loadDataDir;
  let openedFrom: PgliteDb['openedFrom'] = dir ? 'data directory' : 'memory';
  let pg: PGlite;
  try {
    if (dir) {
      await mkdir(dir, { recursive: true });
      lock = await lockDataDir(dir);
      // Under the lock: no other process can be creating the database meanwhile.
      if (!loadDataDir && !(await exists(join(dir, 'PG_VERSION'))))
        openedFrom = (await options.template?.(dir)) ? 'template' : 'initdb';
    }
    pg = await PGlite.create(dir ?? 'memory://', {
      extensions: { btree_gist },
      startParams: START_PARAMS,
      // Same JS types as the pg implementation (see db.ts).
      parsers: { [PG_OID.date]: (value: string) => value },
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const base = wrap(pg, pg);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(pg, tx))),
    close: async () => {
      try {
        await pg.close();
      } finally {
        await lock?.release();
      }
    },
    dumpDataDir: () => pg.dumpDataDir('gzip'),
    openedFrom,
  };
}
