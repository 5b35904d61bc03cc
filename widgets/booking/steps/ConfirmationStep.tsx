import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../../src/stores/useQuietStore';
import { calendarFileUrl, getBookingCalendarFile } from '../../../src/api/booking';
import { downloadAcrossOrigins } from '../../../src/ui/download-across-origins';
import { useT } from '../../../src/i18n/useT';
import { $booking } from '../booking.store';
import { $created, resetBooking } from '../booking-form.store';
import { AppointmentDetails } from '../parts/AppointmentDetails';
import { WalkInNotes } from '../parts/WalkInNotes';
import { formatWhen } from '../../../src/domain/booking/format';
import { $locale } from '../../../src/stores/locale.store';

/** Step 5 (R-2.4-27, R-2.1-23/25): the booking key, what was booked, a calendar file and what to bring. */
export function ConfirmationStep() {
  const t = useT();
  const { route } = useStore($booking);
  const created = useStore($created);
  const bookingKey = route.bookingKey ?? created?.bookingKey ?? '';
  const details = created && created.bookingKey === bookingKey ? created : null;
  const isRequest = (details?.kind ?? route.kind) === 'booking-request';
  // R-2.1-24: pending appointments are booked; their confirmation e-mail follows later.
  const isPending = details?.pending ?? route.pending ?? false;
  const moved = details?.rescheduledFrom !== undefined && details.rescheduledFrom !== null;
  const zone = details?.appointments[0]?.timeZone ?? details?.clinic?.timeZone ?? 'UTC';
  const locale = useQuietStore($locale);

  return (
    <section className="step confirmation" aria-labelledby="booking-step-title" part="confirmation">
      <h1 id="booking-step-title" className="step__title" tabIndex={-1}>
        {t(
          isRequest
            ? 'booking.confirmation.request_title'
            : moved
              ? 'booking.confirmation.rescheduled_title'
              : 'booking.confirmation.title',
        )}
      </h1>
      {moved && details?.rescheduledFrom && (
        <p className="notice notice--info">
          {t('booking.confirmation.rescheduled_from', {
            when: formatWhen(details.rescheduledFrom, zone, locale),
          })}
        </p>
      )}
      <p className="notice notice--success" role="status">
        {isRequest
          ? t('message.success')
          : isPending
            ? t('booking.confirmation.lead_pending')
            : details?.email
              ? t('booking.confirmation.lead', { email: details.email })
              : t('booking.confirmation.lead_plain')}
      </p>
      <div className="booking-key" part="booking-key">
        <span className="booking-key__label" id="booking-key-label">
          {t('booking.confirmation.key_label')}
        </span>
        <strong
          className="booking-key__value"
          aria-labelledby="booking-key-label booking-key-value"
          id="booking-key-value"
        >
          {bookingKey}
        </strong>
        <span className="booking-key__hint">{t('booking.confirmation.key_hint')}</span>
      </div>
      {details && <AppointmentDetails booking={details} />}
      {details?.walkIns && details.walkIns.length > 0 && <WalkInNotes walkIns={details.walkIns} />}
      {!isRequest && (
        <p>
          <a
            className="button"
            data-variant="ghost"
            href={calendarFileUrl(bookingKey)}
            download={`appointment-${bookingKey}.ics`}
            onClick={(event) =>
              downloadAcrossOrigins(
                event,
                () => getBookingCalendarFile(bookingKey),
                `appointment-${bookingKey}.ics`,
              )
            }
          >
            {t('booking.confirmation.calendar')}
          </a>
        </p>
      )}
      <section className="bring" aria-labelledby="booking-bring-title">
        <h2 id="booking-bring-title">
          {t(isRequest ? 'booking.confirmation.next_title' : 'booking.confirmation.bring_title')}
        </h2>
        {isRequest ? (
          <p>{t('booking.confirmation.next_text')}</p>
        ) : (
          <ul>
            <li>{t('booking.confirmation.bring_referral')}</li>
            <li>{t('booking.confirmation.bring_medicare')}</li>
            <li>{t('booking.confirmation.bring_images')}</li>
          </ul>
        )}
      </section>
      <div className="step__actions">
        <button type="button" className="button" data-variant="ghost" onClick={resetBooking}>
          {t('booking.confirmation.book_another')}
        </button>
      </div>
    </section>
  );
}
