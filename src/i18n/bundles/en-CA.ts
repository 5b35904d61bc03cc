import type { MessageKey } from './en-AU';

/**
 * English (Canada): only the texts that differ from en-AU. None do
 * today; spelling and wording changes go here.
 */
export const enCA: Partial<Record<MessageKey, string>> = {};
