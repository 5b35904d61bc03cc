import Postmate from 'postmate';
import { IMAGING_EVENT_NAMES, type ImagingEventMap } from '../element/events';

export interface EmbedOptions {
  container: HTMLElement;
  url: string;
  title: string;
  /** The handshake never settles when the child redirects to another origin. */
  timeoutMs?: number;
  /** A kiosk-mode message to the portal once it answers: its idle watch starts (true) or stops (false). */
  kioskMode?: boolean;
}

/**
 * Embeds the portal in an iframe, keeps its height equal to the page inside,
 * and re-emits every `imaging-*` event of the elements inside on
 * `container`, with the same name and detail, bubbling (docs/embedding.md).
 * postmate accepts messages only from the portal's origin (the URL's) and
 * posts only to it. Resolves false when the portal did not answer in time
 * (the iframe still shows, at its CSS height).
 */
export async function embedPortal({
  container,
  url,
  title,
  timeoutMs = 10_000,
  kioskMode,
}: EmbedOptions): Promise<boolean> {
  const handshake = new Postmate({ container, url, classListArray: ['imaging-portal-frame'] });
  const frame = container.querySelector('iframe');
  if (frame) frame.title = title;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>(
    (resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)),
  );
  const parent = await Promise.race([handshake, timeout]);
  clearTimeout(timer);
  if (!parent) return false;
  if (kioskMode !== undefined) parent.call('kioskMode', kioskMode);
  // postmate keeps one handler per name: the height is set in the same one that re-emits.
  for (const name of IMAGING_EVENT_NAMES) {
    parent.on(name, (detail: unknown) => {
      if (name === 'imaging-frame-resized') {
        const { height } = detail as ImagingEventMap['imaging-frame-resized'];
        if (Number.isFinite(height)) parent.frame.style.height = `${Math.ceil(height)}px`;
      }
      container.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
    });
  }
  return true;
}
