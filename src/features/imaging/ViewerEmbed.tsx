import { useEffect, useRef, useState } from 'react';
import { getApiBase } from '../../api/client';
import { builtInViewerParams } from '../../domain/imaging/image-link';
import { useT } from '../../i18n/useT';
import { loadViewerElement, VIEWER_TAG, viewerAttributes } from './viewer-element';

export interface ViewerEmbedProps {
  url: string;
  /** The exam, for the name of the viewer region. */
  examName: string;
}

/**
 * The images (R-2.4-09 "the embedded viewer"): the built-in viewer element
 * mounted in place when the url is the portal's own viewer page, else the
 * provider's viewer in an iframe.
 */
export function ViewerEmbed({ url, examName }: ViewerEmbedProps) {
  const t = useT();
  const slot = useRef<HTMLDivElement>(null);
  const origin = getApiBase() || location.origin;
  const query = builtInViewerParams(url, origin);
  const [mode, setMode] = useState<'loading' | 'element' | 'frame'>(query ? 'loading' : 'frame');

  useEffect(() => {
    if (!query) return setMode('frame');
    let live = true;
    setMode('loading');
    void loadViewerElement().then((ok) => live && setMode(ok ? 'element' : 'frame'));
    return () => {
      live = false;
    };
    // The url names the study and its token: a new url is a new viewer.
  }, [url]);

  useEffect(() => {
    const host = slot.current;
    if (mode !== 'element' || !host || !query) return;
    const viewer = document.createElement(VIEWER_TAG);
    for (const [name, value] of viewerAttributes(query)) viewer.setAttribute(name, value);
    viewer.setAttribute('aria-label', t('image_viewer.viewer_frame_title', { exam: examName }));
    host.replaceChildren(viewer);
    return () => host.replaceChildren();
  }, [mode, url]);

  const href = new URL(url, origin).href;
  return (
    <div className="viewer-embed" part="viewer" data-state={mode}>
      {mode === 'loading' && (
        <p role="status" className="notice">
          {t('image_viewer.viewer_loading')}
        </p>
      )}
      {mode === 'element' && <div ref={slot} className="viewer-embed__element" />}
      {mode === 'frame' && (
        <iframe
          className="viewer-embed__frame"
          src={href}
          title={t('image_viewer.viewer_frame_title', { exam: examName })}
          allow="fullscreen"
          referrerPolicy="no-referrer"
        />
      )}
    </div>
  );
}
