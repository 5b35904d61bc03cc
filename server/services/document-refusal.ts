/**
 * The refusals of the document content check (services/document-content.ts):
 * every one is an ApiError with one of these message keys.
 */
import { ApiError } from '../http/errors.js';

export const DOCUMENT_KEYS = {
  invalidName: 'message.attachment_invalid_name',
  empty: 'message.attachment_empty',
  unsafe: 'message.attachment_unsafe_content',
  invalidType: 'message.attachment_invalid_type',
  mismatch: 'message.attachment_type_mismatch',
  tooManyPixels: 'message.attachment_too_many_pixels',
  tooLarge: 'message.attachment_too_large',
} as const;

export function refuse(status: number, key: string, detail: string): never {
  throw new ApiError(status, key, detail);
}
