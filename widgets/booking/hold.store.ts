/**
 * Slot holds (spec 7 "reserve slots"): when the patient picks a time it is
 * held for them with the flow's booking key (fetched once and kept in the
 * URL as bookingKey), so nobody else can book it while they fill the form.
 * A 409 is a slot conflict (R-4-slots-07..09). A server without holds, or a
 * failed hold, changes nothing: the booking itself still checks the slot.
 */
import { atom } from 'nanostores';
import { createBookingKey, releaseSlots, reserveSlots } from '../../src/api/booking';
import type { ReserveSlotsRequest } from '../../src/contract/booking';
import { isAbortError, toApiError } from '../../src/api/errors';
import { latestCall } from '../../src/stores/loadable';
import { $booking, updateParams } from './booking.store';
import { $selectedExams } from './catalogue.store';
import { bookableIndices } from './flow.store';

export type Hold =
  | { state: 'idle' }
  | { state: 'holding' }
  /** Held with `bookingKey` until `expiresAt` (ISO instant). */
  | { state: 'held'; bookingKey: string; expiresAt: string; startTimes: string[] }
  /** The server keeps no holds, or the hold failed for another reason than a conflict. */
  | { state: 'unavailable' };

export const $hold = atom<Hold>({ state: 'idle' });
/** R-4-slots-07: the time was taken by someone else; the static slot-conflict modal is open. */
export const $holdConflict = atom(false);

/** Only the latest hold call's answer counts. */
const holdCall = latestCall();

/** 409s that are about the key, not the slot. */
const KEY_REFUSED = new Set(['message.booking_key_used', 'message.booking_key_invalid']);

/** The holds for the chosen slots of the exams booked online. */
function wantedHolds(bookingKey: string): ReserveSlotsRequest | null {
  const { params } = $booking.get();
  if (params.selectedClinic === null) return null;
  const clinicId = params.selectedClinic;
  const holds = bookableIndices(params.examSlugs, $selectedExams.get()).flatMap((index) => {
    const slot = params.slots[index];
    const examSlug = params.examSlugs[index];
    return slot && examSlug
      ? [{ examSlug, clinicId, deviceId: slot.deviceId, startDateTime: slot.startTime }]
      : [];
  });
  return holds.length > 0 ? { bookingKey, holds } : null;
}

/**
 * Holds every chosen slot with the flow's booking key (POST reserve_slots),
 * fetching a key first when the flow has none. Earlier holds of the key are
 * released first, so a changed time does not stay blocked. Only the latest
 * call's answer counts.
 */
export async function holdChosenSlots(): Promise<void> {
  const call = holdCall.start();
  const previous = $hold.get();
  if (!wantedHolds('-')) {
    $hold.set({ state: 'idle' });
    return;
  }
  $hold.set({ state: 'holding' });
  try {
    let bookingKey = $booking.get().params.bookingKey;
    for (let attempt = 0; ; attempt++) {
      if (!bookingKey) {
        bookingKey = await createBookingKey();
        if (!call.current()) return;
        updateParams({ bookingKey });
      }
      if (previous.state === 'held' && previous.bookingKey === bookingKey) {
        await releaseSlots(bookingKey).catch(() => undefined);
      }
      const request = wantedHolds(bookingKey);
      if (!request || !call.current()) return;
      try {
        const holds = await reserveSlots(request);
        if (!call.current()) return;
        $hold.set({
          state: 'held',
          bookingKey,
          expiresAt: holds.map((hold) => hold.expiresAt).sort()[0] ?? '',
          startTimes: request.holds.map((hold) => hold.startDateTime),
        });
        return;
      } catch (error) {
        // A key from an old link (used, or never issued here): once more with a new key.
        if (attempt === 0 && KEY_REFUSED.has(toApiError(error).messageKey)) {
          bookingKey = null;
          continue;
        }
        throw error;
      }
    }
  } catch (error) {
    if (!call.current() || isAbortError(error)) return;
    const apiError = toApiError(error);
    if (apiError.status === 409 && !KEY_REFUSED.has(apiError.messageKey)) {
      $hold.set({ state: 'idle' });
      $holdConflict.set(true);
      return;
    }
    $hold.set({ state: 'unavailable' });
  }
}

/**
 * After a new booking key (R-4-create-08): the old key's holds are released
 * and the slots held again with the new one. False on a conflict.
 */
export async function moveHolds(oldKey: string, newKey: string): Promise<boolean> {
  const hold = $hold.get();
  if (hold.state !== 'held' || hold.bookingKey !== oldKey) return true;
  await releaseSlots(oldKey).catch(() => undefined);
  const request = wantedHolds(newKey);
  if (!request) return true;
  try {
    const holds = await reserveSlots(request);
    $hold.set({
      ...hold,
      bookingKey: newKey,
      expiresAt: holds.map((item) => item.expiresAt).sort()[0] ?? hold.expiresAt,
    });
    return true;
  } catch (error) {
    if (toApiError(error).status === 409) return false;
    $hold.set({ state: 'unavailable' });
    return true;
  }
}

/** Forgets the hold state (a new booking, a conflict). */
export function clearHold(): void {
  holdCall.cancel();
  $hold.set({ state: 'idle' });
  $holdConflict.set(false);
}
