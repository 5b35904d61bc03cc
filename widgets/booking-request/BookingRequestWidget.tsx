import { useNavigationRequest } from '../../src/element/useNavigationRequest';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { bookingKeyOfPath, shellPrefix } from '../../src/domain/appointment/navigation';
import { isHomeTypePage } from '../../src/domain/frame';
import type { WidgetProps, SharedWidgetProps } from '../../src/element/define-widget';
import { useT } from '../../src/i18n/useT';
import { Modal } from '../../src/ui/Modal';
import { LazyAttachmentsSection } from '../../src/features/attachments/LazyAttachmentsSection';
import {
  $bookingRequest,
  $cancelling,
  $requestNavigation,
  $requestNotice,
  cancelRequest,
  showBookingRequest,
} from './booking-request.store';
import { isPending } from '../../src/stores/loadable';
import { RequestDetails } from './parts/RequestDetails';
import { RequestButtons } from './parts/RequestButtons';

export interface BookingRequestWidgetProps extends SharedWidgetProps, WidgetProps {
  path?: string;
  search?: string;
  bookingKey?: string;
  kioskMode?: boolean;
}

/** `<imaging-booking-request>`: view and cancel a booking request, and its referral (spec 2.3, 2.4). */
export function BookingRequestWidget({
  path,
  search,
  bookingKey,
  kioskMode,
}: BookingRequestWidgetProps) {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const state = useStore($bookingRequest);
  const notice = useStore($requestNotice);
  const cancelling = useStore($cancelling);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const key = bookingKey || bookingKeyOfPath(path) || '';
  const prefix = shellPrefix(path);
  const kiosk = kioskMode === true || new URLSearchParams(search ?? '').get('kioskMode') === 'true';
  const homeType = isHomeTypePage(path ?? '/booking-requests');

  useEffect(() => {
    if (key) void showBookingRequest({ bookingKey: key, prefix, kioskMode: kiosk });
  }, [key, prefix, kiosk]);

  useNavigationRequest($requestNavigation, () => root.current);

  // The store outlives one element: another request is not shown while this one loads.
  const request = state.state === 'loaded' && state.value.bookingKey === key ? state.value : null;
  return (
    <div ref={root} className="request-page" part="booking-request" aria-busy={isPending(state)}>
      {(isPending(state) || (state.state === 'loaded' && !request)) && (
        <p role="status" className="notice">
          {t('booking_request.loading')}
        </p>
      )}
      {state.state === 'failed' && (
        <p role="alert" className="notice notice--error">
          {t(state.error.messageKey)}
        </p>
      )}
      {request && (
        <>
          <header className="request-page__header">
            <h1 className="request-page__title">
              {t(
                request.status === 'CANCELED'
                  ? 'booking_request.title_cancelled'
                  : request.status === 'BOOKED'
                    ? 'booking_request.title_booked'
                    : 'booking_request.title',
              )}
            </h1>
            <RequestButtons request={request} homeType={homeType} />
          </header>
          {notice && (
            <p
              className={`notice notice--${notice.tone}`}
              role={notice.tone === 'error' ? 'alert' : 'status'}
            >
              {t(notice.key)}
            </p>
          )}
          {request.status === 'PENDING' && (
            <p className="request-page__lead">
              {/* R-4-create-12, R-8-09: message.success is the default confirmation. */}
              {t('message.success')} {t('booking_request.lead')}
            </p>
          )}
          <RequestDetails request={request} />
          {request.status === 'PENDING' && (
            <div className="request-page__actions">
              <button
                type="button"
                className="button"
                data-variant="danger"
                disabled={cancelling}
                onClick={() => setConfirmOpen(true)}
              >
                {cancelling ? t('message.loading') : t('booking_request.action.cancel')}
              </button>
            </div>
          )}
          <div className="referral-documents">
            <LazyAttachmentsSection
              owner={{ kind: 'booking_request', slug: request.slug }}
              readOnly={request.status !== 'PENDING'}
            />
          </div>
          <Modal
            open={confirmOpen}
            title={t('booking_request.cancel_title')}
            onClose={() => setConfirmOpen(false)}
            size="sm"
            actions={
              <>
                <button
                  type="button"
                  className="button"
                  data-variant="ghost"
                  data-autofocus
                  onClick={() => setConfirmOpen(false)}
                >
                  {t('booking_request.cancel_no')}
                </button>
                <button
                  type="button"
                  className="button"
                  data-variant="danger"
                  onClick={() => {
                    setConfirmOpen(false);
                    void cancelRequest(request.slug);
                  }}
                >
                  {t('booking_request.cancel_yes')}
                </button>
              </>
            }
          >
            <p className="modal__text">{t('booking_request.cancel_text')}</p>
          </Modal>
        </>
      )}
    </div>
  );
}
