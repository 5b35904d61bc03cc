import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../src/stores/useQuietStore';
import { useEffect, useRef } from 'react';
import type { SharedWidgetProps, WidgetProps } from '../../src/element/define-widget';
import { useNavigationRequest } from '../../src/element/useNavigationRequest';
import { shellPrefix } from '../../src/domain/appointment/navigation';
import { parseImageLink } from '../../src/domain/imaging/image-link';
import { useT } from '../../src/i18n/useT';
import { $locale } from '../../src/stores/locale.store';
import { isPending } from '../../src/stores/loadable';
import { ReportText } from '../../src/features/imaging/ReportText';
import { StudySummary } from '../../src/features/imaging/StudySummary';
import { ViewerEmbed } from '../../src/features/imaging/ViewerEmbed';
import { ViewerHeader } from './parts/ViewerHeader';
import {
  $feedback,
  $navigation,
  $outcome,
  $quickReport,
  showImageLink,
  VIEWER_ERROR_KEY,
} from './referrer-viewer.store';

export interface ReferrerViewerWidgetProps extends SharedWidgetProps, WidgetProps {
  path?: string;
  /** ?imsec=…[&repositorySource=…] (R-2.2-14). */
  search?: string;
  /** The link's code, for a page without a router. */
  imsec?: string;
  repositorySource?: string;
}

function linkSearch({ search, imsec, repositorySource }: ReferrerViewerWidgetProps): string {
  if (!imsec) return search ?? '';
  const params = new URLSearchParams({ imsec });
  if (repositorySource) params.set('repositorySource', repositorySource);
  return `?${params.toString()}`;
}

/** `<imaging-referrer-viewer>`: a referrer's image link (spec 2.4 "Referrer report / image viewer"). */
export function ReferrerViewerWidget(props: ReferrerViewerWidgetProps) {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const locale = useQuietStore($locale);
  const outcome = useStore($outcome);
  const quick = useStore($quickReport);
  const feedback = useStore($feedback);
  const search = linkSearch(props);
  const link = parseImageLink(search);

  useEffect(() => {
    void showImageLink(parseImageLink(search));
  }, [search]);
  useNavigationRequest($navigation, () => root.current);

  const view = outcome.state === 'loaded' ? outcome.value : null;
  const study = quick.state === 'loaded' ? quick.value : null;
  const feedbackHref = link
    ? `${shellPrefix(props.path)}/referrer/report-feedback?imsec=${encodeURIComponent(link.imsec)}`
    : null;
  const pacsUrl = view && 'pacsUrl' in view ? view.pacsUrl : null;
  const busy = isPending(outcome) || (view?.kind !== 'expired' && isPending(quick));
  return (
    <div ref={root} className="referrer-viewer" part="referrer-viewer" aria-busy={busy}>
      <ViewerHeader pacsUrl={pacsUrl} feedbackHref={feedbackHref} feedback={feedback} />
      {busy && (
        <p role="status" className="notice" part="loading">
          {t('image_viewer.page_loading')}
        </p>
      )}
      {outcome.state === 'failed' && (
        <p role="alert" className="notice notice--error" part="error">
          {t(VIEWER_ERROR_KEY)}
        </p>
      )}
      {view?.kind === 'expired' && (
        <p role="alert" className="notice notice--error" part="error">
          {t('image_viewer.link_expired')}
        </p>
      )}
      {view && view.kind !== 'expired' && !busy && (
        <div className="referrer-viewer__body">
          <section className="referrer-viewer__report" aria-labelledby="quick-report-title">
            <h2 id="quick-report-title">{t('report.quick_report')}</h2>
            {study && <StudySummary study={study} locale={locale} />}
            {study?.report && <ReportText report={study.report} locale={locale} />}
            {study && !study.report && <p className="notice">{t('report.not_ready')}</p>}
            {quick.state === 'failed' && (
              <p role="alert" className="notice notice--error">
                {t('report.not_loaded')}
              </p>
            )}
          </section>
          <section className="referrer-viewer__images" aria-labelledby="images-title">
            <h2 id="images-title">{t('image_viewer.images')}</h2>
            {view.kind === 'no-images' && (
              <p role="status" className="notice notice--warning" part="warning">
                {t('image_viewer.images_not_available')}
              </p>
            )}
            {view.kind === 'viewer' && (
              <ViewerEmbed url={view.url} examName={study?.examName ?? ''} />
            )}
          </section>
        </div>
      )}
    </div>
  );
}
