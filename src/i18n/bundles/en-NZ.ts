import type { MessageKey } from './en-AU';

/**
 * English (New Zealand): only the texts that differ from en-AU. None do
 * today; NZ spelling and wording changes go here.
 */
export const enNZ: Partial<Record<MessageKey, string>> = {};
