import pg from 'pg';
import { PG_OID, type Db, type Queryable } from './db.js';

const identity = (value: string): string => value;

/** Same JS types as PGlite: int8 as number (ids and counts stay far below 2^53), date as text. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_OID.int8) return (value: string) => Number(value);
    if (oid === PG_OID.date) return identity;
    return format === 'binary'
      ? pg.types.getTypeParser(oid, 'binary')
      : pg.types.getTypeParser(oid, 'text');
  },
} as pg.CustomTypesConfig;

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** Opens a pg Pool; searchPath (tests) is set on every connection. */
export async function openPostgres(connectionString: string, searchPath?: string): Promise<Db> {
  if (searchPath !== undefined && !/^[a-z_][a-z0-9_]*(,[a-z_][a-z0-9_]*)*$/.test(searchPath)) {
    throw new Error(`Invalid search path: ${searchPath}`);
  }
  const pool = new pg.Pool({
    connectionString,
    types,
    application_name: 'imaging-portal',
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  pool.on('error', (error) => console.error('PostgreSQL pool error', error));
  await pool.query('SELECT 1'); // fail fast on a bad URL
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
