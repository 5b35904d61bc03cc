/**
 * What a questionnaire URL asks for (spec 2.2 "/questionnaires", spec 4
 * "Questionnaires"), and where the flow goes from it: pure, so the store
 * only runs the calls and the tests read the rules directly.
 */
import {
  AFTER_BOOKING_TYPES,
  BEFORE_BOOKING_TYPES,
  type QuestionnaireType,
} from '../../contract/questionnaire';

/** The types parameter value for the consent forms of an appointment. */
export const CONSENT_FORM_TYPE = 'CONSENT_FORM';

export type AskType = QuestionnaireType | typeof CONSENT_FORM_TYPE;

export interface FlowContext {
  /** '/iframe' inside the embedded shell (R-2.1-01), else ''. */
  prefix: string;
  incoming: URLSearchParams;
  bookingKey: string | null;
  examSlugs: string[];
  types: AskType[];
  backUrl: string | null;
  redirectUrl: string | null;
  appointmentSlug: string | null;
  /**
   * The staff entry of the radiologist's protocol (R-8-07): a staff session
   * holds no booking, so the request is named by its slug and only PROTOCOL
   * is asked (the server lets staff read nothing else of it).
   */
  bookingRequestSlug: string | null;
  /** The clinic already chosen (the booking flow's selectedClinic, or a clinic page's clinicId). */
  clinicId: number | null;
  /** Before booking (temporary answers under the flow's key) or about an existing booking. */
  mode: 'before' | 'after';
}

/** A portal path and query the flow moves to. */
export interface FlowTarget {
  path: string;
  search: string;
}

const ALL_TYPES = new Set<string>([
  ...BEFORE_BOOKING_TYPES,
  ...AFTER_BOOKING_TYPES,
  CONSENT_FORM_TYPE,
]);
const SLUG = /^[a-z0-9][a-z0-9-_]*$/i;
/** A booking's slug as the server makes them: base64url, so it may start with '-' or '_'. */
const BOOKING_SLUG = /^[A-Za-z0-9_-]{1,64}$/;

function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Only a path of this portal is followed as a back or redirect URL (no open redirect). */
export function safeLocalPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null;
  return value;
}

/** The flow a questionnaire URL describes (R-2.2-04: every parameter is kept). */
export function parseContext(path: string, search: string): FlowContext {
  const incoming = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const prefix = path.startsWith('/iframe/') || path === '/iframe' ? '/iframe' : '';
  const examSlugs = [...list(incoming.get('examSlug')), ...list(incoming.get('examSlugs'))].filter(
    (slug) => SLUG.test(slug),
  );
  const types = list(incoming.get('types'))
    .map((type) => type.toUpperCase())
    .filter((type): type is AskType => ALL_TYPES.has(type));
  const bookingKey = incoming.get('bookingKey')?.trim() || null;
  const requestSlug = incoming.get('bookingRequestSlug')?.trim() ?? '';
  const bookingRequestSlug = !bookingKey && BOOKING_SLUG.test(requestSlug) ? requestSlug : null;
  // With exams it is the booking flow's step; with only a booking key (or the staff entry's
  // booking request), it is about that booking.
  const mode = examSlugs.length === 0 && (bookingKey || bookingRequestSlug) ? 'after' : 'before';
  const clinic = Number(incoming.get('selectedClinic') || incoming.get('clinicId'));
  return {
    prefix,
    incoming,
    bookingKey,
    examSlugs: [...new Set(examSlugs)],
    types,
    backUrl: safeLocalPath(incoming.get('backUrl')),
    // Only a portal path: a link must not send the patient to another site (REDIRECT outcomes may).
    redirectUrl: safeLocalPath(incoming.get('redirectUrl')),
    appointmentSlug: incoming.get('appointmentSlug'),
    bookingRequestSlug,
    clinicId: Number.isSafeInteger(clinic) && clinic > 0 ? clinic : null,
    mode,
  };
}

export function withPrefix(context: FlowContext, path: string): string {
  return context.prefix && !path.startsWith(`${context.prefix}/`)
    ? `${context.prefix}${path}`
    : path;
}

/** Where the flow returns when the URL names no back URL. */
export function defaultBack(context: FlowContext): string {
  if (context.mode === 'after' && context.bookingKey)
    return `/appointments/${encodeURIComponent(context.bookingKey)}`;
  if (context.bookingRequestSlug) return '/';
  const params = new URLSearchParams(context.incoming);
  for (const name of ['types', 'backUrl', 'redirectUrl', 'examSlugs']) params.delete(name);
  if (context.examSlugs.length > 0) params.set('examSlug', context.examSlugs.join(','));
  const query = params.toString();
  return `/${query ? `?${query}` : ''}`;
}

/** The back URL of the flow: the URL's own, else the default. */
export function backOf(context: FlowContext): string {
  return context.backUrl ?? defaultBack(context);
}

/** The deny page with `messageKey` and a Close button back to where the flow came from. */
export function denyTarget(context: FlowContext, messageKey: string): FlowTarget {
  const search = new URLSearchParams({ customMessage: messageKey, showClose: 'true' });
  search.set('redirectUrl', withPrefix(context, backOf(context)));
  return { path: withPrefix(context, '/deny'), search: `?${search.toString()}` };
}

/** The log-in page for the flow's booking key, returning to the same questionnaire URL. */
export function authenticationTarget(context: FlowContext): FlowTarget {
  const returnUrl = `${withPrefix(context, '/questionnaires')}?${context.incoming.toString()}`;
  const search = new URLSearchParams({
    bookingKey: context.bookingKey ?? '',
    returnUrl,
    type: 'APPOINTMENT',
  });
  return { path: withPrefix(context, '/authentication'), search: `?${search.toString()}` };
}

/**
 * The page the patient returns to after answering, marked `answered=TYPES`
 * so that page can say, where they look, that the answers were saved.
 * An absolute URL (a REDIRECT outcome) is left as it is.
 */
export function markAnswered(location: string, types: readonly string[]): string {
  if (types.length === 0 || !location.startsWith('/')) return location;
  const url = new URL(location, 'http://portal.invalid');
  url.searchParams.set('answered', types.join(','));
  return `${url.pathname}${url.search}`;
}
