/**
 * The patient's results page, /appointments/{key}/result (spec 2.1, 4
 * "Deny page message by input", 7 "results access requirements";
 * R-2.1-18, R-2.2-02, R-4-deny-09): where it sends the patient and what it
 * says before and after the results are released. Pure.
 */
import type { ResultsAccess } from '../../contract/imaging';
import { bookingPagePath, type Target } from '../appointment/navigation';

/** The results page of a booking, the return URL after logging in. */
export function resultsPagePath(bookingKey: string): string {
  return `${bookingPagePath('appointment', bookingKey)}/result`;
}

/**
 * R-2.2-02: a results page without a session for its booking logs in with
 * type APPOINTMENT_RESULTS and comes back to the page asked for (the
 * /result/patient page of a patient match keeps its query).
 */
export function resultsAuthenticationTarget(input: {
  prefix: string;
  bookingKey: string;
  kioskMode: boolean;
  /** The page asked for, without the shell prefix, with its query. */
  returnPath?: string;
}): Target {
  const own = resultsPagePath(input.bookingKey);
  const returnUrl = input.returnPath?.startsWith(own) ? input.returnPath : own;
  const params = new URLSearchParams({
    bookingKey: input.bookingKey,
    returnUrl,
    type: 'APPOINTMENT_RESULTS',
  });
  if (input.kioskMode) params.set('kioskMode', 'true');
  return { path: `${input.prefix}/authentication`, search: `?${params.toString()}` };
}

/** R-4-deny-09: after the results access period, the deny page with the results-expired message. */
export function resultsExpiredTarget(prefix: string): Target {
  return { path: `${prefix}/deny`, search: '?resultsExpired=true' };
}

/** What the page says of one study's results. */
export type ResultsNotice =
  | { kind: 'not-ready' }
  | { kind: 'waiting'; key: 'results.waiting' | 'results.waiting_or_referrer'; date: string }
  | { kind: 'released'; until: string | null }
  | { kind: 'expired' };

export function resultsNotice(access: ResultsAccess): ResultsNotice {
  switch (access.state) {
    case 'NOT_READY':
      return { kind: 'not-ready' };
    case 'WAITING':
      return access.availableFrom
        ? {
            kind: 'waiting',
            key: access.releaseWhenReferrerOpened
              ? 'results.waiting_or_referrer'
              : 'results.waiting',
            date: access.availableFrom,
          }
        : { kind: 'not-ready' };
    case 'RELEASED':
      return { kind: 'released', until: access.availableUntil };
    case 'EXPIRED':
      return { kind: 'expired' };
  }
}

/** Every study of the booking is past its access period: the page is the deny page. */
export function allExpired(accesses: readonly ResultsAccess[]): boolean {
  return accesses.length > 0 && accesses.every((a) => a.state === 'EXPIRED' || a.resultsExpired);
}
