import Postmate from 'postmate';
import type { ImagingEventMap } from '../element/events';

export interface EmbedOptions {
  container: HTMLElement;
  url: string;
  title: string;
  /** The handshake never settles when the child redirects to another origin. */
  timeoutMs?: number;
}

/**
 * Embeds the portal in an iframe and keeps its height equal to the page
 * inside. Resolves false when the portal did not answer in time (the iframe
 * still shows, at its CSS height).
 */
export async function embedPortal({
  container,
  url,
  title,
  timeoutMs = 10_000,
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
  parent.on('imaging-frame-resized', ({ height }: ImagingEventMap['imaging-frame-resized']) => {
    parent.frame.style.height = `${Math.ceil(height)}px`;
  });
  return true;
}
