import { useT } from '../i18n/useT';

/** R-2.3-36: full-screen overlay while the host page navigates. */
export function LoadingOverlay() {
  const t = useT();
  return (
    <div className="loading-overlay" part="loading-overlay" role="status" aria-live="polite">
      <span className="loading-overlay__spinner" aria-hidden="true" />
      <span>{t('message.loading')}</span>
    </div>
  );
}

/** R-2.3-37: which environment profiles are active, outside production. */
export function EnvironmentLabel({ profiles }: { profiles: string[] }) {
  const t = useT();
  if (profiles.length === 0) return null;
  return (
    <div className="environment-label" part="environment-label">
      {t('frame.environment', { profiles: profiles.join(', ') })}
    </div>
  );
}
