import type { PortalConfig } from '../../src/contract/portal.js';
import {
  compactHeaderImage,
  headerAsset,
  pageType,
  type HeaderAsset,
} from '../../src/domain/frame.js';
import { escapeHtml } from './page-head.js';
import type { ImageSize } from './image-size.js';

/** Where the host page (demo/portal/index.html) takes the shell. */
export const SHELL_PLACEHOLDER = '<!--imaging:shell-->';

const ASSETS = '/api/assets/application';

/**
 * The banner for the shell: the provider's HTML reduced to text with its
 * bold parts and links marked. Every `<` starts a tag that is replaced by
 * a fixed string (`<strong>`, a link-styled `<span>`) or dropped, so nothing
 * of the provider's markup, attributes included, reaches the page; entities
 * stay as written.
 */
function bannerHtml(html: string): string {
  return html
    .replace(/<[^>]*>?/g, (tag) => {
      const closing = tag.startsWith('</');
      const name = /^<\/?\s*([a-z]+)/i.exec(tag)?.[1]?.toLowerCase();
      if (name === 'b' || name === 'strong') return closing ? '</strong>' : '<strong>';
      if (name === 'a') return closing ? '</span>' : '<span class="portal-shell__link">';
      return '';
    })
    .trim();
}

/**
 * The frame's environment label (spec 2.3), as en-AU's frame.environment
 * says it: the shell only holds its place until the frame shows it in the
 * patient's language.
 */
function environmentLabel(profiles: readonly string[]): string {
  if (profiles.length === 0) return '';
  const text = `Environment: ${profiles.join(', ')}`;
  return `<div class="portal-shell__environment">${escapeHtml(text)}</div>`;
}

/**
 * The page's first paint, before any script (issue 15 part 3): the frame's
 * banner, header and header image, and a placeholder for the step, as plain
 * HTML. The header image is the largest thing on a phone's first screen, so
 * it loads from here at once, with high priority. demo/portal/main.ts swaps
 * the shell for <imaging-frame> in one frame once the frame has rendered, so
 * nothing on screen moves (CLS 0). The iframe shell has no frame, so no shell.
 */
/** What the shell knows of a stored header image: its size, and the image itself when small. */
export interface ShellImage {
  size?: ImageSize | undefined;
  /** A data: URL, for images small enough to ride in the page (no request before the first paint). */
  inline?: string | undefined;
}

/** Images up to this size are written into the page itself. */
export const INLINE_IMAGE_MAX_BYTES = 8 * 1024;

export function pageShell(
  config: PortalConfig,
  path: string,
  images: Partial<Record<HeaderAsset, ShellImage>> = {},
): string {
  if (path.startsWith('/iframe')) return '';
  const type = pageType(path);
  const banner = bannerHtml(config.radiology.bannerMessage ?? '');
  const closable = config.radiology.closeBanner ? ' data-closable' : '';
  const background = config.application.patientPortalBackgroundImageEnabled
    ? ' data-background'
    : '';
  const phoneAsset = headerAsset(type, false);
  const tabletAsset = headerAsset(type, true);
  return [
    `<div class="portal-shell" aria-hidden="true"${background}>`,
    environmentLabel(config.app.environmentProfiles ?? []),
    banner ? `<div class="portal-shell__banner"${closable}>${banner}</div>` : '',
    '<div class="portal-shell__header">',
    `<img src="${ASSETS}/favicon" alt="" width="32" height="32" />`,
    `<span>${escapeHtml(config.radiology.name)}</span>`,
    '</div>',
    `<div class="portal-shell__image"${compactHeaderImage(path) ? ' data-size="compact"' : ''}>`,
    '<picture>',
    `<source media="(min-width: 600px) and (max-width: 1119.98px)" srcset="${source(tabletAsset, images)}"${sizeAttributes(images[tabletAsset]?.size)} />`,
    `<img src="${source(phoneAsset, images)}" alt="" fetchpriority="high"${sizeAttributes(images[phoneAsset]?.size)} />`,
    '</picture>',
    '</div>',
    '<div class="portal-shell__main"><div></div><div></div><div></div></div>',
    '</div>',
  ].join('');
}

function source(asset: HeaderAsset, images: Partial<Record<HeaderAsset, ShellImage>>): string {
  return images[asset]?.inline ?? `${ASSETS}/${asset}`;
}

/** Width and height reserve the image's space before it loads, so nothing below it moves. */
function sizeAttributes(size: ImageSize | undefined): string {
  return size ? ` width="${size.width}" height="${size.height}"` : '';
}

/** The header images a shell of `path` shows: the phone one and the tablet one. */
export function shellAssets(path: string): HeaderAsset[] {
  const type = pageType(path);
  return [headerAsset(type, false), headerAsset(type, true)];
}

/** The host page with the shell written into its mount point. */
export function withPageShell(html: string, shell: string): string {
  return html.replace(SHELL_PLACEHOLDER, () => shell);
}
