import type { ImagingEventMap, ImagingEventName } from './events';

/**
 * Dispatches a documented event from the widget's host element. r2wc's own
 * `events` option fires lower-case events that neither bubble nor leave the
 * shadow root, so widgets use this instead.
 */
export function emit<N extends ImagingEventName>(
  from: Element | ShadowRoot | null | undefined,
  name: N,
  detail: ImagingEventMap[N],
): boolean {
  const host = from instanceof ShadowRoot ? from.host : from;
  if (!host) return true;
  return host.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }),
  );
}
