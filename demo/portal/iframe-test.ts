/**
 * R-2.1-04: the iframe-test page embeds the URL given by ?link=. Only http(s)
 * URLs are embedded, so the page cannot be used to run a javascript: URL.
 */
export function renderIframeTest(link: string | undefined): HTMLElement {
  const url = safeUrl(link);
  if (!url) {
    const message = document.createElement('p');
    message.className = 'route-unavailable';
    message.textContent = 'Give the address to embed as ?link=https://…';
    return message;
  }
  const iframe = document.createElement('iframe');
  iframe.className = 'iframe-test';
  iframe.title = 'Embedded portal';
  iframe.src = url.href;
  return iframe;
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
