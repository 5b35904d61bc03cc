/**
 * An element asks to go to another portal path. The host page that routes
 * (the provider's portal, a clinic's own router) handles the event and calls
 * preventDefault(); when nobody does, the element is alone on a clinic's page
 * and goes there itself (standalone-host.ts, loaded only then).
 */
import { emit, hostOf } from './emit';
import type { NavigationDetail } from './events';

export type NavigationEventName = 'imaging-navigated' | 'imaging-booking-navigated';

export function requestNavigation(
  from: Element | ShadowRoot | null | undefined,
  event: NavigationEventName,
  detail: NavigationDetail,
): void {
  if (!from || !emit(from, event, detail)) return;
  const host = hostOf(from);
  if (!(host instanceof HTMLElement) || !host.isConnected) return;
  void import('./standalone-host').then(({ followAlone }) => followAlone(host, detail));
}

/** An element with `url-state` opened on a page whose address holds a mirrored state. */
export function restoreUrlState(from: Element | ShadowRoot | null | undefined): void {
  const host = from ? hostOf(from) : null;
  if (!(host instanceof HTMLElement) || !host.hasAttribute('url-state')) return;
  if (!location.hash.startsWith('#imaging:')) return;
  void import('./standalone-host').then(({ restore }) => restore(host));
}
