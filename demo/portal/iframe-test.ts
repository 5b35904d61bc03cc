import { embedPortal } from '../../src/messaging/iframe-parent';

/**
 * R-2.1-04: the iframe-test page embeds the URL given by ?link= the way a
 * third-party site would (postmate parent, auto-height). Only http(s) URLs
 * are embedded, so the page cannot be used to run a javascript: URL.
 */
export function renderIframeTest(link: string | undefined): HTMLElement {
  const url = safeUrl(link);
  const container = document.createElement('section');
  container.className = 'iframe-test';
  if (!url) {
    container.textContent = 'Give the address to embed as ?link=https://…';
    return container;
  }
  // postmate needs the container in the document: embed once the host page has placed it.
  queueMicrotask(() => {
    void embedPortal({ container, url: url.href, title: 'Embedded portal' }).then((connected) => {
      container.dataset.connected = String(connected);
    });
  });
  return container;
}

function safeUrl(link: string | undefined): URL | null {
  if (!link) return null;
  try {
    const url = new URL(link, location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
