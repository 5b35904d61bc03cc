import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';

/**
 * R-4-slots-07, R-8-22: the slot was taken meanwhile. A static error modal
 * (Escape does not close it); its button returns to the slots.
 */
export function SlotConflictModal({
  open,
  onAcknowledge,
}: {
  open: boolean;
  onAcknowledge: () => void;
}) {
  const t = useT();
  return (
    <Modal
      open={open}
      static
      alert
      size="sm"
      title={t('booking.conflict.title')}
      onClose={onAcknowledge}
      actions={
        <button type="button" className="button" onClick={onAcknowledge} data-autofocus>
          {t('booking.conflict.action')}
        </button>
      }
    >
      <p className="modal__text">{t('message.slot_conflict')}</p>
    </Modal>
  );
}
