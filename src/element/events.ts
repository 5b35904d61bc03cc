/**
 * Every DOM event the widgets dispatch, with its detail. The same names and
 * payloads travel over postMessage in iframe mode (STYLE.md 5).
 */
/**
 * Where an element asks the host page to go: a portal path and query
 * (`search` is '' or starts with '?'); `replace` marks a choice within a
 * step (replaceState) rather than a new page (pushState).
 */
export interface NavigationDetail {
  path: string;
  search: string;
  replace: boolean;
}

export interface ImagingEventMap {
  /** The frame asks the host page to navigate (a menu or footer link was chosen). */
  'imaging-frame-navigated': { href: string };
  /** The user logged out from the frame's menu. */
  'imaging-session-ended': { reason: 'logout' | 'unauthorized' | 'inactivity' };
  /** iframe mode: the page inside the portal's iframe changed height (postMessage only). */
  'imaging-frame-resized': { height: number };
  /** The banner was dismissed. */
  'imaging-banner-closed': Record<string, never>;
  /**
   * `<imaging-booking>` moved to another step or changed a choice: the host
   * page puts `path` + `search` in the address bar (pushState, or
   * replaceState when `replace`) and sets them back as attributes.
   * `search` is '' or starts with '?'.
   */
  'imaging-booking-navigated': NavigationDetail;
  /**
   * Any other element (auth, deny, appointment, booking request,
   * questionnaire…) asks the host page to go to a portal path, with the same
   * contract as imaging-booking-navigated. An element inside an /iframe path
   * keeps the /iframe prefix itself.
   */
  'imaging-navigated': NavigationDetail;
  /** `<imaging-booking>` created an appointment or a booking request (spec 4 "Creating bookings"). */
  'imaging-booking-created': { bookingKey: string; kind: 'appointment' | 'booking-request' };
  /**
   * `<imaging-booking>`'s progress step changed (0 exam, 1 clinic, 2 time,
   * 3 details / creating the appointments, 4 confirmed), applied after a
   * 2000 ms debounce and only when it differs (spec 4, R-4-create-13).
   */
  'imaging-booking-progressed': { step: number };
  /**
   * `<imaging-checkin>`: the patient is checked in (or was already) for the
   * appointment `slug`; a kiosk shows its confirmation and returns home.
   */
  'imaging-checkin-completed': { slug: string; kioskMode: boolean };
  /** `<imaging-checkin>` reached the error step; `reason` is the message key it shows. */
  'imaging-checkin-failed': { reason: string; kioskMode: boolean };
  /** `<imaging-image-viewer>` has every image of a series (once per series). */
  'imaging-image-viewer-loaded': { seriesInstanceUID: string; images: number };
  /** `<imaging-image-viewer>` cannot show the study; `reason` is the message key it shows. */
  'imaging-image-viewer-failed': { reason: string };
}

export type ImagingEventName = keyof ImagingEventMap;

/**
 * Every event name at run time: iframe mode forwards each to the host page
 * (src/messaging). The type check below fails when the map gains a name
 * this list lacks.
 */
export const IMAGING_EVENT_NAMES = [
  'imaging-frame-navigated',
  'imaging-session-ended',
  'imaging-frame-resized',
  'imaging-banner-closed',
  'imaging-booking-navigated',
  'imaging-navigated',
  'imaging-booking-created',
  'imaging-booking-progressed',
  'imaging-checkin-completed',
  'imaging-checkin-failed',
  'imaging-image-viewer-loaded',
  'imaging-image-viewer-failed',
] as const satisfies readonly ImagingEventName[];

type Missing = Exclude<ImagingEventName, (typeof IMAGING_EVENT_NAMES)[number]>;
/** `never` when the list is complete; a missing name is a compile error here. */
export const EVERY_EVENT_LISTED: Missing extends never ? true : Missing = true;
