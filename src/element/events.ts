/**
 * Every DOM event the widgets dispatch, with its detail. The same names and
 * payloads travel over postMessage in iframe mode (STYLE.md 5).
 */
export interface ImagingEventMap {
  /** The frame asks the host page to navigate (a menu or footer link was chosen). */
  'imaging-frame-navigated': { href: string };
  /** The user logged out from the frame's menu. */
  'imaging-session-ended': { reason: 'logout' | 'unauthorized' | 'inactivity' };
  /** The banner was dismissed. */
  'imaging-banner-closed': Record<string, never>;
}

export type ImagingEventName = keyof ImagingEventMap;
