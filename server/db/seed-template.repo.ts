import type { Queryable } from './db.js';

/** seed_template_pending: whether a database made from the build's template still needs dating. */

export async function markTemplatePending(q: Queryable): Promise<void> {
  await q.query('INSERT INTO seed_template_pending DEFAULT VALUES');
}

/** Clears the mark; true when there was one (the first start of a database made from the template). */
export async function takeTemplatePending(q: Queryable): Promise<boolean> {
  const { rows } = await q.query('DELETE FROM seed_template_pending RETURNING 1');
  return rows.length > 0;
}

/** seed_state: the key of the seed's top-ups that last ran on this database (seed.ts). */
export async function topUpsKey(q: Queryable): Promise<string | null> {
  const { rows } = await q.query<{ topups: string }>('SELECT topups FROM seed_state');
  return rows[0]?.topups ?? null;
}

export async function markTopUps(q: Queryable, key: string): Promise<void> {
  await q.query(
    `INSERT INTO seed_state (topups) VALUES ($1)
     ON CONFLICT (only_row) DO UPDATE SET topups = excluded.topups`,
    [key],
  );
}
