import { useQuietStore } from '../../../src/stores/useQuietStore';
import { formatWhen } from '../../../src/domain/booking/format';
import { dateLocale } from '../../../src/i18n/dates';
import { useT } from '../../../src/i18n/useT';
import { $locale } from '../../../src/stores/locale.store';
import type { CreatedBooking } from '../booking-form.store';
import { telHref } from '../../../src/domain/contact-number';

/** What was booked: each exam with its date and time in the clinic's zone, and the clinic's address. */
export function AppointmentDetails({ booking }: { booking: CreatedBooking }) {
  const t = useT();
  const locale = dateLocale(useQuietStore($locale));
  const clinic = booking.clinic;
  return (
    <dl className="summary" part="appointment-details">
      {booking.appointments.length > 0
        ? booking.appointments.map((appointment) => {
            const zone = appointment.timeZone || clinic?.timeZone || 'UTC';
            return (
              <div className="summary__row" key={appointment.slug}>
                <dt>{appointment.examName}</dt>
                <dd>
                  <span>{formatWhen(appointment.date, zone, locale)}</span>
                  {appointment.preparation && (
                    <span className="summary__note">{appointment.preparation}</span>
                  )}
                </dd>
              </div>
            );
          })
        : booking.exams.length > 0 && (
            <div className="summary__row">
              <dt>{t('booking.summary.exam', { count: booking.exams.length })}</dt>
              <dd>{booking.exams.map((exam) => exam.name).join(', ')}</dd>
            </div>
          )}
      {clinic && (
        <div className="summary__row">
          <dt>{t('booking.summary.clinic')}</dt>
          <dd>
            <span>{clinic.name}</span>
            <span>
              {clinic.address}, {clinic.suburb} {clinic.state} {clinic.postalCode}
            </span>
            {clinic.phone && <a href={telHref(clinic.phone)}>{clinic.phone}</a>}
          </dd>
        </div>
      )}
    </dl>
  );
}
