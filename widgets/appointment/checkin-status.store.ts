/**
 * The check-in of each appointment on the appointment page (spec 2.4,
 * issue 16 part 4): when it opens and its state, asked once per slug.
 */
import { atom } from 'nanostores';
import type { CheckInState } from '../../src/contract/check-in';
import { getCheckInState } from '../../src/api/check-in';

export const $checkInStates = atom<Record<string, CheckInState | null>>({});

export async function loadCheckInState(slug: string): Promise<void> {
  if (slug in $checkInStates.get()) return;
  $checkInStates.set({ ...$checkInStates.get(), [slug]: null });
  try {
    const state = await getCheckInState(slug);
    $checkInStates.set({ ...$checkInStates.get(), [slug]: state });
  } catch {
    // Without the window the panel still shows the appointment's own check-in flags.
  }
}
