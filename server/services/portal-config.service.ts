import type { PortalConfig } from '../../src/contract/portal.js';
import type { Queryable } from '../db/db.js';
import {
  readSetting,
  readSettings,
  TERMS_SECTION,
  type StoredPortalConfig,
} from '../db/settings.repo.js';
import type { ServerConfig } from '../config.js';
import { configDefaults } from './config-defaults.js';

function sameKind(value: unknown, fallback: unknown): boolean {
  if (Array.isArray(fallback))
    return Array.isArray(value) && value.every((item) => typeof item === 'string');
  return typeof value === typeof fallback && value !== null;
}

/** Copies the known fields of one stored section over its defaults, ignoring wrong types. */
function mergeSection<T extends object>(defaults: T, stored: unknown): T {
  const result = { ...defaults };
  if (typeof stored !== 'object' || stored === null) return result;
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = (stored as Record<string, unknown>)[key as string];
    if (sameKind(value, defaults[key])) result[key] = value as T[keyof T];
  }
  return result;
}

export interface PortalConfigService {
  portalConfig(): Promise<PortalConfig>;
  termsHtml(): Promise<string>;
}

/** Provider settings from the database, completed with defaults and the deployment's runtime facts. */
export function createPortalConfigService(
  db: Queryable,
  runtime: ServerConfig['runtime'],
): PortalConfigService {
  return {
    async portalConfig() {
      const stored = await readSettings(db);
      const sections = Object.fromEntries(
        (Object.keys(configDefaults) as (keyof StoredPortalConfig)[]).map((section) => [
          section,
          mergeSection(configDefaults[section], stored.get(section)),
        ]),
      ) as unknown as StoredPortalConfig;
      return {
        ...sections,
        app: {
          ...sections.app,
          version: runtime.version,
          versionHash: runtime.versionHash,
          environmentProfiles: runtime.environmentProfiles,
        },
      };
    },
    async termsHtml() {
      const stored = await readSetting(db, TERMS_SECTION);
      const html = (stored as { html?: unknown } | undefined)?.html;
      return typeof html === 'string' ? html : '';
    },
  };
}
