import type { Exam } from '../../../src/contract/booking';
import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';

/** R-2.5-01: the exam info modal with the exam's notes. */
export function ExamInfoModal({ exam, onClose }: { exam: Exam | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      open={exam !== null}
      title={exam?.name ?? ''}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('action.ok')}
        </button>
      }
    >
      {exam?.examNotes && <p className="modal__text">{exam.examNotes}</p>}
      {exam?.notes && <p className="modal__text">{exam.notes}</p>}
      {exam?.enquiryOnly && <p className="modal__text">{t('booking.exam.enquiry_hint')}</p>}
    </Modal>
  );
}
