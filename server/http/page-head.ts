import type { PageHead } from '../../src/domain/page-head.js';

/** Where the host page (demo/portal/index.html) takes the provider's meta tags. */
export const HEAD_PLACEHOLDER = '<!--imaging:head-->';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe in an HTML text node or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * The host page with the provider's title and meta tags written in, for
 * search engines and link previews that run no JavaScript (spec 3; R-3-01,
 * R-3-02). Replacements go through functions, so a `$&` in a provider's text
 * is text, not a replacement pattern.
 */
export function withPageHead(html: string, head: PageHead): string {
  const tags = head.meta
    .map(
      (m) =>
        `<meta ${m.key}="${escapeHtml(m.value)}" content="${escapeHtml(m.content)}" data-imaging-head />`,
    )
    .join('\n    ');
  const titled = head.title
    ? html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    : html;
  return titled.replace(HEAD_PLACEHOLDER, () => tags);
}
