import Postmate from 'postmate';
import type { ImagingEventMap } from '../element/events';

type FrameMessage = 'imaging-frame-resized' | 'imaging-frame-navigated';

export interface IframeChild {
  emit<N extends FrameMessage>(name: N, detail: ImagingEventMap[N]): void;
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
 * Starts iframe mode: answers the parent's postmate handshake and reports the
 * page height whenever it changes, so the parent can size the iframe.
 */
export async function startIframeChild(): Promise<IframeChild | null> {
  if (window.parent === window) return null;
  const allowed = parentOrigin();
  if (!allowed) return null;
  dropForeignMessages(allowed);
  const model = await new Postmate.Model({
    height: () => document.documentElement.scrollHeight,
  });
  const child: IframeChild = { emit: (name, detail) => model.emit(name, detail) };
  const report = () =>
    child.emit('imaging-frame-resized', { height: document.documentElement.scrollHeight });
  new ResizeObserver(report).observe(document.body);
  report();
  return child;
}
