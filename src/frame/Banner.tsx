import { useStore } from '@nanostores/react';
import { $banner, closeBanner } from '../stores/banner.store';
import { useT } from '../i18n/useT';
import { SafeHtml } from '../ui/SafeHtml';

/**
 * R-2.3-01/02: the provider's HTML notice, dismissible for this visit when
 * the configuration's closeBanner allows it.
 */
export function Banner({ html, closable }: { html: string; closable: boolean }) {
  const t = useT();
  const banner = useStore($banner);
  if (!html || banner.closeBanner) return null;
  return (
    <aside className="banner" part="banner" aria-label={t('banner.label')}>
      <SafeHtml html={html} className="banner__message" />
      {closable && (
        <button
          type="button"
          className="banner__close"
          onClick={closeBanner}
          aria-label={t('banner.close')}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </aside>
  );
}

/** R-2.3-03 */
export function ReadOnlyBanner() {
  const t = useT();
  return (
    <div className="banner banner--read-only" part="read-only-banner" role="status">
      {t('message.access_read_only')}
    </div>
  );
}
