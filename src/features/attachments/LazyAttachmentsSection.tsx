import { lazy, Suspense } from 'react';
import { useT } from '../../i18n/useT';
import type { AttachmentsSectionProps } from './AttachmentsSection';
import { importWithRetry } from '../../ui/lazy-retry';

const AttachmentsSection = lazy(() =>
  importWithRetry(() => import('./AttachmentsSection')).then((module) => ({
    default: module.AttachmentsSection,
  })),
);

/**
 * The documents section, loaded after the page's first paint: it sits below
 * the appointment's details, and with the upload control it was 11 kB of
 * the appointment element's first load (issue 15 part 4: each further
 * element on a page at most 15 kB). Until it arrives, a status line holds
 * its place.
 */
export function LazyAttachmentsSection(props: AttachmentsSectionProps) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <p className="attachments-loading" role="status">
          {t('message.loading')}
        </p>
      }
    >
      <AttachmentsSection {...props} />
    </Suspense>
  );
}
