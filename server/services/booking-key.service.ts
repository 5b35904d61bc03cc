/**
 * Booking-key rotation (spec 4 "Creating bookings", R-4-create-08/09,
 * R-7-calls-35): when creating appointments fails, the front end fetches a
 * new key and moves what the old key owns (temporary documents,
 * questionnaire answers, slot holds) to it.
 */
import type { UpdateBookingKeyRequest } from '../../src/api/booking.contract.js';
import { lockBookingKeys, moveKeyRows } from '../db/booking-keys.repo.js';
import type { Db } from '../db/db.js';
import { ApiError } from '../http/errors.js';

export interface BookingKeyService {
  /**
   * 404 message.booking_key_invalid when either key was never issued, 409
   * message.booking_key_used when the new one was used, 400 when they are equal.
   */
  updateBookingKey(request: UpdateBookingKeyRequest): Promise<{ bookingKey: string }>;
}

export function createBookingKeyService(db: Db): BookingKeyService {
  return {
    async updateBookingKey({ oldBookingKey, newBookingKey }) {
      if (oldBookingKey === newBookingKey) {
        throw new ApiError(400, 'message.bad_request', 'the keys are the same');
      }
      return db.transaction(async (tx) => {
        const keys = await lockBookingKeys(tx, [oldBookingKey, newBookingKey]);
        const next = keys.find((key) => key.bookingKey === newBookingKey);
        if (!next || !keys.some((key) => key.bookingKey === oldBookingKey)) {
          throw new ApiError(404, 'message.booking_key_invalid', 'booking key not issued');
        }
        if (next.usedAt !== null) {
          throw new ApiError(409, 'message.booking_key_used', 'new booking key used');
        }
        await moveKeyRows(tx, oldBookingKey, newBookingKey);
        return { bookingKey: newBookingKey };
      });
    },
  };
}
