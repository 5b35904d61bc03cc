/**
 * The booking flow's state ($booking): the step and the choices, exactly
 * what the URL of spec 2.1/2.2 carries. The widget never touches history:
 * it reports $bookingUrl to the host page (imaging-booking-navigated), and
 * the host's `path`/`search` come back through syncFromHost.
 */
import { navigationRequest } from '../../src/stores/navigation.store';
import { atom, computed } from 'nanostores';
import type {
  AppointmentResponse,
  BookingClinic,
  BookingRequestResponse,
  Exam,
  WalkInNote,
} from '../../src/contract/booking';
import { cancelOnNavigation } from '../../src/stores/navigation.store';
import {
  bookingPath,
  parseBookingPath,
  type BookingRoute,
  type BookingStep,
} from '../../src/domain/booking/flow-path';
import {
  emptyFlowState,
  parseFlowParams,
  serializeFlowParams,
  type BookingFlowState,
} from '../../src/domain/booking/flow-params';

export interface BookingFlow {
  route: BookingRoute;
  params: BookingFlowState;
  /** The last change should replace the history entry rather than add one. */
  replace: boolean;
}

export interface BookingUrl {
  path: string;
  /** '?…' or ''. */
  search: string;
  replace: boolean;
}

export const $booking = atom<BookingFlow>({
  route: parseBookingPath('/'),
  params: emptyFlowState(),
  replace: false,
});

function urlOf(route: BookingRoute, params: BookingFlowState): { path: string; search: string } {
  const query = serializeFlowParams(params, route.step);
  return { path: bookingPath(route, params.kioskMode), search: query ? `?${query}` : '' };
}

/** Where the flow is, as the host page should show it in the address bar. */
export const $bookingUrl = computed($booking, ({ route, params, replace }): BookingUrl => ({
  ...urlOf(route, params),
  replace,
}));

/** The canonical form of a host URL, to compare it with $bookingUrl whatever the parameter order. */
export function canonicalUrl(path: string, search: string): { path: string; search: string } {
  return urlOf(parseBookingPath(path), parseFlowParams(search));
}

export function sameUrl(
  a: { path: string; search: string },
  b: { path: string; search: string },
): boolean {
  return a.path === b.path && a.search === b.search;
}

/**
 * The host page's router set `path` and `search` (a link, reload, back or
 * forward): the flow shows that step with those choices. Echoes of our own
 * navigation change nothing.
 */
export function syncFromHost(path: string, search: string): void {
  const current = $booking.get();
  const route = parseBookingPath(path);
  const params = parseFlowParams(search);
  if (sameUrl(urlOf(route, params), urlOf(current.route, current.params))) return;
  // The entry path (/advanced-booking) is remembered while the flow moves on.
  const home = route.step === 'exam' ? route.home : current.route.home;
  $booking.set({ route: { ...route, home }, params, replace: false });
}

/** Changes choices without changing step (filters, week, slot): the history entry is replaced. */
export function updateParams(patch: Partial<BookingFlowState>, replace = true): void {
  const current = $booking.get();
  $booking.set({ ...current, params: { ...current.params, ...patch }, replace });
}

/**
 * Moves to a step (a new history entry). R-7-http-01: moving to a booking
 * path cancels pending clinic-appointment requests.
 */
export function goToStep(
  step: BookingStep,
  patch: Partial<BookingFlowState> = {},
  options: {
    replace?: boolean;
    bookingKey?: string;
    kind?: BookingRoute['kind'];
    pending?: boolean;
  } = {},
): void {
  const current = $booking.get();
  const route: BookingRoute = {
    prefix: current.route.prefix,
    home: current.route.home,
    step,
    ...(step === 'confirmation'
      ? {
          bookingKey: options.bookingKey,
          kind: options.kind,
          ...(options.pending ? { pending: true } : {}),
        }
      : {}),
  };
  const next: BookingFlow = {
    route,
    params: { ...current.params, ...patch },
    replace: options.replace ?? false,
  };
  if (step !== current.route.step) cancelOnNavigation(bookingPath(route, next.params.kioskMode));
  $booking.set(next);
}

/** Back to the first step with nothing chosen (kiosk mode and the host's own parameters stay). */
export function startOver(): void {
  const { params } = $booking.get();
  goToStep('exam', { ...emptyFlowState(), kioskMode: params.kioskMode, extra: params.extra });
}

export interface CreatedBooking {
  kind: 'appointment' | 'booking-request';
  bookingKey: string;
  /** R-2.1-24: pending appointments (confirmed to the patient later). */
  pending: boolean;
  exams: Exam[];
  clinic: BookingClinic | null;
  appointments: AppointmentResponse[];
  bookingRequest: BookingRequestResponse | null;
  /** Shown in the confirmation ("sent to …"). */
  email: string;
  /** R-4-status-04: the booking moved an appointment that started then (ISO instant). */
  rescheduledFrom?: string | null;
  /** Spec 4 "Walk-in": the walk-ins the patient will come in for with this visit. */
  walkIns?: WalkInNote[];
}

/** The booking just made, shown at once on the confirmation step (and reported as imaging-booking-created). */
export const $created = atom<CreatedBooking | null>(null);

/** A one-off navigation outside the flow (the deny page, R-4-create-11). */
export const $externalNavigation = navigationRequest();

export function navigateOutside(path: string, search: string): void {
  const { route } = $booking.get();
  $externalNavigation.set({ path: `${route.prefix}${path}`, search });
}

/** The host's `path`/`search` attributes, either of which may be absent (a clinic page without router). */
export function syncFromAttributes(path: string | undefined, search: string | undefined): void {
  if (path === undefined && search === undefined) return;
  syncFromHost(path ?? $bookingUrl.get().path, search ?? '');
}
