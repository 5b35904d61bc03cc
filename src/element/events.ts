/**
 * Every DOM event the widgets dispatch, with its detail. The same names and
 * payloads travel over postMessage in iframe mode (STYLE.md 5).
 */
export interface ImagingEventMap {
  /** The frame asks the host page to navigate (a menu or footer link was chosen). */
  'imaging-frame-navigated': { href: string };
  /** The user logged out from the frame's menu. */
  'imaging-session-ended': { reason: 'logout' | 'unauthorized' | 'inactivity' };
  /** iframe mode: the page inside the portal's iframe changed height (postMessage only). */
  'imaging-frame-resized': { height: number };
  /** The banner was dismissed. */
  'imaging-banner-closed': Record<string, never>;
}

export type ImagingEventName = keyof ImagingEventMap;
