import { useQuietStore } from '../../../src/stores/useQuietStore';
import { lazy, Suspense } from 'react';
import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';
import { $bookingFormConfig } from '../../../src/stores/config.store';
import { referralClosed, runCheckIn } from '../checkin-submit.store';
import { closeModal, type CheckInFlow } from '../checkin.store';

/** The upload pieces of widgets/appointment (src/features/attachments), loaded only when needed. */
const UploadReferralModal = lazy(() =>
  import('../../../src/features/attachments/UploadReferralModal').then((module) => ({
    default: module.UploadReferralModal,
  })),
);

/** R-4-checkin-15/16/18: simple mode's confirmation, not ready, the missing referral. */
export function CheckInModals({ flow }: { flow: CheckInFlow }) {
  const t = useT();
  const bookingForm = useQuietStore($bookingFormConfig);
  const slug = flow.slug ?? '';
  return (
    <>
      <Modal
        open={flow.modal === 'confirm'}
        title={t('checkin.simple.title')}
        onClose={closeModal}
        size="sm"
        actions={
          <>
            <button
              type="button"
              className="button checkin-primary"
              data-autofocus=""
              disabled={flow.loading}
              onClick={() => void runCheckIn()}
            >
              {t('checkin.simple.submit')}
            </button>
            <button type="button" className="button" data-variant="ghost" onClick={closeModal}>
              {t('checkin.cancel')}
            </button>
          </>
        }
      >
        <p className="modal__text">{t('checkin.simple.body')}</p>
      </Modal>
      <Modal
        open={flow.modal === 'not-ready'}
        title={t('checkin.not_ready.title')}
        onClose={closeModal}
        size="sm"
        actions={
          <button type="button" className="button" data-autofocus="" onClick={closeModal}>
            {t('checkin.ok')}
          </button>
        }
      >
        <p className="modal__text">{t(flow.readiness?.message ?? 'checkin.error_not_ready')}</p>
      </Modal>
      {flow.modal === 'upload-referral' && flow.readiness?.documentTypeId != null && (
        <Suspense fallback={null}>
          <UploadReferralModal
            open
            owner={{ kind: 'appointment', slug }}
            documentTypeId={flow.readiness.documentTypeId}
            validTypes={
              bookingForm?.validReferralContentTypes ?? [
                'application/pdf',
                'image/jpeg',
                'image/png',
              ]
            }
            onClose={referralClosed}
          />
        </Suspense>
      )}
    </>
  );
}
