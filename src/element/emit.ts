import type { ImagingEventMap, ImagingEventName } from './events';

/**
 * Dispatches a documented event from the host element of the widget that
 * holds `from` (any node inside its shadow root). r2wc's own
 * `events` option fires lower-case events that neither bubble nor leave the
 * shadow root, so widgets use this instead.
 */
export function emit<N extends ImagingEventName>(
  from: Element | ShadowRoot | null | undefined,
  name: N,
  detail: ImagingEventMap[N],
): boolean {
  const host = from ? hostOf(from) : null;
  if (!host) return true;
  return host.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }),
  );
}

/** The custom element whose shadow root holds `node` (or the node itself outside a shadow root). */
export function hostOf(node: Element | ShadowRoot): Element {
  if (node instanceof ShadowRoot) return node.host;
  const root = node.getRootNode();
  return root instanceof ShadowRoot ? root.host : node;
}
