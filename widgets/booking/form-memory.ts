/**
 * The details a patient has typed survive a reload of the tab (a dropped
 * connection, a chunk that failed to load, an accidental refresh: issue 15
 * part 7), in the tab's own storage, for this flow only, and never on a
 * kiosk (the next patient would find them). A booking made clears them; the
 * one-time validation code is never kept.
 */
import { readVisit, writeVisit } from '../../src/stores/visit-storage';
import type { BookingFormValues } from '../../src/domain/booking/form-validation';
import { $bookingForm } from './form-state.store';

const KEY = 'imaging.booking-form';

interface Kept {
  flow: string;
  values: Partial<BookingFormValues>;
}

function read(): Kept | null {
  try {
    const kept = JSON.parse(readVisit(KEY) ?? 'null') as Kept | null;
    return kept && typeof kept.flow === 'string' && typeof kept.values === 'object' ? kept : null;
  } catch {
    return null;
  }
}

/** Fills the empty fields from what this flow kept, then keeps every change; returns the stop. */
export function keepBookingForm(flow: string): () => void {
  const kept = read();
  if (kept?.flow === flow) {
    const current = $bookingForm.get();
    for (const [field, value] of Object.entries(kept.values) as [
      keyof BookingFormValues,
      unknown,
    ][])
      if (typeof value === 'string' && value && !current[field] && field !== 'validationCode')
        $bookingForm.setKey(field, value);
  }
  return $bookingForm.listen((values) => {
    const { validationCode: _code, ...rest } = values;
    writeVisit(KEY, JSON.stringify({ flow, values: rest } satisfies Kept));
  });
}

/** The booking is made: nothing typed stays in the tab. */
export function forgetBookingForm(): void {
  writeVisit(KEY, '');
}
