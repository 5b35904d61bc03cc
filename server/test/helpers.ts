import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { defaultServerConfig, type ServerConfig } from '../config.js';
import { openDb, type Db } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../db/seed.js';

/** Generous: the first PGlite start takes several seconds. */
export const SETUP_TIMEOUT = 60_000;

export const DATABASE_URL = process.env.DATABASE_URL || undefined;

/** Creates btree_gist once in public so that dropping a test schema never drops it. */
async function prepareSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query(`CREATE SCHEMA ${schema}`);
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public');
    } catch (error) {
      // Another test file created it at the same moment.
      if ((error as { code?: string }).code !== '23505') throw error;
    }
  } finally {
    await client.end();
  }
}

/**
 * One database per test file: PGlite in memory, or, when DATABASE_URL is set,
 * a freshly dropped and recreated PostgreSQL schema named after the file.
 * Migrated and seeded.
 */
export async function openTestDb(name: string): Promise<Db> {
  let db: Db;
  if (DATABASE_URL) {
    const schema = `test_${name.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}`;
    await prepareSchema(DATABASE_URL, schema);
    db = await openDb({ databaseUrl: DATABASE_URL, searchPath: `${schema},public` });
  } else {
    db = await openDb({ pgliteDir: undefined });
  }
  await migrate(db);
  await seed(db);
  return db;
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return defaultServerConfig({
    devLogin: true,
    distDir: '/nonexistent/dist',
    frameAncestors: ['https://clinic.example.org'],
    runtime: { version: '0.1.0-test', versionHash: 'abc1234', environmentProfiles: ['dev'] },
    ...overrides,
  });
}

export function testApp(db: Db, overrides: Partial<ServerConfig> = {}): Promise<FastifyInstance> {
  return buildApp({ db, config: testConfig(overrides) });
}

/** The value of one Set-Cookie header by cookie name. */
export function setCookie(headers: Record<string, unknown>, name: string): string | undefined {
  const raw = headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return all.find((cookie: string) => cookie.startsWith(`${name}=`));
}
