/**
 * Booking progress (R-4-create-03/13, R-9-21): the step number the host
 * page hears as imaging-booking-progressed, changed only after a 2000 ms
 * debounce and only when it differs.
 */
import { atom } from 'nanostores';
import { progressDebouncer } from '../../src/domain/booking/progress';

export const $bookingProgress = atom(0);

const debouncer = progressDebouncer(
  (step) => $bookingProgress.set(step),
  () => $bookingProgress.get(),
);

/** Asks for a progress step; applied after 2000 ms without a newer request, when it differs. */
export function requestProgress(step: number): void {
  debouncer.request(step);
}
