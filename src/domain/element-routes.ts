/**
 * Which element shows a portal path, for elements that sit alone on a
 * clinic's page with no host router (docs/embedding.md "Standalone"). The
 * provider's portal has its own, fuller table (demo/portal/routes.ts); this
 * one covers the paths the elements ask to go to. Pure.
 */
import { isBookingPath } from './booking-paths';

export interface ElementRoute {
  tag: `imaging-${string}`;
  /** The element's script, /elements/<module>.js beside the one already loaded. */
  module: string;
  /** Attributes the path implies (the info pages' `page`). */
  attrs?: Record<string, string>;
}

const INFO_PAGES = new Set(['about', 'contact', 'terms', 'privacy']);

/** The element for a path (with or without the /iframe prefix), or null when only the portal has it. */
export function elementForPath(path: string): ElementRoute | null {
  const segments = (path.split(/[?#]/, 1)[0] ?? '').split('/').filter(Boolean);
  const [first = '', second, third] = segments[0] === 'iframe' ? segments.slice(1) : segments;
  if (first === 'questionnaires' || first === 'q')
    return { tag: 'imaging-questionnaire', module: 'questionnaire' };
  if ((first === 'appointments' || first === 'a') && second && third === 'result')
    return { tag: 'imaging-results', module: 'results' };
  if ((first === 'appointments' || first === 'a') && second)
    return { tag: 'imaging-appointment', module: 'appointment' };
  if (first === 'referrer' && second === 'quick-report')
    return { tag: 'imaging-referrer-viewer', module: 'referrer-viewer' };
  if (first === 'referrer-access')
    return { tag: 'imaging-referrer-viewer', module: 'referrer-viewer' };
  if ((first === 'booking-requests' || first === 'br') && second)
    return { tag: 'imaging-booking-request', module: 'booking-request' };
  if (first === 'authentication') return { tag: 'imaging-auth', module: 'auth' };
  if (first === 'deny') return { tag: 'imaging-deny', module: 'deny' };
  if (first === 'check-in') return { tag: 'imaging-checkin', module: 'checkin' };
  if (INFO_PAGES.has(first))
    return { tag: 'imaging-page', module: 'pages', attrs: { page: first } };
  if (isBookingPath(path)) return { tag: 'imaging-booking', module: 'booking' };
  return null;
}

/** The prefix of a page's state in its URL hash when an element mirrors it (`url-state`). */
export const URL_STATE_PREFIX = '#imaging:';

/** The path and query an element mirrored into a hash, or null. */
export function readUrlState(hash: string): { path: string; search: string } | null {
  if (!hash.startsWith(URL_STATE_PREFIX)) return null;
  // Written as is (the query is already encoded): read back as is.
  const target = hash.slice(URL_STATE_PREFIX.length);
  // Only a portal path: never a scheme, a host or a protocol-relative URL.
  if (!target.startsWith('/') || target.startsWith('//')) return null;
  const query = target.indexOf('?');
  return query < 0
    ? { path: target, search: '' }
    : { path: target.slice(0, query), search: target.slice(query) };
}

export function writeUrlState(path: string, search: string): string {
  return `${URL_STATE_PREFIX}${path}${search}`;
}
