import Postmate from 'postmate';
import {
  IMAGING_EVENT_NAMES,
  type ImagingEventMap,
  type ImagingEventName,
} from '../element/events';

export interface IframeChild {
  emit<N extends ImagingEventName>(name: N, detail: ImagingEventMap[N]): void;
}

/** The page's content height: body, not html, whose scrollHeight never drops below the iframe's. */
function contentHeight(): number {
  return Math.ceil(document.body.getBoundingClientRect().height);
}

/**
 * The parent's real origin as the browser reports it. postmate's child
 * answers any parent, so messages from any other origin are dropped before
 * postmate sees them; the server's CSP frame-ancestors decides who may frame
 * the portal at all.
 */
function parentOrigin(): string | null {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? null;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

function dropForeignMessages(allowed: string): void {
  window.addEventListener(
    'message',
    (event) => {
      const isPostmate =
        typeof event.data === 'object' && event.data?.type === 'application/x-postmate-v1+json';
      if (isPostmate && event.origin !== allowed) event.stopImmediatePropagation();
    },
    { capture: true },
  );
}

/**
 * Starts iframe mode: answers the parent's postmate handshake, reports the
 * page height whenever it changes, so the parent can size the iframe, and
 * passes every `imaging-*` event of the elements on the page to the parent
 * with the same name and detail (docs/embedding.md). postmate posts only to
 * the parent's origin, never "*".
 */
export interface IframeChildOptions {
  /**
   * The parent's kiosk-mode message, `parent.call('kioskMode', true)`
   * (spec 4 "Kiosk inactivity": idle watching starts and stops with it).
   */
  onKioskMode?: (on: boolean) => void;
}

export async function startIframeChild(
  options: IframeChildOptions = {},
): Promise<IframeChild | null> {
  if (window.parent === window) return null;
  const allowed = parentOrigin();
  if (!allowed) return null;
  dropForeignMessages(allowed);
  const model = await new Postmate.Model({
    height: contentHeight,
    kioskMode: (on: unknown) => options.onKioskMode?.(on === true || on === 'true'),
  });
  const child: IframeChild = { emit: (name, detail) => model.emit(name, detail) };
  for (const name of IMAGING_EVENT_NAMES) {
    document.addEventListener(name, (event) => {
      if (event instanceof CustomEvent) model.emit(name, event.detail);
    });
  }
  const report = () => child.emit('imaging-frame-resized', { height: contentHeight() });
  new ResizeObserver(report).observe(document.body);
  report();
  return child;
}
