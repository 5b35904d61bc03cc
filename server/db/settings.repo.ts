import type { PortalConfig } from '../../src/contract/portal.js';
import type { Queryable } from './db.js';

/** provider_settings: one JSON document per configuration section. */

/** The PortalConfig sections as stored, minus the runtime facts each deployment adds. */
export type StoredPortalConfig = Omit<PortalConfig, 'app'> & {
  app: Omit<PortalConfig['app'], 'version' | 'versionHash' | 'environmentProfiles'>;
};

/** Section that holds the terms page, as { html }. */
export const TERMS_SECTION = 'terms';
export async function readSettings(q: Queryable): Promise<Map<string, unknown>> {
  const { rows } = await q.query<{ section: string; value: unknown }>(
    'SELECT section, value FROM provider_settings',
  );
  return new Map(rows.map((row) => [row.section, row.value]));
}

export async function readSetting(q: Queryable, section: string): Promise<unknown> {
  const { rows } = await q.query<{ value: unknown }>(
    'SELECT value FROM provider_settings WHERE section = $1',
    [section],
  );
  return rows[0]?.value;
}

export async function writeSetting(q: Queryable, section: string, value: unknown): Promise<void> {
  await q.query(
    `INSERT INTO provider_settings (section, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (section) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [section, JSON.stringify(value)],
  );
}

export async function hasSettings(q: Queryable): Promise<boolean> {
  const { rows } = await q.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM provider_settings) AS found',
  );
  return rows[0]?.found === true;
}
