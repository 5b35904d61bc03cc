/**
 * An element asks to go to another portal path. The host page that routes
 * (the provider's portal, a clinic's own router) handles the event and calls
 * preventDefault(); when nobody does, the element is alone on a clinic's page
 * and goes there itself. A move within the element applies at once, as a
 * host router would: applied later, it would land after the patient's next
 * choice and undo it. Swapping in another element or watching Back and
 * Forward loads standalone-host.ts, only then.
 */
import { elementForPath, writeUrlState } from '../domain/element-routes';
import { emit, hostOf } from './emit';
import type { NavigationDetail } from './events';

export type NavigationEventName = 'imaging-navigated' | 'imaging-booking-navigated';

/** The element as the clinic placed it, before its first move alone (Back to the first entry). */
export interface PlacedElement {
  tag: string;
  attrs: [string, string][];
}

let placed: PlacedElement | null = null;

export function firstPlaced(): PlacedElement | null {
  return placed;
}

export function requestNavigation(
  from: Element | ShadowRoot | null | undefined,
  event: NavigationEventName,
  detail: NavigationDetail,
): void {
  if (!from || !emit(from, event, detail)) return;
  const host = hostOf(from);
  if (!(host instanceof HTMLElement) || !host.isConnected) return;
  placed ??= snapshot(host);
  if (elementForPath(detail.path)?.tag === host.localName) {
    moveWithin(host, detail);
    void import('./standalone-host').then(({ watch }) => watch(host));
    return;
  }
  void import('./standalone-host').then(({ followAlone }) => followAlone(host, detail));
}

export function snapshot(host: HTMLElement): PlacedElement {
  return {
    tag: host.localName,
    attrs: [...host.attributes].map((attribute) => [attribute.name, attribute.value]),
  };
}

/** Mirrors a move into the page's address (`url-state`): a new entry, or the same one replaced. */
export function mirrorAddress({ path, search, replace }: NavigationDetail): void {
  const url = new URL(location.href);
  url.hash = writeUrlState(path, search);
  if (url.href === location.href) return;
  if (replace) history.replaceState(history.state, '', url);
  else history.pushState(history.state, '', url);
}

/** The element's own step: its attributes, and with `url-state` the page's address. */
function moveWithin(host: HTMLElement, detail: NavigationDetail): void {
  if (host.hasAttribute('url-state')) mirrorAddress(detail);
  host.setAttribute('path', detail.path);
  host.setAttribute('search', detail.search);
}

/** An element with `url-state` opened on a page whose address holds a mirrored state. */
export function restoreUrlState(from: Element | ShadowRoot | null | undefined): void {
  const host = from ? hostOf(from) : null;
  if (!(host instanceof HTMLElement) || !host.hasAttribute('url-state')) return;
  if (!location.hash.startsWith('#imaging:')) return;
  void import('./standalone-host').then(({ restore }) => restore(host));
}
