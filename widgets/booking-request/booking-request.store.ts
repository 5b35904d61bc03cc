/**
 * The booking-request page's state: the request, the cancel in progress and
 * where the page wants to go (emitted as imaging-navigated).
 */
import { navigationRequest } from '../../src/stores/navigation.store';
import { atom } from 'nanostores';
import type { BookingRequestSummary } from '../../src/contract/booking-requests';
import { cancelBookingRequest, getBookingRequestSummary } from '../../src/api/booking-requests';
import { isAbortError, toApiError } from '../../src/api/errors';
import {
  failed as failedWith,
  latestCall,
  LOADING,
  loaded,
  type Loadable,
} from '../../src/stores/loadable';
import { authenticationTarget } from '../../src/domain/appointment/navigation';

export interface RequestContext {
  bookingKey: string;
  prefix: string;
  kioskMode: boolean;
}

export const $bookingRequest = atom<Loadable<BookingRequestSummary>>(LOADING);
export const $requestNotice = atom<{ tone: 'success' | 'error'; key: string } | null>(null);
export const $cancelling = atom(false);
export const $requestNavigation = navigationRequest();

let context: RequestContext | null = null;
const summaryCall = latestCall();

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
  const call = summaryCall.start();
  $bookingRequest.set(LOADING);
  $requestNotice.set(null);
  try {
    const request = await getBookingRequestSummary(next.bookingKey, { signal: call.signal });
    if (call.current()) $bookingRequest.set(loaded(request));
  } catch (error) {
    if (!call.current() || isAbortError(error)) return;
    if (failed(error)) $bookingRequest.set(failedWith(error));
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
    const bookingKey = current.state === 'loaded' ? current.value.bookingKey : request.bookingKey;
    $bookingRequest.set(loaded({ ...request, bookingKey }));
    $requestNotice.set({ tone: 'success', key: 'booking_request.cancelled' });
  } catch (error) {
    const messageKey = failed(error);
    if (messageKey) $requestNotice.set({ tone: 'error', key: messageKey });
  } finally {
    $cancelling.set(false);
  }
}
