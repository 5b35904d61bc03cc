// @vitest-environment node
/**
 * Issue 15 part 5: the PGlite database that `npm run build` ships, which a
 * first start on an empty data directory unpacks instead of initdb,
 * migrations and seed. PGlite only (it is the embedded database's start).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { openPglite, type PgliteDb } from '../db/pglite.js';
import { installTemplate, writeTemplate } from '../db/pglite-template.js';
import { seed } from '../db/seed.js';
import { DATABASE_URL } from './helpers.js';

const SLOW = 180_000;
/** The build's day, and a first start 17 days later: another Monday for every visit. */
const BUILT = new Date('2026-03-04T01:00:00Z');
const STARTED = new Date('2026-03-21T23:30:00Z');

/** Every row of every table, without the columns that default to the time of writing or to a version counter. */
async function contents(db: Db): Promise<Record<string, unknown[]>> {
  const { rows: columns } = await db.query<{ table: string; column: string }>(
    `SELECT c.table_name AS "table", c.column_name AS "column"
     FROM information_schema.columns c JOIN information_schema.tables t
       ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
       AND c.table_name <> 'schema_migrations'
       AND coalesce(c.column_default, '') NOT ILIKE '%now()%'
       AND coalesce(c.column_default, '') NOT ILIKE '%current_timestamp%'
       -- Cache versions count every change of a device's time (the re-dated seed appointments too).
       AND coalesce(c.column_default, '') NOT ILIKE '%availability_version_seq%'
       -- The catalogue's version counts its writes (the re-dated mobile visits too).
       AND c.table_name <> 'catalogue_version'
     ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const { table, column } of columns)
    tables.set(table, [...(tables.get(table) ?? []), `"${column}"`]);
  const all: Record<string, unknown[]> = {};
  for (const [table, list] of tables) {
    const { rows } = await db.query(
      `SELECT ${list.join(', ')} FROM "${table}" ORDER BY ${list.map((_, i) => i + 1).join(', ')}`,
    );
    all[table] = rows;
  }
  return all;
}

const visits = (db: Db) =>
  db.query<{ name: string; start: string; end: string }>(
    `SELECT name, start_date AS start, end_date AS "end" FROM mobile_locations ORDER BY id`,
  );

describe.skipIf(Boolean(DATABASE_URL))('the PGlite template of the build', () => {
  let work: string;
  let file: string;
  let started: PgliteDb;
  let fresh: PgliteDb;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'imaging-template-test-'));
    file = join(work, 'template.tar');
    await writeTemplate(file, { now: BUILT });
    started = await openPglite(join(work, 'data'), {
      template: (dir) => installTemplate(dir, file),
    });
    await migrate(started);
    await seed(started, { now: STARTED });
    fresh = await openPglite(undefined);
    await migrate(fresh);
    await seed(fresh, { now: STARTED });
  }, SLOW);

  afterAll(async () => {
    await started?.close();
    await fresh?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('a first start on an empty data directory unpacks it instead of running initdb', () => {
    expect(started.openedFrom).toBe('template');
  });

  it('started on a later day, it holds exactly what a fresh seed on that day holds', async () => {
    expect(await contents(started)).toEqual(await contents(fresh));
    // The visits moved to the first start's weeks: the build's day would give others.
    const { rows } = await visits(started);
    expect(rows[0]).toMatchObject({ name: 'Mobile mammography: Katoomba', start: '2026-03-23' });
    expect(rows.every((row) => row.start > '2026-03-21')).toBe(true);
  });

  it('the seeded pain scores move with their scans: recorded as a fresh seed records them', async () => {
    const painScores = (db: Db) =>
      db.query(
        `SELECT x.questionnaire_type AS type, x.pain_score AS score, x.created_at AS at
         FROM questionnaire_answers x WHERE x.kind = 'PAIN_SCORE' ORDER BY x.id`,
      );
    const { rows } = await painScores(started);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual((await painScores(fresh)).rows);
  });

  it('its first start dates the visits once: later starts only roll passed visits forward', async () => {
    const before = (await visits(started)).rows;
    await seed(started, { now: new Date('2026-03-25T00:00:00Z') });
    expect((await visits(started)).rows).toEqual(before);
  });

  it('a template made from other code (its key differs) is not used: initdb runs instead', async () => {
    const stale = join(work, 'stale.tar');
    await writeFile(stale, 'not a template');
    await writeFile(`${stale}.key`, 'another-key\n');
    expect(await installTemplate(join(work, 'empty'), stale)).toBe(false);
    expect(await installTemplate(join(work, 'empty'), join(work, 'missing.tar'))).toBe(false);
  });
});
