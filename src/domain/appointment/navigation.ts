/**
 * Where the appointment and booking-request pages send the patient: the
 * login page on a 401, the booking flow to reschedule or change (spec 4,
 * R-4-cancel-07, R-4-status-04), questionnaires and home. Pure; paths keep
 * the /iframe prefix of the embedded shell (R-2.1-01).
 */

export interface Target {
  path: string;
  /** '' or '?…'. */
  search: string;
}

export type BookingHolderKind = 'appointment' | 'booking_request';

/** '/iframe' when the page is in the embedded shell, else ''. */
export function shellPrefix(path: string | undefined): string {
  return (path ?? '').split('/')[1] === 'iframe' ? '/iframe' : '';
}

/** The booking key of /appointments/{key}[/…], /a/{key}, /appointments/pending/{key}, /booking-requests/{key}, /br/{key}. */
export function bookingKeyOfPath(path: string | undefined): string | null {
  const segments = (path ?? '').split(/[?#]/, 1)[0]!.split('/').filter(Boolean);
  if (segments[0] === 'iframe') segments.shift();
  const [first, second, third] = segments;
  if (first === 'appointments' && second === 'pending')
    return third ? decodeURIComponent(third) : null;
  if (['appointments', 'a', 'booking-requests', 'br'].includes(first ?? '') && second)
    return decodeURIComponent(second);
  return null;
}

function withSearch(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The page of a booking, the return URL after logging in. */
export function bookingPagePath(kind: BookingHolderKind, bookingKey: string): string {
  const segment = kind === 'appointment' ? 'appointments' : 'booking-requests';
  return `/${segment}/${encodeURIComponent(bookingKey)}`;
}

/**
 * A secured call answered 401: log in for this booking (spec 2.2
 * /authentication parameters, R-4-auth-11) and come back.
 */
export function authenticationTarget(input: {
  prefix: string;
  bookingKey: string;
  kind: BookingHolderKind;
  kioskMode: boolean;
  /** The page asked for (e.g. /appointments/{key}/result): kept when it is a page of this booking. */
  returnPath?: string;
}): Target {
  const page = bookingPagePath(input.kind, input.bookingKey);
  const own = input.returnPath?.startsWith(`${page}/`) ? input.returnPath : page;
  const params = new URLSearchParams({
    bookingKey: input.bookingKey,
    returnUrl: own,
    type: input.kind === 'appointment' ? 'APPOINTMENT' : 'BOOKING_REQUEST',
  });
  if (input.kind === 'booking_request') params.set('isBookingRequest', 'true');
  if (input.kioskMode) params.set('kioskMode', 'true');
  return { path: `${input.prefix}/authentication`, search: withSearch(params) };
}

export type ChangeStatus = 'RESCHEDULED' | 'CHANGED';

/**
 * R-4-cancel-07: into the booking flow. RESCHEDULED keeps the exam and the
 * clinic and opens their times (/select-clinic); CHANGED starts the flow over
 * with the exam preselected (/). The flow carries status and appointmentSlug
 * to the new booking, which then replaces the old appointment.
 */
export function rescheduleTarget(input: {
  prefix: string;
  status: ChangeStatus;
  appointmentSlug: string;
  examSlug: string;
  clinicId: number;
  kioskMode: boolean;
  /** The appointment's current start (ISO instant): the flow shows what is being moved. */
  currentStart?: string;
  /** The page's own booking key: the new key is sealed under it, so this link leads to the new appointment. */
  bookingKey?: string;
}): Target {
  const params = new URLSearchParams();
  params.set('procedureTab', 'single');
  params.set('examSlug', input.examSlug);
  if (input.status === 'RESCHEDULED') params.set('selectedClinic', String(input.clinicId));
  if (input.kioskMode) params.set('kioskMode', 'true');
  params.set('status', input.status);
  params.set('appointmentSlug', input.appointmentSlug);
  if (input.currentStart) params.set('rescheduleFrom', input.currentStart);
  if (input.bookingKey) params.set('previousBookingKey', input.bookingKey);
  const path = input.status === 'RESCHEDULED' ? '/select-clinic' : '/';
  return { path: `${input.prefix}${path}`, search: withSearch(params) };
}

/**
 * What the appointment page opens in `<imaging-questionnaire>` (its `types`
 * values): the pain score, the appointment's consent forms (`CONSENT_FORM`,
 * the element's own value for them), feedback, the cancel and decline
 * questionnaires and the ones required after booking.
 */
export type LinkedQuestionnaire =
  | 'PAIN_SCORE_INITIAL'
  | 'CONSENT_FORM'
  | 'FEEDBACK'
  | 'CANCEL_APPOINTMENT_PATIENT'
  | 'REQUIRED_ON_CONFIRMATION'
  | 'DECLINE_APPOINTMENT';

/**
 * The questionnaire page for a booking, returning to its appointment page.
 * `appointmentSlug` names the appointment of a booking of several.
 */
export function questionnaireTarget(input: {
  prefix: string;
  bookingKey: string;
  types: readonly string[];
  kioskMode: boolean;
  appointmentSlug?: string | null;
}): Target {
  const params = new URLSearchParams({
    bookingKey: input.bookingKey,
    types: input.types.join(','),
    backUrl: bookingPagePath('appointment', input.bookingKey),
  });
  if (input.appointmentSlug) params.set('appointmentSlug', input.appointmentSlug);
  if (input.kioskMode) params.set('kioskMode', 'true');
  return { path: `${input.prefix}/questionnaires`, search: withSearch(params) };
}

/** R-4-cancel-10: home after closing (/kiosk in kiosk mode, spec 2.3). */
export function homeTarget(prefix: string, kioskMode: boolean): Target {
  return kioskMode
    ? { path: `${prefix}/kiosk`, search: '?kioskMode=true' }
    : { path: `${prefix}/`, search: '' };
}

/** A map link for the clinic's coordinates (opens the device's maps in a new tab). */
export function mapLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}
