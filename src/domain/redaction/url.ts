/**
 * Booking keys, slugs and codes never leave in an address (docs/security.md
 * §13, docs/integrations.md): the path segment after a booking route
 * (/appointments/{key}, /booking-requests/{key}, /a/, /br/, and the slug
 * routes /api/secured/appointments/{slug}/…, /api/secured/booking_requests/{slug}/…),
 * any segment that looks like a booking key, and the values of sensitive
 * query parameters are masked. A slug (12 base64url characters) is as good
 * as a link to the booking for a session holder, and names one patient's
 * appointment. The server's request log and the browser's error reports
 * and analytics page addresses use this one rule.
 */

export const MASK = '[redacted]';

/** Query parameters whose values are secrets or identify a patient. */
export const SECRET_PARAMS: ReadonlySet<string> = new Set(
  [
    'bookingKey',
    'previousBookingKey',
    'code',
    'otp',
    'imsec',
    'input',
    'dateOfBirth',
    'contactNumber',
    'token',
    // DICOMweb takes a viewer token as ?token= or, as OAuth viewers send it, ?access_token=.
    'access_token',
    'accession',
    'pacsAppointmentId',
    'referenceId',
    'email',
    'returnUrl',
    'redirectUrl',
    // The questionnaire flow's way back carries the flow's URL, booking key included.
    'backUrl',
    'appointmentSlug',
    'bookingRequestSlug',
    'medicareNumber',
    'firstName',
    'lastName',
  ].map((name) => name.toLowerCase()),
);

/** Path segments after which the next segment is a booking key or a slug. */
const KEY_BEFORE = new Set([
  'appointments',
  'a',
  'booking-requests',
  'booking_requests',
  'br',
  'pending',
  'booking_key',
  'booking_keys',
]);

/** Fixed words that follow those segments in the portal's own paths. */
const NOT_A_KEY = /^(pending|result|kiosk|patient|summary)$/;

/** Booking keys: 22–64 base64url characters (booking.schema.ts BOOKING_KEY_PATTERN). */
const KEY_LIKE = /^[A-Za-z0-9_-]{22,64}$/;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function maskSegment(segment: string, previous: string | undefined): string {
  if (segment === '') return segment;
  const value = decoded(segment);
  if (KEY_LIKE.test(value)) return MASK;
  if (previous && KEY_BEFORE.has(previous) && !NOT_A_KEY.test(value)) return MASK;
  return segment;
}

function maskPath(path: string): string {
  const segments = path.split('/');
  return segments.map((segment, i) => maskSegment(segment, segments[i - 1])).join('/');
}

function maskQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_PARAMS.has(decoded(name).toLowerCase()) ? `${name}=${MASK}` : pair;
    })
    .join('&');
}

/** Path and query of a relative address, as logs and reports may show them. */
function redactRelative(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? maskPath(url) : `${maskPath(url.slice(0, q))}?${maskQuery(url.slice(q + 1))}`;
}

/**
 * An address as logs, error reports and analytics may show it: a path with
 * its query (the server's request URL), or an absolute URL whose scheme and
 * host are kept. A fragment is dropped: the portal keeps nothing in it.
 */
export function redactUrl(url: string): string {
  const withoutFragment = url.split('#', 1)[0] ?? '';
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?]*/i.exec(withoutFragment)?.[0] ?? '';
  return origin + redactRelative(withoutFragment.slice(origin.length));
}
