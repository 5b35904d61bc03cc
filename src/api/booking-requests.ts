/**
 * The booking-request page calls (R-7-calls-48) as booking-requests.contract.ts
 * describes them.
 */
import type { BookingRequestSummary } from '../contract/booking-requests';
import { api, getApiBase, type CallOptions } from './client';

const BASE = '/api/secured/booking_requests';

export function getBookingRequestSummary(
  bookingKey: string,
  options: CallOptions = {},
): Promise<BookingRequestSummary> {
  return api<BookingRequestSummary>(`${BASE}/summary`, {
    method: 'POST',
    readOnly: true,
    body: { bookingKey },
    signal: options.signal,
  });
}

/** R-4-status-05: status CANCELED. */
export function cancelBookingRequest(
  slug: string,
  options: CallOptions = {},
): Promise<BookingRequestSummary> {
  return api<BookingRequestSummary>(`${BASE}/${encodeURIComponent(slug)}/cancel`, {
    method: 'POST',
    signal: options.signal,
  });
}

export function updateBookingRequestStatus(
  slug: string,
  status: 'CANCELED',
  options: CallOptions = {},
): Promise<BookingRequestSummary> {
  return api<BookingRequestSummary>(`${BASE}/${encodeURIComponent(slug)}/status`, {
    method: 'PUT',
    body: { status },
    signal: options.signal,
  });
}

/** R-2.3-19: the referral download link of a request with one referral. */
export function referralDownloadUrl(slug: string): string {
  return `${getApiBase()}${BASE}/${encodeURIComponent(slug)}/download`;
}
