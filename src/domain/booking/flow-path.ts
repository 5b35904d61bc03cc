/**
 * The paths of the booking flow (R-2.1-10, R-2.1-14, R-2.1-23..27): which
 * step a path shows, and the path of each step under the same shell.
 */

export type BookingStep = 'exam' | 'clinic' | 'slots' | 'form' | 'confirmation';
export type BookingKind = 'appointment' | 'booking-request';

export const BOOKING_STEPS: readonly BookingStep[] = [
  'exam',
  'clinic',
  'slots',
  'form',
  'confirmation',
];

export interface BookingRoute {
  step: BookingStep;
  /** '/iframe' inside the embedded shell (R-2.1-01), else ''. */
  prefix: string;
  /** The path the exam step was entered by ('/', '/home', '/advanced-booking'), without the prefix. */
  home: string;
  /** On a confirmation page. */
  bookingKey?: string;
  kind?: BookingKind;
  /** R-2.1-24: the appointments are pending (created, not yet confirmed to the patient). */
  pending?: boolean;
}

const STEP_SEGMENTS: Readonly<Record<string, BookingStep>> = {
  'select-region': 'clinic',
  'select-clinic': 'slots',
  booking: 'form',
};

/** Entry paths of the exam step; /kiosk is the kiosk home (R-2.1-15), where "book another" returns. */
const HOME_SEGMENTS = new Set(['home', 'advanced-booking', 'kiosk']);

function segmentsOf(path: string): string[] {
  return (path.split(/[?#]/, 1)[0] ?? '').split('/').filter(Boolean).map(decodeURIComponent);
}

/** The route a path shows; anything the flow does not know is its first step. */
export function parseBookingPath(path: string): BookingRoute {
  let segments = segmentsOf(path);
  const prefix = segments[0] === 'iframe' ? '/iframe' : '';
  if (prefix) segments = segments.slice(1);
  const [first = '', second, third] = segments;
  const base = { prefix, home: HOME_SEGMENTS.has(first) ? `/${first}` : '/' };
  const step = STEP_SEGMENTS[first];
  if (step) return { ...base, step };
  if ((first === 'appointments' || first === 'a') && second && second !== 'pending') {
    return { ...base, step: 'confirmation', bookingKey: second, kind: 'appointment' };
  }
  if (first === 'appointments' && second === 'pending' && third) {
    return { ...base, step: 'confirmation', bookingKey: third, kind: 'appointment', pending: true };
  }
  if ((first === 'booking-requests' || first === 'br') && second) {
    return { ...base, step: 'confirmation', bookingKey: second, kind: 'booking-request' };
  }
  return { ...base, step: 'exam' };
}

/**
 * The path of a route. Confirmation pages (R-2.1-23..27): the appointment's
 * is {prefix}/appointments/{bookingKey} (…/kiosk in kiosk mode), pending
 * appointments' {prefix}/appointments/pending/{bookingKey}, the booking
 * request's {prefix}/booking-requests/{bookingKey}; the prefix is empty when
 * the flow was entered through /advanced-booking.
 */
export function bookingPath(route: BookingRoute, kioskMode = false): string {
  switch (route.step) {
    case 'exam':
      // '/iframe' itself redirects to /iframe/select-region (R-2.1-03), so the embedded first step is /iframe/home.
      return route.prefix
        ? `${route.prefix}${route.home === '/' ? '/home' : route.home}`
        : route.home;
    case 'clinic':
      return `${route.prefix}/select-region`;
    case 'slots':
      return `${route.prefix}/select-clinic`;
    case 'form':
      return `${route.prefix}/booking`;
    case 'confirmation': {
      const prefix = route.home === '/advanced-booking' ? '' : route.prefix;
      const key = encodeURIComponent(route.bookingKey ?? '');
      if (route.kind === 'booking-request') return `${prefix}/booking-requests/${key}`;
      if (route.pending) return `${prefix}/appointments/pending/${key}`;
      return `${prefix}/appointments/${key}${kioskMode ? '/kiosk' : ''}`;
    }
  }
}
