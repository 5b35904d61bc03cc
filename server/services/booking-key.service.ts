/**
 * Booking-key rotation (spec 4 "Creating bookings", R-4-create-08/09,
 * R-7-calls-35): when creating appointments fails, the front end fetches a
 * new key and moves what the old key owns (temporary documents,
 * questionnaire answers, slot holds) to it.
 */
import { keyRef } from '../db/secrets.js';
import type { UpdateBookingKeyRequest } from '../../src/contract/booking.js';
import { lockBookingKeys, moveKeyRows } from '../db/booking-keys.repo.js';
import type { Db } from '../db/db.js';
import { ApiError } from '../http/errors.js';

export interface BookingKeyService {
  /**
   * Only the browser both keys were issued to (`browserHash`) may move an
   * unused key's rows: answers and documents are never readable or movable
   * by a key alone. 404 message.booking_key_invalid when either key was never
   * issued to this browser, 409 message.booking_key_used when either was
   * used, 400 when they are equal.
   */
  updateBookingKey(
    request: UpdateBookingKeyRequest,
    browserHash: string | null,
  ): Promise<{ bookingKey: string }>;
}

export function createBookingKeyService(db: Db): BookingKeyService {
  return {
    async updateBookingKey({ oldBookingKey, newBookingKey }, browserHash) {
      if (oldBookingKey === newBookingKey) {
        throw new ApiError(400, 'message.bad_request', 'the keys are the same');
      }
      const [oldRef, newRef] = [keyRef(oldBookingKey), keyRef(newBookingKey)];
      return db.transaction(async (tx) => {
        const keys = await lockBookingKeys(tx, [oldRef, newRef]);
        const mine = keys.filter((key) => browserHash && key.browserHash === browserHash);
        const next = mine.find((key) => key.bookingKey === newRef);
        const old = mine.find((key) => key.bookingKey === oldRef);
        if (!next || !old) {
          throw new ApiError(404, 'message.booking_key_invalid', 'booking key not issued');
        }
        if (next.usedAt !== null || old.usedAt !== null) {
          throw new ApiError(409, 'message.booking_key_used', 'booking key used');
        }
        await moveKeyRows(tx, oldRef, newRef);
        return { bookingKey: newBookingKey };
      });
    },
  };
}
