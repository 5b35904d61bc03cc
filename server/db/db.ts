/**
 * The one database interface of the reference API. Two implementations:
 * PGlite (embedded, default) and a `pg` Pool (when DATABASE_URL is set).
 * Both return the same JS types: int8 as number, date as 'YYYY-MM-DD',
 * timestamptz as Date, jsonb parsed, bytea as Uint8Array/Buffer.
 */
export type DbKind = 'pglite' | 'postgres';

export interface QueryResult<T> {
  rows: T[];
}

/** What repositories need: works on the database and inside a transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: DbKind;
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /**
   * PGlite data directory; undefined means in memory. One process at a time:
   * a second one fails with DataDirLockedError (data-dir-lock.ts).
   */
  pgliteDir?: string | undefined;
  /** PGlite only: writes a database into an empty pgliteDir, or answers false (pglite-template.ts). */
  pgliteTemplate?: ((dir: string) => Promise<boolean>) | undefined;
  /** PostgreSQL only: search_path for every connection (tests use one schema per file). */
  searchPath?: string | undefined;
}

export const PG_OID = { int8: 20, date: 1082 } as const;

/** Unique key of the advisory locks that serialise migrations and seeding across processes. */
export const MIGRATION_LOCK_KEY = 727_190_001;

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(options.databaseUrl, options.searchPath);
  }
  const { openPglite } = await import('./pglite.js');
  return openPglite(options.pgliteDir, { template: options.pgliteTemplate });
}

/** Normalises bytea values (Buffer from pg, Uint8Array from PGlite) to a Buffer. */
export function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The SQLSTATE of a database error, if it is one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * A Db that forwards to the database `opening` resolves to: main.ts builds
 * the routes while PGlite opens (issue 15) and listens only once it is open,
 * migrated and seeded, so no request waits on it.
 */
export function deferredDb(kind: DbKind, opening: Promise<Db>): Db {
  return {
    kind,
    query: async (sql, params) => (await opening).query(sql, params),
    exec: async (sql) => (await opening).exec(sql),
    transaction: async (fn) => (await opening).transaction(fn),
    close: async () => (await opening).close(),
  };
}
