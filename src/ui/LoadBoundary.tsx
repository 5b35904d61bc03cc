import { Component, type ReactNode } from 'react';
import { useT } from '../i18n/useT';

interface Props {
  children: ReactNode;
}

/** What a patient sees when a part of the page could not load: why, and a way on. */
function LoadFailed() {
  const t = useT();
  return (
    <div role="alert" className="notice notice--error" data-state="load-failed">
      <p>{t('message.load_failed')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('action.try_again')}
      </button>
    </div>
  );
}

/**
 * Catches a part of the page that failed to load (a chunk, after
 * importWithRetry gave up) so the rest of the element stays, and offers a
 * reload: the step is in the URL and the booking form in form memory, so
 * nothing the patient typed is lost (issue 15 part 7).
 */
export class LoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}
