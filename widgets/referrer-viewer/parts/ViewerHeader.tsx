import { useQuietStore } from '../../../src/stores/useQuietStore';
import { assetUrl } from '../../../src/api/assets';
import type { FeedbackQuestionnaire } from '../../../src/contract/questionnaire';
import { useT } from '../../../src/i18n/useT';
import type { Loadable } from '../../../src/stores/loadable';
import { $applicationConfig, $radiologyConfig } from '../../../src/stores/config.store';

export interface ViewerHeaderProps {
  /** The referrer's PACS when the link's preference is PACS (R-4-viewer-02). */
  pacsUrl: string | null;
  /** The report quality feedback page for this link, or null (R-2.4-07). */
  feedbackHref: string | null;
  /** The feedback questionnaire (null: already given; R-2.4-08, R-7-calls-23). */
  feedback: Loadable<FeedbackQuestionnaire | null>;
}

/**
 * R-2.4-06/07/08: the provider's image viewer banner, the title 'image
 * viewer', a link that opens the referrer's PACS and, when the provider asks
 * for it, the 'report quality feedback' button: disabled until the
 * questionnaire loads, 'feedback already provided' once given, and left out
 * when the questionnaire cannot be had.
 */
export function ViewerHeader({ pacsUrl, feedbackHref, feedback }: ViewerHeaderProps) {
  const t = useT();
  const radiology = useQuietStore($radiologyConfig);
  const application = useQuietStore($applicationConfig);
  const href = application?.referrerReportQualityFeedbackEnabled ? feedbackHref : null;
  return (
    <header className="viewer-header" part="header">
      <img
        className="viewer-header__banner"
        part="banner"
        src={assetUrl('image_viewer_banner')}
        alt={radiology?.name ?? ''}
      />
      <div className="viewer-header__bar">
        <h1 className="viewer-header__title">{t('image_viewer.title')}</h1>
        <div className="viewer-header__actions">
          {pacsUrl && (
            <a
              className="button"
              part="pacs-link"
              href={pacsUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('image_viewer.open_pacs')}
            </a>
          )}
          {href && feedback.state !== 'failed' && feedback.state !== 'loaded' && (
            <button type="button" className="button" data-variant="ghost" part="feedback" disabled>
              {t('image_viewer.report_quality_feedback')}
            </button>
          )}
          {href && feedback.state === 'loaded' && feedback.value && (
            <a className="button" data-variant="ghost" part="feedback" href={href}>
              {t('image_viewer.report_quality_feedback')}
            </a>
          )}
          {href && feedback.state === 'loaded' && !feedback.value && (
            <p className="viewer-header__note" part="feedback-given">
              {t('image_viewer.feedback_already_provided')}
            </p>
          )}
        </div>
      </div>
    </header>
  );
}
