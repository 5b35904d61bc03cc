import { join } from 'node:path';
import { loadServerConfig } from './config.js';
import { deferredDb, openDb } from './db/db.js';
import { loadMigrations, migrate } from './db/migrate.js';
import { installTemplate } from './db/pglite-template.js';
import { seed } from './db/seed.js';
import { JOBS_DELAY_MS, startJobs, type Jobs } from './jobs/start-jobs.js';
import { loadImagingConfig } from './config-imaging.js';
import { devMailboxEnabled, MAILBOX_PATH } from './routes/dev-mailbox.js';

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, Math.round(performance.now() - start)];
}

async function main(): Promise<void> {
  const config = { ...loadServerConfig(), ...loadImagingConfig(process.env) };
  const started = performance.now();
  // Read while PGlite starts: read after it, the files took some 90 ms of a warm restart.
  const migrations = loadMigrations();
  migrations.catch(() => undefined); // awaited in migrate
  const opening = timed(() =>
    openDb({
      databaseUrl: config.databaseUrl,
      pgliteDir: join(config.dataDir, 'pglite'),
      // An empty data directory starts from the build's migrated and seeded database.
      pgliteTemplate: installTemplate,
    }),
  );
  const opened = opening.then(([db]) => db);
  opened.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
  // The routes are built while PGlite starts (it waits on its WebAssembly
  // compiling off the main thread); nothing queries before listen (issue 15).
  const building = timed(async () => {
    const { buildApp } = await import('./app.js');
    const built = await buildApp({
      db: deferredDb(config.databaseUrl ? 'postgres' : 'pglite', opened),
      config,
      logger: { level: config.logLevel },
    });
    await built.ready();
    // @fastify/compress asks whether each answer is a fetch Response, and Node
    // loads its fetch implementation (some 80 ms) on first use: now, not in the first answer.
    if (typeof Response !== 'function') throw new Error('Node without fetch');
    return built;
  });
  building.catch(() => undefined); // likewise
  const [db, openMs] = await opening;
  const [migration, migrateMs] = await timed(() =>
    migrate(db, (message) => console.warn(message), migrations),
  );
  const [seeding, seedMs] = await timed(() => seed(db));
  const [app, appMs] = await building;
  await app.listen({ host: config.host, port: config.port });
  const totalMs = Math.round(performance.now() - started);

  // The background jobs start a moment after listening: their first runs touch
  // tables the first requests do not need (about 200 ms of a restart, issue 15 part 5).
  let jobs: Jobs | undefined;
  const jobsTimer = setTimeout(() => {
    jobs = startJobs(config, db, app);
  }, JOBS_DELAY_MS);

  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearTimeout(jobsTimer);
    (jobs?.stop() ?? Promise.resolve())
      .then(() => app.close())
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const from = 'openedFrom' in db ? `, from ${String(db.openedFrom)}` : '';
  const where = config.databaseUrl
    ? 'PostgreSQL'
    : `PGlite in ${join(config.dataDir, 'pglite')}${from}`;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Portal ready at http://${host}:${config.port}/`);
  if (devMailboxEnabled(config))
    console.log(
      `Development mailbox (one-time codes, confirmations): http://${host}:${config.port}${MAILBOX_PATH}`,
    );
  console.log(
    `Started in ${totalMs} ms (${where}): open ${openMs} ms, migrate ${migrateMs} ms` +
      ` (${migration.applied.length ? migration.applied.join(', ') : 'up to date'}),` +
      ` seed ${seedMs} ms (${seeding.seeded ? 'seeded' : 'already seeded'}), app ${appMs} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
