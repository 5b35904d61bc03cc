/**
 * Booking progress steps (spec 4 "Creating bookings", R-4-create-03/13,
 * R-9-21): a number per stage of the flow, changed only after a 2000 ms
 * debounce and only when it differs from the current one, so a patient
 * passing quickly through a step does not report it.
 */
import type { BookingStep } from './flow-path';

/** R-9-21: the debounce of a progress step change. */
export const PROGRESS_DEBOUNCE_MS = 2000;

/**
 * The progress step of each flow step. R-4-create-03: creating the
 * appointments is step 3 (the details are sent); the confirmation is 4.
 */
export const PROGRESS_STEPS: Readonly<Record<BookingStep, number>> = {
  exam: 0,
  clinic: 1,
  slots: 2,
  form: 3,
  confirmation: 4,
};

/** R-4-create-03: the step set when appointments are created. */
export const CREATING_APPOINTMENTS_STEP = 3;

export interface ProgressDebouncer {
  /** Asks for a step; the last request of a quiet 2000 ms wins. */
  request(step: number): void;
  /** Forgets a pending request. */
  cancel(): void;
}

/**
 * R-4-create-13: a request is applied after `delay` ms without a newer
 * one, and only when it differs from `current()` at that moment.
 */
export function progressDebouncer(
  apply: (step: number) => void,
  current: () => number,
  delay = PROGRESS_DEBOUNCE_MS,
): ProgressDebouncer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    request(step) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        if (step !== current()) apply(step);
      }, delay);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
