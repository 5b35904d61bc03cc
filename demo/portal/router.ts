import { createRouter } from '@nanostores/router';
import { routeTable } from './routes';

/**
 * The portal's router. The host page is the only owner of the URL; widgets
 * get the current path and query through attributes (`links: false`: our own
 * click handler also sees links inside shadow roots).
 */
export const $router = createRouter(routeTable(), { links: false });

/** Follows same-origin links clicked anywhere, including inside open shadow roots. */
export function interceptLinks(root: HTMLElement): void {
  root.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event
      .composedPath()
      .find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement);
    // `download` is an empty string on <a download>: ask for the attribute, not the property.
    if (!link || link.target === '_blank' || link.hasAttribute('download')) return;
    if (link.origin !== location.origin || link.pathname.startsWith('/api/')) return;
    if (link.getAttribute('href')?.startsWith('#')) return;
    event.preventDefault();
    navigate(link.pathname + link.search + link.hash);
  });
}

/** Opens a path; a new page starts at the top, a replaced one (a choice within a step) stays put. */
export function navigate(href: string, replace = false): void {
  $router.open(href, replace);
  if (!replace) window.scrollTo(0, 0);
}
