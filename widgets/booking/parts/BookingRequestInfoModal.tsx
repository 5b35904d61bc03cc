import type { Exam } from '../../../src/api/booking.contract';
import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';

interface BookingRequestInfoModalProps {
  open: boolean;
  exam: Exam | null;
  onContinue: () => void;
  /** R-4-slots-15: 'back' stays with the exam choice. */
  onBack: () => void;
}

/** R-2.5-08, R-4-slots-14: what to know before booking this exam, with its notes. */
export function BookingRequestInfoModal({
  open,
  exam,
  onContinue,
  onBack,
}: BookingRequestInfoModalProps) {
  const t = useT();
  return (
    <Modal
      open={open && exam !== null}
      title={t('booking.request_info.title', { exam: exam?.name ?? '' })}
      onClose={onBack}
      actions={
        <>
          <button type="button" className="button" data-variant="ghost" onClick={onBack}>
            {t('booking.action.back')}
          </button>
          <button type="button" className="button" onClick={onContinue}>
            {t('booking.action.continue')}
          </button>
        </>
      }
    >
      <p className="modal__text">{exam?.examNotes}</p>
      {exam?.enquiryOnly && <p className="modal__text">{t('booking.request_info.enquiry')}</p>}
    </Modal>
  );
}
