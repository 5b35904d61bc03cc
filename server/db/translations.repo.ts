import type { TranslationBundle } from '../../src/contract/portal.js';
import type { Queryable } from './db.js';

/** translations: provider overrides per locale. */
export async function readBundle(q: Queryable, locale: string): Promise<TranslationBundle> {
  const { rows } = await q.query<{ key: string; value: string }>(
    'SELECT key, value FROM translations WHERE locale = $1 ORDER BY key',
    [locale],
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

export async function listLocales(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ locale: string }>(
    'SELECT DISTINCT locale FROM translations ORDER BY locale',
  );
  return rows.map((row) => row.locale);
}

export async function writeBundle(
  q: Queryable,
  locale: string,
  bundle: TranslationBundle,
): Promise<void> {
  for (const [key, value] of Object.entries(bundle)) {
    await q.query(
      `INSERT INTO translations (locale, key, value) VALUES ($1, $2, $3)
       ON CONFLICT (locale, key) DO UPDATE SET value = EXCLUDED.value`,
      [locale, key, value],
    );
  }
}
