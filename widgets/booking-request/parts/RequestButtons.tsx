import { useState } from 'react';
import {
  attachmentDownloadUrl,
  bookingRequestReferralUrl,
  getLinkedFile,
} from '../../../src/api/attachments';
import type { BookingRequestSummary } from '../../../src/contract/booking-requests';
import { useT } from '../../../src/i18n/useT';
import { downloadAcrossOrigins } from '../../../src/ui/download-across-origins';
import { Modal } from '../../../src/ui/Modal';

/**
 * The frame's booking-request buttons (spec 2.3, R-2.3-17..20), rendered in
 * the element's own header so the frame's first load stays small: 'booking
 * info' on home-type pages when the request has no exam, and 'view referral'
 * — a download link for one referral, the e-referral modal for several.
 */
export function RequestButtons({
  request,
  homeType,
}: {
  request: BookingRequestSummary;
  homeType: boolean;
}) {
  const t = useT();
  const [info, setInfo] = useState(false);
  const [referrals, setReferrals] = useState(false);
  const owner = { kind: 'booking_request' as const, slug: request.slug };
  const showInfo = homeType && request.exams.length === 0;
  const [only] = request.referrals;
  return (
    <div className="request-buttons" part="request-buttons">
      {showInfo && (
        <button type="button" className="button" data-variant="ghost" onClick={() => setInfo(true)}>
          {t('booking_request.action.booking_info')}
        </button>
      )}
      {request.referrals.length === 1 && only && (
        <a
          className="button"
          data-variant="ghost"
          href={bookingRequestReferralUrl(request.slug)}
          download={only.fileName}
          onClick={(event) =>
            downloadAcrossOrigins(
              event,
              () => getLinkedFile(bookingRequestReferralUrl(request.slug)),
              only.fileName,
            )
          }
        >
          {t('booking_request.action.view_referral')}
        </a>
      )}
      {request.referrals.length > 1 && (
        <button
          type="button"
          className="button"
          data-variant="ghost"
          onClick={() => setReferrals(true)}
        >
          {t('booking_request.action.view_referral')}
        </button>
      )}
      <Modal
        open={info}
        title={t('booking_request.info_title')}
        onClose={() => setInfo(false)}
        size="sm"
      >
        <p className="modal__text">{t('booking_request.info_text')}</p>
      </Modal>
      <Modal
        open={referrals}
        title={t('booking_request.e_referral')}
        onClose={() => setReferrals(false)}
      >
        <ul className="referral-list">
          {request.referrals.map((referral) => (
            <li key={referral.id}>
              <a
                href={attachmentDownloadUrl(owner, referral.id)}
                download={referral.fileName}
                onClick={(event) =>
                  downloadAcrossOrigins(
                    event,
                    () => getLinkedFile(attachmentDownloadUrl(owner, referral.id)),
                    referral.fileName,
                  )
                }
              >
                {t('booking_request.download', { name: referral.fileName })}
              </a>
            </li>
          ))}
        </ul>
      </Modal>
    </div>
  );
}
