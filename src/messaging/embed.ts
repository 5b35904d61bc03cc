/**
 * /elements/embed.js: the portal in an iframe on a clinic's page with one
 * script tag (docs/embedding.md "iframe"). The script finds its own origin
 * (the provider's), creates the iframe where the page asks, sizes it to the
 * page inside, passes the prefill values in the address, and re-emits every
 * `imaging-*` event on the container.
 *
 *   <div id="book-a-scan"></div>
 *   <script src="https://portal.example.org/elements/embed.js"
 *     data-target="#book-a-scan" data-exam-slug="mri-knee" data-clinic-id="2"></script>
 *
 * or, from the page's own code: `ImagingEmbed.embed(container, { examSlug: 'mri-knee' })`.
 */
import { embedPortal } from './iframe-parent';

export interface EmbedSettings {
  /** A portal path inside the embedded shell; default the booking flow's first step. */
  path?: string;
  examSlug?: string;
  clinicId?: string | number;
  regionSlug?: string;
  modality?: string;
  kioskMode?: boolean | string;
  /** The language the portal opens in (`en-AU`, `en-NZ`, `en-CA`, `en`, `mk`): `?lang=`, as in an e-mail's link. */
  locale?: string;
  /** The iframe's accessible name. */
  title?: string;
}

/** Prefill values and the query parameters the portal reads (spec 2.2). */
const PREFILL = ['examSlug', 'clinicId', 'regionSlug', 'modality', 'kioskMode'] as const;

const script = document.currentScript as HTMLScriptElement | null;
const portalOrigin = new URL(script?.src ?? location.href).origin;

/** The address of the embedded portal: /iframe + path, with the prefill as query parameters. */
export function embedUrl(origin: string, settings: EmbedSettings): string {
  const path = settings.path && settings.path.startsWith('/') ? settings.path : '/select-region';
  const url = new URL(`/iframe${path === '/' ? '' : path}`, origin);
  for (const name of PREFILL) {
    const value = settings[name];
    if (value !== undefined && value !== '' && value !== false)
      url.searchParams.set(name, String(value));
  }
  if (settings.locale) url.searchParams.set('lang', settings.locale);
  return url.href;
}

/** Frame modals need room (R-2.5-29/30, R-9-35): 450 px on a phone (below 1120 px), 600 px otherwise. */
const MOBILE = '(max-width: 1120px)';
const minHeight = () => (matchMedia(MOBILE).matches ? '450px' : '600px');

export async function embed(
  container: HTMLElement,
  settings: EmbedSettings = {},
): Promise<boolean> {
  const connected = embedPortal({
    container,
    url: embedUrl(portalOrigin, settings),
    title: settings.title ?? 'Book a scan',
    // The kiosk-mode message: the portal inside starts (or stops) its inactivity watch.
    ...(settings.kioskMode === undefined
      ? {}
      : { kioskMode: settings.kioskMode === true || settings.kioskMode === 'true' }),
  });
  // postmate made the iframe synchronously: it fills the width; its height follows the page inside.
  const frame = container.querySelector('iframe');
  if (frame) {
    Object.assign(frame.style, {
      display: 'block',
      width: '100%',
      border: '0',
      minHeight: minHeight(),
    });
    matchMedia(MOBILE).addEventListener('change', () => (frame.style.minHeight = minHeight()));
  }
  return connected;
}

/** `data-exam-slug` → examSlug, for every data attribute of the script tag. */
function settingsOf(element: HTMLElement): EmbedSettings & { target?: string } {
  return { ...element.dataset } as EmbedSettings & { target?: string };
}

function start(): void {
  if (!script) return;
  const { target, ...settings } = settingsOf(script);
  if (target === undefined) return; // Used from code: ImagingEmbed.embed(…).
  const container = target ? document.querySelector<HTMLElement>(target) : null;
  const place = container ?? document.createElement('div');
  if (!container) script.after(place);
  void embed(place, settings);
}

declare global {
  interface Window {
    ImagingEmbed?: { embed: typeof embed };
  }
}

window.ImagingEmbed = { embed };
// Postmate needs the container in the document: wait for the page when the script runs in <head>.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
