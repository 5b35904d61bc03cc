import type { MessageKey } from './en-AU';

/**
 * Default English (no region, R-9-29): only the texts that differ from en-AU. None do
 * today; spelling and wording changes go here.
 */
export const en: Partial<Record<MessageKey, string>> = {};
