/** Route navigation in progress, for the loading overlay (R-2.3-36). */
import { atom } from 'nanostores';
import { cancelOnNavigation } from '../api/request-group';

export const $navigating = atom(false);

/**
 * The host router calls this when a navigation starts, with the target
 * path: the overlay shows, and R-7-http-01 cancels pending clinic-appointment
 * requests when the target is a booking path.
 */
export function startNavigation(path?: string): void {
  $navigating.set(true);
  if (path !== undefined) cancelOnNavigation(path);
}

/** The navigation finished (or failed): the overlay hides. */
export function endNavigation(): void {
  $navigating.set(false);
}
