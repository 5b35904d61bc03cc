import { useNavigationRequest } from '../../src/element/useNavigationRequest';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { WidgetProps, SharedWidgetProps } from '../../src/element/define-widget';
import { bookingKeyOfPath, shellPrefix } from '../../src/domain/appointment/navigation';
import { useT } from '../../src/i18n/useT';
import { $navigation, $shownSummary, showAppointment } from './appointment.store';
import { isPending, LOADING } from '../../src/stores/loadable';
import { AppointmentCard } from './parts/AppointmentCard';
import { BookingActions } from './parts/BookingActions';
import { CancelledNotice } from './parts/CancelledNotice';
import { NoticeView } from './parts/NoticeView';
import { CloseBooking } from './parts/CloseBooking';
import { ReferralDocuments } from './parts/ReferralDocuments';
import { RequiredQuestionnaires } from './parts/RequiredQuestionnaires';
import { importWithRetry } from '../../src/ui/lazy-retry';

/*
 * Below the fold or only on a kiosk: loaded after the page, so a further element on a page
 * with <imaging-booking> stays within 15 kB (issue 15 part 4).
 */
const ContactCentre = lazy(() =>
  importWithRetry(() => import('./parts/ContactCentre')).then((module) => ({
    default: module.ContactCentre,
  })),
);
const KioskFinished = lazy(() =>
  importWithRetry(() => import('./parts/KioskFinished')).then((module) => ({
    default: module.KioskFinished,
  })),
);

export interface AppointmentWidgetProps extends SharedWidgetProps, WidgetProps {
  /** Current path (/appointments/{key}, /a/{key}, …), set by the host page's router. */
  path?: string;
  /** Current query string. */
  search?: string;
  /** The booking key, when the host page does not route (else it comes from the path). */
  bookingKey?: string;
  kioskMode?: boolean;
}

function kioskFrom(search: string | undefined, attribute: boolean | undefined): boolean {
  return attribute === true || new URLSearchParams(search ?? '').get('kioskMode') === 'true';
}

/** `<imaging-appointment>`: a booking's appointments and what the patient can do with them (spec 2.4). */
export function AppointmentWidget({ path, search, bookingKey, kioskMode }: AppointmentWidgetProps) {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const stored = useStore($shownSummary);
  const key = bookingKey || bookingKeyOfPath(path) || '';
  // The store outlives one element: another booking's summary is not shown while this one loads.
  const summary: typeof stored =
    stored.state === 'loaded' && stored.value.bookingKey !== key ? LOADING : stored;
  const prefix = shellPrefix(path);
  const kiosk = kioskFrom(search, kioskMode);
  const answered = new URLSearchParams(search ?? '').has('answered');
  const title = useRef<HTMLHeadingElement>(null);
  const loadedKey = summary.state === 'loaded' ? summary.value.bookingKey : null;
  // A page that arrives (after booking, after logging in) puts the keyboard and screen
  // reader at its title, not on the document body; focus a person placed is left alone.
  useEffect(() => {
    if (!loadedKey) return;
    const active = document.activeElement;
    if (!active || active === document.body) title.current?.focus({ preventScroll: true });
  }, [loadedKey]);

  useEffect(() => {
    if (key)
      void showAppointment({
        bookingKey: key,
        prefix,
        kioskMode: kiosk,
        returnPath: path && prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path,
      });
  }, [key, prefix, kiosk, path]);

  useNavigationRequest($navigation, () => root.current);

  const appointments = summary.state === 'loaded' ? summary.value.appointments : [];
  /** Every appointment of the booking is cancelled: the page says so first. */
  const cancelled = appointments.length > 0 && appointments.every((a) => a.status === 'CANCELED');
  /** R-4-status-04: the old link of a rescheduled booking: it says where the appointment went. */
  const moved = cancelled && appointments.some((a) => a.movedTo);
  const rescheduled =
    !cancelled && appointments.some((a) => a.status !== 'CANCELED' && a.movedFrom);
  // R-2.1-24: pending appointments are booked; the clinic confirms them later.
  const pending = appointments.length > 0 && appointments.every((a) => a.status === 'PENDING');
  // Issue 16: at a kiosk the booking ends on a short confirmation, never the page to manage it.
  const kioskFinish = kiosk;
  // No key in the attribute or the path: nothing will load, so the page says what to do.
  if (!key)
    return (
      <div ref={root} className="appointment-page" part="appointment">
        <p role="alert" className="notice notice--error" part="booking-key-missing">
          {t('message.booking_key_missing')}
        </p>
      </div>
    );
  return (
    <div ref={root} className="appointment-page" part="appointment" aria-busy={isPending(summary)}>
      {isPending(summary) && (
        <p role="status" className="notice">
          {t('appointment.loading')}
        </p>
      )}
      {summary.state === 'failed' && (
        <p role="alert" className="notice notice--error">
          {t(summary.error.messageKey)}
        </p>
      )}
      {summary.state === 'loaded' && (
        <>
          <h1 className="appointment-page__title" ref={title} tabIndex={-1}>
            {t(
              moved
                ? 'appointment.title_moved'
                : cancelled
                  ? 'appointment.title_cancelled'
                  : rescheduled
                    ? 'appointment.title_rescheduled'
                    : pending
                      ? 'appointment.title_pending'
                      : 'appointment.title',
            )}
          </h1>
          {kioskFinish && (
            <Suspense fallback={null}>
              <KioskFinished summary={summary.value} />
            </Suspense>
          )}
        </>
      )}
      {summary.state === 'loaded' && !kioskFinish && (
        <>
          <p className="appointment-page__lead">
            {t(
              moved
                ? 'appointment.lead_moved'
                : cancelled
                  ? 'appointment.lead_cancelled'
                  : pending
                    ? 'appointment.lead_pending'
                    : 'appointment.lead',
            )}
          </p>
          {cancelled && !moved && appointments[0] && (
            <CancelledNotice appointment={appointments[0]} />
          )}
          {answered && (
            // Back from a questionnaire: the page opens at its top, so the thanks is said here.
            <p className="notice notice--success" role="status" part="answered-notice">
              {t('appointment.answers_saved')}
            </p>
          )}
          <RequiredQuestionnaires appointments={appointments} />
          <NoticeView slug={null} />
          {appointments.map((appointment) => (
            <AppointmentCard
              key={appointment.slug}
              appointment={appointment}
              summary={summary.value}
            />
          ))}
          <BookingActions summary={summary.value} />
          <ReferralDocuments appointments={appointments} />
          <Suspense fallback={null}>
            <ContactCentre summary={summary.value} />
          </Suspense>
          <CloseBooking />
        </>
      )}
    </div>
  );
}
