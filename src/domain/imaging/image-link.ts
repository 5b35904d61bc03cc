/**
 * The referrer's image link page (spec 2.2 "Referrer report page", 4 "Image
 * viewer", R-4-viewer-01..04): what the page does with the link's query and
 * with the image viewer response. Pure, so the rules are unit-tested in Node.
 */
import {
  IMSEC_PATTERN,
  REPOSITORY_SOURCE_PATTERN,
  VIEWER_PAGE_PATH,
  type ImageViewerResponse,
} from '../../contract/imaging';
import { readViewerParams, type ViewerParams } from './viewer-url';

export interface ImageLinkParams {
  imsec: string;
  repositorySource?: string;
}

/** R-2.2-14: imsec and an optional repositorySource; null when the imsec is missing or malformed. */
export function parseImageLink(search: string): ImageLinkParams | null {
  const params = new URLSearchParams(search);
  const imsec = params.get('imsec')?.trim() ?? '';
  if (!new RegExp(IMSEC_PATTERN).test(imsec)) return null;
  const source = params.get('repositorySource')?.trim() ?? '';
  return new RegExp(REPOSITORY_SOURCE_PATTERN).test(source)
    ? { imsec, repositorySource: source }
    : { imsec };
}

/** What the page shows for a response (spec 4 "Image viewer"). */
export type ViewerOutcome =
  /** R-4-viewer-01: an EXPIRED link leaves for the provider's redirect URL. */
  | { kind: 'redirect'; href: string }
  /** An EXPIRED link without a usable redirect URL: the page says it has expired. */
  | { kind: 'expired' }
  /** R-4-viewer-03: no url, the 'images not available' warning. */
  | { kind: 'no-images'; pacsUrl: string | null }
  | { kind: 'viewer'; url: string; pacsUrl: string | null };

/** Only an http(s) address is followed or linked: never javascript: or data:. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function viewerOutcome(response: ImageViewerResponse): ViewerOutcome {
  if (response.imageViewerLinkStatus === 'EXPIRED') {
    const href = safeHttpUrl(response.redirectUrl);
    return href ? { kind: 'redirect', href } : { kind: 'expired' };
  }
  // R-4-viewer-02: preference PACS offers the referrer's PACS (docs/decisions.md "PACS link").
  const pacsUrl = response.preference === 'PACS' ? safeHttpUrl(response.pacsUrl) : null;
  return response.url
    ? { kind: 'viewer', url: response.url, pacsUrl }
    : { kind: 'no-images', pacsUrl };
}

/**
 * The built-in viewer's page on this portal (VIEWER_PAGE_PATH): its DICOMweb
 * root, study and token (query or fragment) become the attributes of the
 * viewer element, mounted in place; any other url (a provider's OHIF or PACS
 * web viewer) is embedded in an iframe.
 */
export function builtInViewerParams(url: string, origin: string): ViewerParams | null {
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== new URL(origin).origin || parsed.pathname !== VIEWER_PAGE_PATH)
      return null;
    return readViewerParams(parsed.search, parsed.hash);
  } catch {
    return null;
  }
}
