import { Type, type Static } from '@sinclair/typebox';
import type { ApiErrorBody } from '../../src/contract/portal.js';

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
    attemptsLeft: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'A wrong date of birth or code: tries left before the 15-minute block',
      }),
    ),
  },
  { $id: 'ErrorBody', description: 'Body of every 4xx and 5xx answer' },
);
assertSameShape<Equal<Static<typeof ErrorBody>, ApiErrorBody>>();

const errorRef = Type.Ref('ErrorBody');
/** Error answers every route documents. */
export const errorResponses = { '4xx': errorRef, '5xx': errorRef } as const;

export const NoContent = Type.Null({ description: 'No content' });

/** The largest value of a PostgreSQL integer column: ids and counts stored in one. */
export const MAX_INT = 2_147_483_647;

/**
 * Ajv's type coercion turns the strings "1e309" and "Infinity" into Infinity
 * and then skips every numeric limit (ajv-validator/ajv#2212,
 * fastify/fastify#6718); checking the type once more after coercion refuses them.
 */
const finite = (type: 'integer' | 'number') => ({ allOf: [{ type }] });

type NumberOptions = Parameters<typeof Type.Number>[0] & { minimum: number; maximum: number };

/** An integer within bounds, never Infinity. */
export function Int(options: NumberOptions) {
  return Type.Integer({ ...options, ...finite('integer') });
}

/** A finite number within bounds. */
export function Num(options: NumberOptions) {
  return Type.Number({ ...options, ...finite('number') });
}

/** The id of a row: 1 to the largest PostgreSQL integer. */
export function Id(options: Parameters<typeof Type.Integer>[0] = {}) {
  return Int({ minimum: 1, maximum: MAX_INT, ...options });
}

/** A decimal id from 1 to 2147483647, for comma-separated lists in query strings. */
export const ID_PATTERN =
  '(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}' +
  '|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])';

/** No C0 control character (NUL included: PostgreSQL text refuses it) and no DEL. */
export const SINGLE_LINE_PATTERN = '^[^\\u0000-\\u001F\\u007F]*$';
/** As SINGLE_LINE_PATTERN, but tabs and line breaks are allowed. */
export const MULTI_LINE_PATTERN = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';

type StringOptions = Parameters<typeof Type.String>[0] & { maxLength: number };

/**
 * Free text a person types: bounded, without control characters; `multiline`
 * lets tabs and line breaks through (notes, messages).
 */
export function Text({ multiline = false, ...options }: StringOptions & { multiline?: boolean }) {
  return Type.String({
    pattern: multiline ? MULTI_LINE_PATTERN : SINGLE_LINE_PATTERN,
    ...options,
  });
}

/**
 * A key, slug or token the server looks up: printable ASCII without spaces,
 * not empty unless `minLength: 0`. Loose on purpose: one that is not ours is
 * simply not found (404).
 */
export function Token(options: StringOptions) {
  return Type.String({ minLength: 1, pattern: '^[!-~]*$', ...options });
}

/**
 * Any JSON scalar (answers, settings): one schema with a list of types, not
 * anyOf, so that ajv's coercion leaves the value as sent (app.ts allows union
 * types). Strings bounded, without control characters but tabs and line
 * breaks; numbers finite (a list of types never coerces "1e309") and bounded.
 */
export function scalarValue(maxLength: number) {
  return {
    type: ['string', 'number', 'boolean', 'null'],
    maxLength,
    pattern: MULTI_LINE_PATTERN,
    minimum: -1e15,
    maximum: 1e15,
  };
}

/** A string schema of exactly `values` (a contract list), typed by it. */
export function stringEnum<T extends string>(values: readonly T[]) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values] });
}
