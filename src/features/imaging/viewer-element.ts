/**
 * The built-in viewer `<imaging-image-viewer>` (widgets/image-viewer), loaded
 * only on a page that shows images: its script sits beside this element's in
 * /elements/ (a widget never imports another widget's code). When it cannot
 * be loaded (a page served from sources, a provider that did not deploy it)
 * the viewer page of the url is framed instead.
 */
import type { ViewerParams } from '../../domain/imaging/viewer-url';

export const VIEWER_TAG = 'imaging-image-viewer';

let loading: Promise<boolean> | null = null;

export function loadViewerElement(): Promise<boolean> {
  if (customElements.get(VIEWER_TAG)) return Promise.resolve(true);
  loading ??= import(/* @vite-ignore */ viewerScript()).then(
    () => !!customElements.get(VIEWER_TAG),
    () => {
      loading = null;
      return false;
    },
  );
  return loading;
}

/** /elements/image-viewer.js, from an element's entry (/elements/) or a shared chunk (/elements/chunks/). */
function viewerScript(): string {
  const here = import.meta.url;
  return new URL(here.includes('/chunks/') ? '../image-viewer.js' : './image-viewer.js', here).href;
}

/** The viewer element's attributes for a study (widgets/image-viewer/define.ts). */
export function viewerAttributes(params: ViewerParams): [string, string][] {
  return [
    ['dicomweb-url', params.dicomweb],
    ['study-uid', params.study],
    ['token', params.token],
  ];
}
