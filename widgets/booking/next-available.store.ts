/**
 * "Find next available" (spec 4 "Location and slots"): jumps to the day of
 * the first free slot from the period in view on. The patient can stop the
 * search, and an answer that arrives after they moved the calendar
 * themselves is dropped (it must never move their view).
 */
import { atom } from 'nanostores';
import { findNextAvailable } from '../../src/api/booking';
import { isAbortError, toApiError, type ApiError } from '../../src/api/errors';
import { zonedTime } from '../../src/domain/booking/slots';
import { latestCall } from '../../src/stores/loadable';
import { $booking } from './booking.store';
import { $chosenMobileLocation } from './mobile-locations.store';
import { $activeExamIndex, $period, pickDate } from './slot-period.store';

export type NextAvailable =
  { state: 'idle' | 'searching' | 'none' } | { state: 'failed'; error: ApiError };
export const $nextAvailable = atom<NextAvailable>({ state: 'idle' });

const search = latestCall();

/** What the calendar shows; when the patient changes it during a search, the answer is dropped. */
function viewOf(): string {
  const { params } = $booking.get();
  return JSON.stringify([params.week, params.dates, params.selectedClinic, $activeExamIndex.get()]);
}

/** "Find next available": jumps to the day of the first free slot from the period in view on. */
export async function showNextAvailable(): Promise<void> {
  const { params } = $booking.get();
  const examSlug = params.examSlugs[$activeExamIndex.get()];
  const period = $period.get();
  if (!examSlug || params.selectedClinic === null) return;
  const mobile = $chosenMobileLocation.get();
  if (mobile && mobile.startDate > period.end) {
    // A mobile location is there only on its dates: the first of them is the next chance.
    pickDate(mobile.startDate);
    return;
  }
  const call = search.start();
  const view = viewOf();
  $nextAvailable.set({ state: 'searching' });
  try {
    const from = period.start < period.today ? period.today : period.start;
    const slot = await findNextAvailable(
      { examSlug, clinicIds: [params.selectedClinic], from },
      { signal: call.signal },
    );
    if (!call.current()) return;
    search.cancel();
    if (viewOf() !== view) {
      $nextAvailable.set({ state: 'idle' });
      return;
    }
    if (!slot) {
      $nextAvailable.set({ state: 'none' });
      return;
    }
    $nextAvailable.set({ state: 'idle' });
    pickDate(zonedTime(slot.startDateTime, slot.timeZone).date);
  } catch (error) {
    if (!call.current()) return;
    search.cancel();
    $nextAvailable.set(
      isAbortError(error) ? { state: 'idle' } : { state: 'failed', error: toApiError(error) },
    );
  }
}

/** The patient stopped the search (or left the step): nothing it answers is applied. */
export function cancelNextAvailable(): void {
  if (!search.busy) return;
  search.cancel();
  $nextAvailable.set({ state: 'idle' });
}
