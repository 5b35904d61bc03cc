import { useState } from 'react';
import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';
import { closeNeedsConfirmation, goHome, openQuestionnaire } from '../appointment.store';

/**
 * "Done – go to the home page" (spec 4 "close"), last on the page, after the
 * documents and the contact options: it leaves the page, so nothing the
 * patient still has to do sits below it (issue 13 part 11). With consent
 * forms waiting it asks first (R-4-cancel-09).
 */
export function CloseBooking() {
  const t = useT();
  /** The appointment whose consent forms wait, while the close asks. */
  const [consentPending, setConsentPending] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);

  const close = async () => {
    setClosing(true);
    const pending = await closeNeedsConfirmation();
    setClosing(false);
    if (pending) setConsentPending(pending);
    else goHome();
  };

  return (
    <div className="booking-actions__row booking-actions__row--end" part="close-booking">
      <button
        type="button"
        className="button"
        data-variant="ghost"
        disabled={closing}
        aria-busy={closing}
        onClick={() => void close()}
      >
        {t('appointment.action.close')}
      </button>
      <Modal
        open={consentPending !== null}
        title={t('appointment.close_consent_title')}
        onClose={() => setConsentPending(null)}
        size="sm"
        actions={
          <>
            <button
              type="button"
              className="button"
              data-autofocus
              onClick={() => {
                const slug = consentPending;
                setConsentPending(null);
                if (slug) openQuestionnaire('CONSENT_FORM', slug);
              }}
            >
              {t('appointment.action.consent_forms')}
            </button>
            <button type="button" className="button" data-variant="ghost" onClick={goHome}>
              {t('appointment.close_consent_yes')}
            </button>
          </>
        }
      >
        <p className="modal__text">{t('appointment.close_consent_text')}</p>
      </Modal>
    </div>
  );
}
