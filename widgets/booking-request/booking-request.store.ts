/**
 * The booking-request page's state: the request, the cancel in progress and
 * where the page wants to go (emitted as imaging-navigated).
 */
import { atom } from 'nanostores';
import type { BookingRequestSummary } from '../../src/contract/booking-requests';
import { cancelBookingRequest, getBookingRequestSummary } from '../../src/api/booking-requests';
import { isAbortError, toApiError } from '../../src/api/errors';
import { authenticationTarget, type Target } from '../../src/domain/appointment/navigation';

export interface RequestContext {
  bookingKey: string;
  prefix: string;
  kioskMode: boolean;
}

export type RequestState =
  | { state: 'loading' }
  | { state: 'ready'; request: BookingRequestSummary }
  | { state: 'failed'; messageKey: string };

export const $bookingRequest = atom<RequestState>({ state: 'loading' });
export const $requestNotice = atom<{ tone: 'success' | 'error'; key: string } | null>(null);
export const $cancelling = atom(false);
export const $requestNavigation = atom<Target | null>(null);

let context: RequestContext | null = null;
let controller: AbortController | null = null;

/** 401 and 403 mean: log in for this request (spec 2.2, isBookingRequest=true). */
function failed(error: unknown): string | null {
  const apiError = toApiError(error);
  if ((apiError.status === 401 || apiError.status === 403) && context) {
    $requestNavigation.set(authenticationTarget({ ...context, kind: 'booking_request' }));
    return null;
  }
  return apiError.messageKey;
}

export async function showBookingRequest(next: RequestContext): Promise<void> {
  context = next;
  controller?.abort(new DOMException('superseded', 'AbortError'));
  const own = new AbortController();
  controller = own;
  $bookingRequest.set({ state: 'loading' });
  $requestNotice.set(null);
  try {
    const request = await getBookingRequestSummary(next.bookingKey, { signal: own.signal });
    if (controller === own) $bookingRequest.set({ state: 'ready', request });
  } catch (error) {
    if (controller !== own || isAbortError(error)) return;
    const messageKey = failed(error);
    if (messageKey) $bookingRequest.set({ state: 'failed', messageKey });
  }
}

/** R-2.4-37, R-4-status-05: cancels after the confirmation modal. */
export async function cancelRequest(slug: string): Promise<void> {
  $cancelling.set(true);
  $requestNotice.set(null);
  try {
    const request = await cancelBookingRequest(slug);
    // The answer names no booking key (it is asked by slug, docs/api.md): keep this page's.
    const current = $bookingRequest.get();
    const bookingKey = current.state === 'ready' ? current.request.bookingKey : request.bookingKey;
    $bookingRequest.set({ state: 'ready', request: { ...request, bookingKey } });
    $requestNotice.set({ tone: 'success', key: 'booking_request.cancelled' });
  } catch (error) {
    const messageKey = failed(error);
    if (messageKey) $requestNotice.set({ tone: 'error', key: messageKey });
  } finally {
    $cancelling.set(false);
  }
}
