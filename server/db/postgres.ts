import pg from 'pg';
import { PG_OID, sqlState, type Db, type Queryable } from './db.js';

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

/**
 * A statement with parameters that comes a second time gets a name, and each
 * connection prepares a named statement once: PostgreSQL then parses it once
 * per connection and, after a few runs, plans it once, where an unnamed
 * statement is parsed and planned at every call (about 2 of the 4.5 ms
 * PostgreSQL spent on a booking, issue 15 part 2). At most MAX_PREPARED
 * texts get names, so SQL built with a varying text cannot fill the
 * connections' memory; past that, statements run unnamed as before.
 */
const MAX_PREPARED = 300;
const seenOnce = new Set<string>();
const prepared = new Map<string, string>();

function statementName(sql: string): string | undefined {
  const name = prepared.get(sql);
  if (name || prepared.size >= MAX_PREPARED) return name;
  if (!seenOnce.has(sql)) {
    if (seenOnce.size < 10 * MAX_PREPARED) seenOnce.add(sql);
    return undefined;
  }
  seenOnce.delete(sql);
  const named = `imaging_${prepared.size}`;
  prepared.set(sql, named);
  return named;
}

/** A statement for pg: named (prepared on each connection) once it comes again. */
function statement(sql: string, params: unknown[]): pg.QueryConfig {
  const name = params.length > 0 ? statementName(sql) : undefined;
  return name ? { name, text: sql, values: params } : { text: sql, values: params };
}

/**
 * Whether a connection is still of use after a statement failed on it:
 * PostgreSQL answered (a SQLSTATE) and not with a connection exception (08)
 * or a shut-down (57P; a cancelled statement, 57014, leaves it usable).
 * pg's own pool.query drops the connection after any error, so every
 * refused booking (a lost race, a used key) cost a new PostgreSQL
 * connection, some 5 ms of its CPU (issue 15 part 2).
 */
function connectionSurvives(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && !/^(08|57P)/.test(state);
}

/** Each call on a connection of the pool, which goes back to the pool unless it broke. */
function onPool(pool: pg.Pool): Queryable {
  const run = async (config: pg.QueryConfig) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await client.query(config);
    } catch (error) {
      if (!connectionSurvives(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return { rows: (await run(statement(sql, params))).rows as T[] };
    },
    async exec(sql: string) {
      await run({ text: sql });
    },
  };
}

/** Calls on the connection of a transaction. */
function onClient(client: pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return { rows: (await client.query(statement(sql, params))).rows as T[] };
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
  const base = onPool(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(onClient(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollback: unknown) => {
          broken = rollback as Error;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
