/**
 * How the texts of one locale are put together (R-7-calls-03, open point 5):
 * base bundle < provider bundle < role translations. Pure, for tests.
 */
import type { TranslationBundle } from '../contract/portal';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Flat keys as the portal uses them. Providers may still send nested JSON
 * (`{"message": {"loading": "…"}}`, the shape of older translation files);
 * it is flattened to `message.loading`. Non-text leaves are dropped.
 */
export function flattenBundle(source: unknown, prefix = ''): TranslationBundle {
  const flat: TranslationBundle = {};
  if (!isPlainObject(source)) return flat;
  for (const [key, value] of Object.entries(source)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[path] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') flat[path] = String(value);
    else if (isPlainObject(value)) Object.assign(flat, flattenBundle(value, path));
  }
  return flat;
}

/**
 * roleTranslations arrives as a JSON string in the authentication response
 * (spec 3). Text that is not a JSON object is ignored with a warning: a bad
 * override must not take the portal's texts down.
 */
export function parseRoleTranslations(
  roleTranslations: string | null | undefined,
): TranslationBundle {
  if (!roleTranslations?.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(roleTranslations);
    if (isPlainObject(parsed)) return flattenBundle(parsed);
    console.warn('roleTranslations is not a JSON object; ignored.');
  } catch (error) {
    console.warn('roleTranslations is not valid JSON; ignored.', error);
  }
  return {};
}

/**
 * Open point 5: role overrides win over the provider bundle, which wins over
 * the static base file. `role` is the JSON string of the authentication
 * response, or an already parsed bundle.
 */
export function mergeBundles(
  base: TranslationBundle,
  provider: unknown,
  role: string | TranslationBundle | null | undefined,
): TranslationBundle {
  const roleBundle = typeof role === 'string' || role == null ? parseRoleTranslations(role) : role;
  return { ...base, ...flattenBundle(provider), ...roleBundle };
}
