import { randomBytes } from 'node:crypto';
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.js';
import { defaultServerConfig, type ServerConfig } from '../config.js';
import { openDb, type Db } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { openPglite } from '../db/pglite.js';
import { seed } from '../db/seed.js';
import { templateKey } from '../db/pglite-template.js';
import { markTemplatePending } from '../db/seed-template.repo.js';

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
 * PGlite in memory, started from a migrated and seeded data directory that is
 * dumped once and cached in the temp directory: loading it takes about a
 * second, a fresh initdb several. Without the cache, builds and caches it.
 */
async function openPgliteFromTemplate(): Promise<Db> {
  const file = join(tmpdir(), `imaging-portal-pglite-${await templateKey()}.tar.gz`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return openPglite(undefined, { loadDataDir: new Blob([cached]) });
  const db = await openPglite(undefined);
  await migrate(db);
  await seed(db);
  // Dated by each opening's seed (seed.ts), so a template cached yesterday is right today.
  await markTemplatePending(db);
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
  await rename(partial, file);
  // Drop templates of earlier schema or seed versions.
  for (const name of await readdir(tmpdir())) {
    if (
      /^imaging-portal-pglite-[0-9a-f]{16}\.tar\.gz$/.test(name) &&
      join(tmpdir(), name) !== file
    ) {
      await rm(join(tmpdir(), name), { force: true });
    }
  }
  return db;
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
    db = await openPgliteFromTemplate();
  }
  await migrate(db);
  await seed(db);
  return db;
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const config = defaultServerConfig({
    devLogin: true,
    distDir: '/nonexistent/dist',
    allowedOrigins: ['https://clinic.example.org'],
    runtime: { version: '0.1.0-test', versionHash: 'abc1234', environmentProfiles: ['dev'] },
    ...overrides,
  });
  // Tests book MRI exams without the safety screening unless they turn it on.
  const requireSafetyAnswers = overrides.booking?.requireSafetyAnswers ?? false;
  return { ...config, booking: { ...config.booking, requireSafetyAnswers } };
}

export async function testApp(
  db: Db,
  overrides: Partial<ServerConfig> = {},
  options: Pick<BuildAppOptions, 'clock' | 'freeSpace'> = {},
): Promise<FastifyInstance> {
  return asOneBrowser(await buildApp({ db, config: testConfig(overrides), ...options }));
}

/**
 * The set-up of a server test file: its own database (a PGlite copy of the
 * migrated, seeded template, or a schema on DATABASE_URL) and an app on it.
 * `beforeAll(async () => ({ db, app } = await openTestApp('name', …)), SETUP_TIMEOUT)`
 * with `afterAll(() => closeTestApp(app, db))`.
 */
export async function openTestApp(
  name: string,
  overrides: Partial<ServerConfig> = {},
  options: Pick<BuildAppOptions, 'clock' | 'freeSpace'> = {},
): Promise<{ db: Db; app: FastifyInstance }> {
  const db = await openTestDb(name);
  return { db, app: await testApp(db, overrides, options) };
}

/** Closes what openTestApp opened (either may be missing when its set-up failed). */
export async function closeTestApp(
  app: FastifyInstance | undefined,
  db: Db | undefined,
): Promise<void> {
  await app?.close();
  await db?.close();
}

export const BROWSER_COOKIE_NAME = '__Host-imaging_browser';

/** A browser secret as the server issues them (32 random bytes, base64url). */
export function newBrowserToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Every request of a test app comes from one browser, as a patient's would:
 * it carries that browser's secret (the cookie booking keys are bound to)
 * unless the test names another with `cookies: { [BROWSER_COOKIE_NAME]: … }`
 * (an empty value sends none).
 */
export function asOneBrowser(app: FastifyInstance): FastifyInstance {
  const token = newBrowserToken();
  const inject = app.inject.bind(app) as (options: InjectOptions) => ReturnType<typeof app.inject>;
  const injectAsBrowser = (options: InjectOptions | string) => {
    const request = typeof options === 'string' ? { url: options } : options;
    const cookies = { [BROWSER_COOKIE_NAME]: token, ...request.cookies };
    return inject({ ...request, cookies });
  };
  app.inject = injectAsBrowser as typeof app.inject;
  return app;
}

/** The value of one Set-Cookie header by cookie name. */
export function setCookie(headers: Record<string, unknown>, name: string): string | undefined {
  const raw = headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return all.find((cookie: string) => cookie.startsWith(`${name}=`));
}

export const SESSION_COOKIE_NAME = '__Host-imaging_session';

/**
 * Becomes the holder of a booking through the development route (testConfig
 * has devLogin on) and returns the cookies to send: `{ cookies: await
 * patientCookies(app, key) }` in inject().
 */
export async function patientCookies(
  app: FastifyInstance,
  bookingKey: string,
): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/dev/patient-login',
    payload: { bookingKey },
  });
  if (res.statusCode !== 204) throw new Error(`patient-login ${res.statusCode}: ${res.body}`);
  const cookie = setCookie(res.headers, SESSION_COOKIE_NAME) ?? '';
  const token = /^[^=]+=([^;]+)/.exec(cookie)?.[1] ?? '';
  return { [SESSION_COOKIE_NAME]: token };
}

/**
 * Rate limits count in fixed windows aligned to the epoch on the database
 * clock: a test that needs its requests in one window waits for a fresh one
 * when fewer than `marginSeconds` are left in the current minute.
 */
export async function startEarlyInMinute(marginSeconds = 20): Promise<void> {
  const second = new Date().getUTCSeconds();
  if (second > 60 - marginSeconds)
    await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
}

/**
 * A dist directory holding only the real host page (demo/portal/index.html),
 * for tests of what the server writes into it: they fail if its placeholders go.
 */
export async function hostPageDist(prefix: string): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), prefix));
  await mkdir(join(dist, 'demo/portal'), { recursive: true });
  await copyFile(
    resolve(import.meta.dirname, '../../demo/portal/index.html'),
    join(dist, 'demo/portal/index.html'),
  );
  return dist;
}
