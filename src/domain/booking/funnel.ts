/**
 * The analytics booking funnel (spec 4 "Creating bookings", R-4-create-14;
 * spec 7, R-7-calls-59): the eleven events of funnel steps 0 to 7, worked
 * out from two views of the flow, the one before a change and the one
 * after. Pure: the booking widget builds the views from its stores, and the
 * analytics adapters send the events (src/integrations/analytics).
 *
 * DESIGN (the spec lists eleven events for steps 0 to 7): the three ways of
 * choosing what to book (procedure type, scan type, body part) are step 1,
 * and form submitted and booking completed are both step 7, the outcome of
 * sending the form. An event fires when its condition becomes true, or
 * when its choice changes to another value, so going back and choosing
 * again is counted again, and a flow opened in the middle (a reload, a
 * link) reports the steps its address already shows.
 */
import type { BookingStep } from './flow-path';

export const FUNNEL_STEPS = {
  page_view: 0,
  procedure_type: 1,
  scan_type: 1,
  body_part: 1,
  search_availability: 2,
  questionnaire: 3,
  location: 4,
  time_slot: 5,
  form_start: 6,
  form_submitted: 7,
  booking_completed: 7,
} as const;

export type FunnelEventName = keyof typeof FUNNEL_STEPS;

/** The events that carry the hashed patient e-mail (R-7-calls-59). */
export const EMAIL_HASH_EVENTS: ReadonlySet<FunnelEventName> = new Set([
  'form_submitted',
  'booking_completed',
]);

/** What the funnel needs of the flow at one moment; names, never identifiers of a patient. */
export interface FunnelView {
  /** The step shown; null while the flow loads. */
  step: BookingStep | null;
  procedureTab: 'single' | 'multiple';
  /** The chosen scan type's name (modality). */
  scanType: string | null;
  /** The chosen body part's name (body figure). */
  bodyPart: string | null;
  /** The chosen exams' names. */
  procedures: readonly string[];
  /** The chosen clinic: its id tells a new choice, its name is sent. */
  location: { id: number; name: string | null } | null;
  /** The chosen slots' start times, by exam index ('' for none). */
  slots: readonly string[];
  /** Every exam that needs a slot has one (or none needs one). */
  allSlotsChosen: boolean;
  /** The flow left for the questionnaires of the chosen exams. */
  inQuestionnaires: boolean;
  /** The form is being sent (validated, the booking call under way). */
  submitting: boolean;
  /** The booking made: a number that changes with each new booking, 0 for none. */
  completed: number;
  /** Kind of the booking made. */
  kind: 'appointment' | 'booking-request' | null;
}

export const EMPTY_FUNNEL_VIEW: FunnelView = {
  step: null,
  procedureTab: 'single',
  scanType: null,
  bodyPart: null,
  procedures: [],
  location: null,
  slots: [],
  allSlotsChosen: false,
  inQuestionnaires: false,
  submitting: false,
  completed: 0,
  kind: null,
};

/** One funnel event as the adapters send it; the e-mail is added, hashed, by the sender. */
export interface FunnelEvent {
  name: FunnelEventName;
  step: number;
  /** The chosen exams' names, joined with ", " (R-7-calls-59). */
  procedureName?: string;
  /** The chosen clinic's name (R-7-calls-59). */
  locationName?: string;
  procedureType?: 'single' | 'multiple';
  scanType?: string;
  bodyPart?: string;
  bookingKind?: 'appointment' | 'booking-request';
  /** SHA-256 hex of the trimmed, lower-cased e-mail (form submitted, booking completed). */
  emailHash?: string;
}

const LATER_THAN_EXAM: ReadonlySet<BookingStep | null> = new Set(['clinic', 'slots', 'form']);

/** Whether each event's condition holds in a view, or the value whose change fires it. */
function conditions(view: FunnelView): Record<FunnelEventName, unknown> {
  const chosenSlots = view.slots.filter(Boolean);
  return {
    page_view: view.step !== null,
    procedure_type: view.step !== null && view.procedureTab,
    scan_type: view.scanType,
    body_part: view.bodyPart,
    search_availability:
      view.procedures.length > 0 && (LATER_THAN_EXAM.has(view.step) || view.inQuestionnaires),
    questionnaire: view.inQuestionnaires,
    location: view.location?.id ?? null,
    time_slot: chosenSlots.length > 0 && view.allSlotsChosen && chosenSlots.join(','),
    form_start: view.step === 'form',
    form_submitted: view.submitting,
    booking_completed: view.completed || false,
  };
}

const fired = (before: unknown, after: unknown) =>
  after !== null && after !== false && after !== before;

/** The procedure type is reported when the patient changes it, not for the default of the first view. */
const quietAtFirst: ReadonlySet<FunnelEventName> = new Set(['procedure_type']);

function eventOf(name: FunnelEventName, view: FunnelView): FunnelEvent {
  const event: FunnelEvent = { name, step: FUNNEL_STEPS[name] };
  if (view.procedures.length > 0) event.procedureName = view.procedures.join(', ');
  if (view.location?.name) event.locationName = view.location.name;
  if (name === 'procedure_type') event.procedureType = view.procedureTab;
  if (name === 'scan_type' && view.scanType) event.scanType = view.scanType;
  if (name === 'body_part' && view.bodyPart) event.bodyPart = view.bodyPart;
  if (name === 'booking_completed' && view.kind) event.bookingKind = view.kind;
  return event;
}

/**
 * The funnel events a change of the flow fires, in funnel order. The first
 * call of a page passes EMPTY_FUNNEL_VIEW as `before`.
 */
export function funnelEvents(before: FunnelView, after: FunnelView): FunnelEvent[] {
  const was = conditions(before);
  const now = conditions(after);
  const first = before.step === null;
  return (Object.keys(FUNNEL_STEPS) as FunnelEventName[])
    .filter((name) => fired(was[name], now[name]) && !(first && quietAtFirst.has(name)))
    .map((name) => eventOf(name, after));
}

/** The e-mail as hashed for analytics: trimmed and lower-cased (spec 3 patientEmailHash). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * SHA-256 hex of the normalised e-mail, as the server's patientEmailHash.
 * Undefined when there is no e-mail or the browser offers no Web Crypto
 * (a page on plain http): the e-mail is then left out, never sent in clear.
 */
export async function hashEmail(email: string): Promise<string | undefined> {
  const normalised = normaliseEmail(email);
  const subtle = globalThis.crypto?.subtle;
  if (!normalised || !subtle) return undefined;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(normalised));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
