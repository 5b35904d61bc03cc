/**
 * Slot holds (R-7-calls-35 "reserve slots"): a booking key holds chosen slots
 * for bookingForm.slotHoldMinutes while the patient fills the form. Other
 * keys see held time as busy and cannot book or hold it; booking it with the
 * holding key consumes the hold. Writers take the per-device advisory locks
 * (in ascending device order), and the exclusion constraint
 * slot_holds_one_holder has the last word.
 */
import { keyRef } from '../db/secrets.js';
import type { ReserveSlotsRequest, SlotHold } from '../../src/contract/booking.js';
import { lockDevice } from '../db/booking.repo.js';
import { findBookingKey } from '../db/booking-keys.repo.js';
import type { Db } from '../db/db.js';
import {
  appointmentOverlaps,
  countLiveHoldsOfAddress,
  deleteExpiredHolds,
  deleteHoldsOfKey,
  heldDeviceIds,
  insertHold,
  lockAddress,
  markFirstHold,
} from '../db/holds.repo.js';
import { DEFAULT_HOLD_LIMITS, type HoldLimits } from '../config.js';
import { ApiError } from '../http/errors.js';
import type { AvailabilityService } from './availability.service.js';
import { asConflict, retryOnDeadlock } from './booking-common.js';
import type { PortalConfigService } from './portal-config.service.js';
import { checkSlot, type CheckedSlot } from './slot-request.js';
import { formatZonedIso } from '../../src/domain/time/zoned-time.js';

/** Bounds of bookingForm.slotHoldMinutes, whatever the stored config says. */
export const HOLD_MINUTES = { min: 1, max: 120 } as const;

/** Who asks: live holds are limited per client address, across all its keys. */
export interface HoldCaller {
  clientAddress: string;
}

/**
 * A hold is an optimisation (the exclusion constraint protects the booking):
 * over a limit the answer is 429 and the patient books without one.
 */
export const HOLD_LIMIT = 'message.hold_limit_reached';
const holdLimit = (detail: string): ApiError => new ApiError(429, HOLD_LIMIT, detail);

export interface SlotHoldService {
  reserve(request: ReserveSlotsRequest, caller: HoldCaller): Promise<SlotHold[]>;
  release(bookingKey: string): Promise<void>;
}

const conflict = (): ApiError => new ApiError(409, 'message.slot_conflict', 'slot taken');

// A booking takes the key's holds of its time in book_appointment (039_book_appointment.sql).

function overlapping(slots: readonly CheckedSlot[]): boolean {
  return slots.some((a, i) =>
    slots.some(
      (b, j) => j > i && a.device.id === b.device.id && a.startMs < b.endMs && b.startMs < a.endMs,
    ),
  );
}

export function createSlotHoldService(
  db: Db,
  options: {
    clock: () => Date;
    availability: AvailabilityService;
    portalConfig: PortalConfigService;
    limits?: HoldLimits | undefined;
  },
): SlotHoldService {
  const { clock, availability, portalConfig } = options;
  const limits = options.limits ?? DEFAULT_HOLD_LIMITS;

  async function holdMinutes(): Promise<number> {
    const minutes = Math.round((await portalConfig.portalConfig()).bookingForm.slotHoldMinutes);
    return Math.min(HOLD_MINUTES.max, Math.max(HOLD_MINUTES.min, minutes || HOLD_MINUTES.min));
  }

  return {
    async reserve(request, caller) {
      const { holds } = request;
      const bookingKey = keyRef(request.bookingKey);
      const key = await findBookingKey(db, bookingKey);
      if (!key) throw new ApiError(409, 'message.booking_key_invalid', 'booking key not issued');
      if (key.usedFor === 'booking_request') {
        throw new ApiError(409, 'message.booking_key_used', 'booking key used');
      }
      if (holds.length > limits.perKey) throw holdLimit(`at most ${limits.perKey} per key`);
      const slots: CheckedSlot[] = [];
      for (const hold of holds) slots.push(await checkSlot(db, availability, hold));
      if (overlapping(slots)) {
        throw new ApiError(400, 'message.bad_request', 'holds overlap on one device');
      }
      const nowMs = clock().getTime();
      const minutes = await holdMinutes();
      let expiresAtMs = nowMs;
      await retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          await lockAddress(tx, caller.clientAddress);
          // Renewing is capped: a key holds for at most maxMinutes after its first hold.
          const firstMs = await markFirstHold(tx, bookingKey, nowMs);
          const lastMs = firstMs + limits.maxMinutes * 60_000;
          if (nowMs >= lastMs) throw holdLimit('renewal cap reached');
          expiresAtMs = Math.min(nowMs + minutes * 60_000, lastMs);
          const devices = [
            ...new Set([
              ...slots.map((s) => s.device.id),
              ...(await heldDeviceIds(tx, bookingKey)),
            ]),
          ].sort((a, b) => a - b);
          for (const deviceId of devices) await lockDevice(tx, deviceId);
          await deleteHoldsOfKey(tx, bookingKey);
          await deleteExpiredHolds(tx, devices, nowMs);
          const live = await countLiveHoldsOfAddress(tx, {
            clientAddress: caller.clientAddress,
            exceptKey: bookingKey,
            nowMs,
          });
          if (live + slots.length > limits.perAddress)
            throw holdLimit(`at most ${limits.perAddress} per address`);
          for (const slot of slots) {
            const time = { deviceId: slot.device.id, startMs: slot.startMs, endMs: slot.endMs };
            if (await appointmentOverlaps(tx, time)) throw conflict();
            await insertHold(tx, {
              ...time,
              bookingKey,
              examId: slot.exam.id,
              expiresAtMs,
              clientAddress: caller.clientAddress,
            });
          }
        }),
      ).catch((error: unknown) => {
        throw asConflict(error);
      });
      return slots.map((slot) => ({
        examSlug: slot.exam.slug,
        deviceId: slot.device.id,
        startDateTime: formatZonedIso(slot.startMs, slot.clinic.timeZone),
        expiresAt: new Date(expiresAtMs).toISOString(),
      }));
    },

    async release(clearKey) {
      const bookingKey = keyRef(clearKey);
      await db.transaction(async (tx) => {
        const devices = (await heldDeviceIds(tx, bookingKey)).sort((a, b) => a - b);
        for (const deviceId of devices) await lockDevice(tx, deviceId);
        await deleteHoldsOfKey(tx, bookingKey);
      });
    },
  };
}
