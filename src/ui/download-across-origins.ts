/**
 * File links of the provider's API on a clinic's page (another origin): a
 * browser ignores `download` there, and a top-level visit carries no
 * partitioned session cookie, so a JSON 401 would replace the clinic's page
 * (or fill the new tab). The click fetches the file with the session instead
 * and saves it, or shows it in a new tab, from memory; on the provider's own
 * origin the link works as it is. When the fetch fails the link opens in a
 * new tab, where the browser says why.
 */
interface LinkClick {
  currentTarget: HTMLAnchorElement;
  preventDefault(): void;
  stopPropagation(): void;
}

/**
 * An http(s) address on another origin than the page. The page's own
 * addresses (its origin, data:, blob:) work as they are.
 */
export function fromAnotherSite(url: string): boolean {
  const address = new URL(url, location.href);
  return /^https?:$/.test(address.protocol) && address.origin !== location.origin;
}

/** The click is the element's own; true when the page is on another origin than the link. */
function takeOver(event: LinkClick): boolean {
  // A file, not a page: no host page's router may take this click (it walks composedPath()).
  event.stopPropagation();
  if (!fromAnotherSite(event.currentTarget.href)) return false;
  event.preventDefault();
  return true;
}

/** `<a href download>`: saves the file under `fileName`. */
export function downloadAcrossOrigins(
  event: LinkClick,
  fetchFile: () => Promise<Blob>,
  fileName: string,
): void {
  const link = event.currentTarget;
  if (!takeOver(event)) return;
  void fetchFile()
    .then((file) => {
      const save = document.createElement('a');
      save.href = URL.createObjectURL(file);
      save.download = fileName;
      save.click();
      setTimeout(() => URL.revokeObjectURL(save.href), 10_000);
    })
    .catch(() => window.open(link.href, '_blank', 'noopener'));
}

/**
 * What a blob may be shown as in a new tab. A blob address has the clinic
 * page's origin: a type a browser would run (HTML, SVG) must never get one,
 * whatever the server sent; anything else is saved instead (octet-stream).
 */
const SHOWN_TYPES = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);

/** `<a href target="_blank">` of a file to look at (a PDF): shows it in a new tab. */
export function viewAcrossOrigins(event: LinkClick, fetchFile: () => Promise<Blob>): void {
  const link = event.currentTarget;
  if (!takeOver(event)) return;
  void fetchFile()
    .then((fetched) => {
      const type = fetched.type.split(';')[0]!.trim().toLowerCase();
      const file = SHOWN_TYPES.has(type)
        ? fetched
        : new Blob([fetched], { type: 'application/octet-stream' });
      const shown = URL.createObjectURL(file);
      window.open(shown, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(shown), 60_000);
    })
    .catch(() => window.open(link.href, '_blank', 'noopener'));
}
