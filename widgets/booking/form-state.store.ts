/**
 * The booking form's values and the state of its sending, on their own so
 * that readers other than the form (the analytics funnel, funnel.store.ts)
 * need not load the booking calls. booking-form.store.ts owns the verbs.
 */
import { atom, map } from 'nanostores';
import { emptyBookingForm, type BookingFormValues } from '../../src/domain/booking/form-validation';

export const $bookingForm = map<BookingFormValues>(emptyBookingForm());

export type Submission =
  | { state: 'idle' | 'submitting' }
  /** R-4-slots-07: the slot was taken; a static error modal is open. */
  | { state: 'conflict' }
  | { state: 'failed'; messageKey: string };

export const $submission = atom<Submission>({ state: 'idle' });
