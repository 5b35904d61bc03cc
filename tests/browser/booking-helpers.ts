import { waitFor } from './assert';

/** Helpers shared by the `<imaging-booking>` browser tests. */
export type Navigated = CustomEvent<{ path: string; search: string; replace: boolean }>;

export function mount(attributes: Record<string, string> = {}): HTMLElement {
  const element = document.createElement('imaging-booking');
  for (const [name, value] of Object.entries({ path: '/', search: '', ...attributes })) {
    element.setAttribute(name, value);
  }
  document.body.append(element);
  return element;
}

export const shadow = (element: HTMLElement) => element.shadowRoot!;

export const heading = (element: HTMLElement, text: string) =>
  waitFor(
    () => [...shadow(element).querySelectorAll('h1')].find((h) => h.textContent === text) ?? null,
    `h1 "${text}"`,
  );

const cleanups: (() => void)[] = [];

/** Plays the host router, as demo/portal does: every navigated event goes into the attributes. */
export function routeLikeAHost(element: HTMLElement): Navigated[] {
  const events: Navigated[] = [];
  const follow = (event: Event) => {
    event.preventDefault();
    const { path, search } = (event as Navigated).detail;
    events.push(event as Navigated);
    element.setAttribute('path', path);
    element.setAttribute('search', search);
  };
  document.addEventListener('imaging-booking-navigated', follow);
  cleanups.push(() => document.removeEventListener('imaging-booking-navigated', follow));
  return events;
}

/** Stops the host routers and removes every mounted element (afterEach). */
export function unmountAll(): void {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  document.querySelectorAll('imaging-booking').forEach((element) => element.remove());
}
