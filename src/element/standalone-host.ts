/**
 * The router of an element that sits alone on a clinic's page
 * (docs/embedding.md "Standalone"): a move within the element sets its own
 * `path` and `search`; a path another element shows replaces the element by
 * that one (loaded from /elements/ beside this script, keeping the clinic's
 * attributes: api-base, locale, kiosk-mode, id, class…); a path only the
 * portal has opens the portal. With `url-state`, every move is mirrored
 * into the page's address (#imaging:/path?query), so Back, Forward and
 * reload work.
 */
import { getApiBase } from '../api/client';
import { elementForPath, readUrlState } from '../domain/element-routes';
import type { NavigationDetail } from './events';
import { firstPlaced, mirrorAddress, snapshot, type PlacedElement } from './navigation';

type Snapshot = PlacedElement;

/** The element now on the page, and the one the page started with (Back to the first entry). */
let current: HTMLElement | null = null;
let first: Snapshot | null = null;
let listening = false;

const OWN_ATTRIBUTES = new Set(['path', 'search', 'page']);

export async function followAlone(host: HTMLElement, detail: NavigationDetail): Promise<void> {
  remember(host);
  if (host.hasAttribute('url-state')) mirror(detail);
  await show(host, detail.path, detail.search);
}

/** After a move within the element (navigation.ts applied it): Back and Forward now come here. */
export function watch(host: HTMLElement): void {
  remember(host);
  if (host.hasAttribute('url-state')) watchHistory();
}

/** Shows the state the address holds, without adding a history entry. */
export async function restore(host: HTMLElement): Promise<void> {
  const state = readUrlState(location.hash);
  if (!state) return;
  remember(host);
  watchHistory();
  await show(host, state.path, state.search);
}

function remember(host: HTMLElement): void {
  current = host;
  first ??= firstPlaced() ?? snapshot(host);
}

function mirror(detail: NavigationDetail): void {
  mirrorAddress(detail);
  watchHistory();
}

function watchHistory(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', () => {
    const element = current;
    if (!element?.isConnected) return;
    const state = readUrlState(location.hash);
    if (state) void show(element, state.path, state.search);
    else if (first) backToFirst(element, first);
  });
}

/** Back to the entry before the first move: the element the clinic placed, as it was. */
function backToFirst(element: HTMLElement, snapshot: Snapshot): void {
  const path = snapshot.attrs.find(([name]) => name === 'path')?.[1];
  const search = snapshot.attrs.find(([name]) => name === 'search')?.[1] ?? '';
  if (element.localName === snapshot.tag) {
    // The booking flow keeps its state in the page: its first step is '/' (with the clinic's preselection).
    element.setAttribute('path', path ?? '/');
    element.setAttribute('search', search);
    return;
  }
  const original = document.createElement(snapshot.tag);
  for (const [name, value] of snapshot.attrs) original.setAttribute(name, value);
  element.replaceWith(original);
  current = original;
}

async function show(host: HTMLElement, path: string, search: string): Promise<void> {
  const route = elementForPath(path);
  if (!route) return leaveFor(path, search);
  if (host.localName === route.tag) {
    host.setAttribute('path', path);
    host.setAttribute('search', search);
    return;
  }
  if (!customElements.get(route.tag)) {
    try {
      await import(/* @vite-ignore */ elementScript(route.module));
    } catch {
      return leaveFor(path, search);
    }
  }
  if (current !== host || !host.isConnected) return; // Another move came first.
  const next = document.createElement(route.tag);
  for (const { name, value } of host.attributes)
    if (!OWN_ATTRIBUTES.has(name)) next.setAttribute(name, value);
  for (const [name, value] of Object.entries(route.attrs ?? {})) next.setAttribute(name, value);
  next.setAttribute('path', path);
  next.setAttribute('search', search);
  host.replaceWith(next);
  current = next;
  // A new page: its top in view, as a page change would.
  if (next.getBoundingClientRect().top < 0) next.scrollIntoView({ block: 'start' });
}

/** /elements/<name>.js beside the chunk this module came from (/elements/chunks/). */
function elementScript(module: string): string {
  const here = import.meta.url;
  return new URL(`../${module}.js`, here).href;
}

/** A path no element shows (check-in, image viewer…): the provider's portal has it. */
function leaveFor(path: string, search: string): void {
  window.location.assign(`${getApiBase() || location.origin}${path}${search}`);
}
