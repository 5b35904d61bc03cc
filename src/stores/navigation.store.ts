/**
 * Navigation: the route change in progress (the loading overlay, R-2.3-36),
 * and the one pattern by which a store moves the patient
 * (docs/architecture.md "Navigation"): the store sets its own
 * `navigationRequest()` atom to a target; the widget hands the atom to
 * useNavigationRequest (src/element), which reports the target once as
 * imaging-navigated (imaging-booking-navigated for the booking flow) and
 * clears it; the host page's router changes the URL and sets `path` and
 * `search` back on the element. No element touches history itself.
 */
import { atom, type WritableAtom } from 'nanostores';
import { clinicAppointmentRequests } from '../api/request-group';
import { isBookingPath } from '../domain/booking-paths';

export const $navigating = atom(false);

/**
 * Call on every route change. R-7-http-01: navigating to a booking path
 * cancels pending clinic-appointment requests (the new page starts its own
 * search, and a late answer would overwrite it). Returns whether it did.
 */
export function cancelOnNavigation(path: string): boolean {
  if (!isBookingPath(path)) return false;
  clinicAppointmentRequests.cancelAll();
  return true;
}

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

/** A portal path and query; `replace` marks a choice within a step. */
export interface PortalTarget {
  path: string;
  search: string;
  replace?: boolean;
}

/** A portal target, or a page outside the portal (a REDIRECT outcome's absolute URL). */
export type NavigationTarget = PortalTarget | { href: string };

export type NavigationRequest<T extends NavigationTarget = NavigationTarget> =
  WritableAtom<T | null>;

/** A store's navigation atom: null until the store wants to move the patient. */
export function navigationRequest<
  T extends NavigationTarget = PortalTarget,
>(): NavigationRequest<T> {
  return atom<T | null>(null);
}
