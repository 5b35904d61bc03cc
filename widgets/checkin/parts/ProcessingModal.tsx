import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';

/** R-4-checkin-11/13: while a poll runs; its text is announced (aria-live) as it changes. */
export function ProcessingModal({ kind }: { kind: 'check-in' | 'preparation' | null }) {
  const t = useT();
  return (
    <Modal
      open={kind !== null}
      title={t('checkin.processing.title')}
      onClose={() => undefined}
      static
      size="sm"
    >
      <div className="checkin-processing" part="processing">
        <span className="checkin-spinner" aria-hidden="true" />
        <p aria-live="polite" role="status">
          {kind
            ? t(
                kind === 'check-in'
                  ? 'checkin.processing.check_in'
                  : 'checkin.processing.preparation',
              )
            : ''}
        </p>
      </div>
    </Modal>
  );
}
