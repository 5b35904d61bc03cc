import type { WalkInPairing } from '../../../src/domain/booking/walk-in';
import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';

interface WalkInModalProps {
  pairing: WalkInPairing | null;
  clinicName: string;
  /** R-4-slots-18: the walk-in exams leave the booking; procedureTab follows. */
  onAccept: () => void;
}

/**
 * R-4-slots-17, R-8-18: with two or more modalities and a walk-in at the
 * clinic, explains that those exams need no appointment. Its one answer
 * (also Escape) accepts, so only the other exams are booked.
 */
export function WalkInModal({ pairing, clinicName, onAccept }: WalkInModalProps) {
  const t = useT();
  return (
    <Modal
      open={pairing !== null}
      size="sm"
      title={t('booking.walk_in.title')}
      onClose={onAccept}
      actions={
        <button type="button" className="button" data-autofocus onClick={onAccept}>
          {t('booking.walk_in.accept')}
        </button>
      }
    >
      {pairing && (
        <>
          <p className="modal__text">
            {t('booking.walk_in.lead', {
              clinic: clinicName,
              exams: pairing.walkInExams.map((exam) => exam.name).join(', '),
            })}
          </p>
          <ul className="modal__list">
            {pairing.walkIns.map((walkIn) => (
              <li key={`${walkIn.clinicId}-${walkIn.modalityId}`}>
                {t(
                  walkIn.prepTime > 0 ? 'booking.walk_in.detail' : 'booking.walk_in.detail_no_prep',
                  {
                    exam: walkIn.name,
                    prepTime: walkIn.prepTime,
                    minutesPrior: walkIn.minutesPrior,
                  },
                )}
              </li>
            ))}
          </ul>
          <p className="modal__text">
            {t('booking.walk_in.booked', {
              exams: pairing.booked.map((exam) => exam.name).join(', '),
            })}
          </p>
        </>
      )}
    </Modal>
  );
}
