/**
 * Which routes belong to the booking flow. Pure: used by the HTTP layer to
 * cancel pending clinic-appointment requests (R-7-http-01) and by the host
 * router.
 */

/**
 * First path segments of the booking flow (R-2.1-10, R-2.1-14). The empty
 * segment is `/`. `select-region` is the default embedded route of the
 * booking flow (R-2.1-03), so it counts as a booking path too.
 */
const BOOKING_SEGMENTS: ReadonlySet<string> = new Set([
  '',
  'home',
  'booking',
  'select-clinic',
  'select-region',
  'advanced-booking',
  'kiosk',
]);

/** The path without query string, hash, or the /iframe shell prefix (R-2.1-01). */
function shellRelativeSegments(path: string): string[] {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const segments = pathname.split('/').filter(Boolean);
  return segments[0] === 'iframe' ? segments.slice(1) : segments;
}

/**
 * True for `/`, `/home`, `/booking`, `/select-clinic`, `/select-region`,
 * `/advanced-booking`, `/kiosk`, their sub-paths, and the same paths under
 * `/iframe` (R-7-http-01).
 */
export function isBookingPath(path: string): boolean {
  const first = shellRelativeSegments(path)[0] ?? '';
  return BOOKING_SEGMENTS.has(first);
}
