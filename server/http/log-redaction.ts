/**
 * Booking keys, slugs and codes never reach the logs (docs/security.md §13): the request serializer masks the path segment after a booking
 * route (/appointments/{key}, /booking-requests/{key}, /a/, /br/, and the
 * slug routes /api/secured/appointments/{slug}/…,
 * /api/secured/booking_requests/{slug}/…), any segment that looks like a
 * booking key, and the values of sensitive query parameters. A slug (12
 * base64url characters) is as good as a link to the booking for a session
 * holder, and names one patient's appointment.
 */
import type { FastifyRequest } from 'fastify';

export const MASK = '[redacted]';

/** Query parameters whose values are secrets or identify a patient. */
export const SECRET_PARAMS = new Set(
  [
    'bookingKey',
    'code',
    'otp',
    'imsec',
    'input',
    'dateOfBirth',
    'contactNumber',
    'token',
    'accession',
    'pacsAppointmentId',
    'referenceId',
    'email',
    'returnUrl',
    'redirectUrl',
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

function maskSegment(segment: string, previous: string | undefined): string {
  if (segment === '') return segment;
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Keep it raw.
  }
  if (KEY_LIKE.test(decoded)) return MASK;
  if (previous && KEY_BEFORE.has(previous) && !NOT_A_KEY.test(decoded)) return MASK;
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
      let decodedName = name;
      try {
        decodedName = decodeURIComponent(name);
      } catch {
        // Keep it raw.
      }
      return eq !== -1 && SECRET_PARAMS.has(decodedName.toLowerCase()) ? `${name}=${MASK}` : pair;
    })
    .join('&');
}

/** A URL as logs may show it. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? maskPath(url) : `${maskPath(url.slice(0, q))}?${maskQuery(url.slice(q + 1))}`;
}

/** Fastify's default `req` serializer with the URL redacted. */
export function redactedRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const logSerializers = { req: redactedRequest };
