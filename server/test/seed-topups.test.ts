/**
 * The seed's top-ups (seed.ts TOP_UPS) run once per version of their code:
 * a restart on a database whose top-ups are current skips them (issue 15
 * part 5, the warm restart), and a database that has not had this version's
 * top-ups gets what is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../db/seed.js';
import { openTestDb } from './helpers.js';

let db: Db;
beforeAll(async () => {
  db = await openTestDb('seed-topups');
});
afterAll(() => db.close());

const feedbackForms = async () =>
  (
    await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM questionnaires WHERE type = 'REFERRER_REPORT_FEEDBACK'",
    )
  ).rows[0]?.n;

describe('the seed on a seeded database', () => {
  it('skips the top-ups that already ran with this code', async () => {
    expect(await feedbackForms()).toBe(1);
    await db.query("DELETE FROM questionnaires WHERE type = 'REFERRER_REPORT_FEEDBACK'");
    await migrate(db);
    await expect(seed(db)).resolves.toEqual({ seeded: false });
    expect(await feedbackForms()).toBe(0);
  });

  it('runs them when they changed since (another key), and records the new key', async () => {
    await db.query("UPDATE seed_state SET topups = 'an-older-version'");
    await seed(db);
    expect(await feedbackForms()).toBe(1);
    const { rows } = await db.query<{ topups: string }>('SELECT topups FROM seed_state');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.topups).toMatch(/^[0-9a-f]{16}$/);
  });
});
