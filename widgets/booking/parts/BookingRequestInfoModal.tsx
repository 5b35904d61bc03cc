import type { Exam, WalkInExam } from '../../../src/contract/booking';
import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';

interface BookingRequestInfoModalProps {
  open: boolean;
  exam: Exam | null;
  /** The chosen clinic's walk-in for this exam's modality, if any. */
  walkIn: WalkInExam | null;
  onContinue: () => void;
  /** R-4-slots-15: 'back' returns to / with procedureTab multiple or single. */
  onBack: () => void;
}

/** R-2.5-08, R-4-slots-14: what to know before booking this exam: its notes, or its walk-in. */
export function BookingRequestInfoModal({
  open,
  exam,
  walkIn,
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
      {exam?.examNotes && <p className="modal__text">{exam.examNotes}</p>}
      {walkIn && (
        <p className="modal__text">
          {t(walkIn.prepTime > 0 ? 'booking.walk_in.detail' : 'booking.walk_in.detail_no_prep', {
            exam: walkIn.name,
            prepTime: walkIn.prepTime,
            minutesPrior: walkIn.minutesPrior,
          })}
        </p>
      )}
      {exam?.enquiryOnly && <p className="modal__text">{t('booking.request_info.enquiry')}</p>}
    </Modal>
  );
}
