import { Type, type Static } from '@sinclair/typebox';
import type { ApiErrorBody } from '../../src/api/contract.js';

/** Compile-time proof that a TypeBox schema and a contract type describe the same shape. */
export type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export function assertSameShape<T extends true>(): T | undefined {
  return undefined;
}

export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
    message: Type.String({ description: 'i18n message key, e.g. message.not_found' }),
    error: Type.Optional(Type.String({ description: 'HTTP reason phrase' })),
  },
  { $id: 'ErrorBody', description: 'Body of every 4xx and 5xx answer' },
);
assertSameShape<Equal<Static<typeof ErrorBody>, ApiErrorBody>>();

const errorRef = Type.Ref('ErrorBody');
/** Error answers every route documents. */
export const errorResponses = { '4xx': errorRef, '5xx': errorRef } as const;

export const NoContent = Type.Null({ description: 'No content' });
