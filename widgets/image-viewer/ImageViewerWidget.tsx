import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { WidgetProps, SharedWidgetProps } from '../../src/element/define-widget';
import { emit } from '../../src/element/emit';
import { readViewerParams } from '../../src/domain/imaging/viewer-url';
import { useT } from '../../src/i18n/useT';
import { ImageViewerBody } from './parts/ImageViewerBody';
import { createViewerSession, type StudyState } from './viewer.store';

export interface ImageViewerWidgetProps extends SharedWidgetProps, WidgetProps {
  /** The DICOMweb root (QIDO-RS and WADO-RS), e.g. https://provider.example/dicomweb. */
  dicomwebUrl?: string;
  studyUid?: string;
  /** The study's viewer token (Authorization: Bearer). */
  token?: string;
  /** Read dicomweb, study and token from the page's address (fragment, else query). */
  fromPageUrl?: boolean;
}

const NO_STUDY = atom<StudyState>({ state: 'loading' });

function useTarget(props: ImageViewerWidgetProps) {
  const { dicomwebUrl, studyUid, token, fromPageUrl } = props;
  const [hash, setHash] = useState(() => location.hash);
  useEffect(() => {
    if (!fromPageUrl) return;
    const onHash = () => setHash(location.hash);
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, [fromPageUrl]);
  const page = fromPageUrl ? readViewerParams(location.search, hash) : null;
  const base = dicomwebUrl || page?.dicomweb || '';
  const study = studyUid || page?.study || '';
  return { base, studyInstanceUID: study, token: token || page?.token || '' };
}

/**
 * `<imaging-image-viewer>`: a study from a DICOMweb service, series by
 * series, streamed in and drawn on a canvas (issue 17 part 3).
 */
export function ImageViewerWidget(props: ImageViewerWidgetProps) {
  const t = useT();
  const target = useTarget(props);
  const root = useRef<HTMLElement>(null);
  const complete = Boolean(target.base && target.studyInstanceUID && target.token);
  const session = useMemo(
    () => (complete ? createViewerSession(target) : null),
    // A new token resumes the same session (below): nothing loaded is lost.
    [complete, target.base, target.studyInstanceUID],
  );
  const lastToken = useRef(target.token);

  useEffect(() => {
    if (!session) return;
    performance.mark('imaging-image-viewer:start');
    void session.start();
    return () => session.dispose();
  }, [session]);

  useEffect(() => {
    if (!session || lastToken.current === target.token) return;
    lastToken.current = target.token;
    session.resume({ token: target.token });
  }, [session, target.token]);

  const study = useStore(session?.$study ?? NO_STUDY);
  useEffect(() => {
    if (study.state === 'failed') {
      const reason =
        study.reason === 'expired' ? 'image_viewer.expired' : 'message.images_not_available';
      emit(root.current, 'imaging-image-viewer-failed', { reason });
    }
  }, [study]);

  return (
    <section
      className="viewer"
      part="viewer"
      ref={root}
      data-state={complete ? study.state : 'failed'}
    >
      {!complete || study.state === 'failed' ? (
        <p className="notice notice--warning" role="alert" part="message">
          {complete && study.state === 'failed' && study.reason === 'expired'
            ? t('image_viewer.expired')
            : t('message.images_not_available')}
        </p>
      ) : study.state === 'loading' || !session ? (
        <p className="viewer__loading" role="status">
          {t('image_viewer.loading')}
        </p>
      ) : (
        <ImageViewerBody session={session} series={study.series} host={root} />
      )}
    </section>
  );
}
