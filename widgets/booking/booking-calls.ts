/**
 * The booking calls as the form needs them: each call settles into a
 * CallResult (a failure keeps its message key and field errors instead of
 * throwing), a 409 without a named cause is a slot conflict (R-4-slots-07,
 * R-8-22), and a failed booking-key call is tried once more (R-8-23).
 */
import { createBookingKey } from '../../src/api/booking';
import { GENERAL_ERROR_KEY, toApiError } from '../../src/api/errors';
import type { CallResult } from '../../src/domain/booking/booking-split';
import { serverFieldErrors, type FieldErrors } from '../../src/domain/booking/form-validation';

/** R-8-23: a failed booking-key call is tried once more. */
export async function newBookingKey(): Promise<string> {
  try {
    return await createBookingKey();
  } catch {
    return createBookingKey();
  }
}

export function isSlotConflict(result: CallResult<unknown>): boolean {
  return !result.ok && result.messageKey === 'message.slot_conflict';
}

export type Settled<T> = CallResult<T> & { fields?: FieldErrors };

export async function settle<T>(call: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const apiError = toApiError(error);
    // A 409 is a slot conflict unless the server names another cause (message.booking_key_used: a new key helps).
    const unnamed = apiError.messageKey === GENERAL_ERROR_KEY;
    const fields = serverFieldErrors((apiError.data as { fields?: unknown } | undefined)?.fields);
    return {
      ok: false,
      messageKey:
        apiError.status === 409 && unnamed ? 'message.slot_conflict' : apiError.messageKey,
      ...(Object.keys(fields).length > 0 ? { fields } : {}),
    };
  }
}

/** The message keys of the failed calls. */
export function failures(results: readonly CallResult<unknown>[]): string[] {
  return results.flatMap((result) => (result.ok ? [] : [result.messageKey]));
}
