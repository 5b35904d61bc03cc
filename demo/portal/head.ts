import { pageHead, type PageHead } from '../../src/domain/page-head';
import { $config } from '../../src/stores/config.store';

/**
 * Keeps the page's title and meta tags on the provider's configuration: the
 * server writes them into this page for crawlers (server/http/page-head.ts),
 * and this writes them again from the configuration the page loads. The
 * host page owns its head; the elements never touch it, so a clinic's own
 * title stays when it embeds them.
 */
export function keepHeadOnConfig(): void {
  $config.subscribe((config) => {
    if (config) applyHead(pageHead(config));
  });
}

function applyHead(head: PageHead): void {
  if (head.title) document.title = head.title;
  for (const old of document.head.querySelectorAll('meta[data-imaging-head]')) old.remove();
  for (const { key, value, content } of head.meta) {
    const meta = document.createElement('meta');
    meta.setAttribute(key, value);
    meta.content = content;
    meta.dataset.imagingHead = '';
    document.head.append(meta);
  }
}
