import { useQuietStore } from '../../../src/stores/useQuietStore';
import { lazy, Suspense } from 'react';
import type { AppointmentSummary, AppointmentView } from '../../../src/contract/appointments';
import { formatWhen } from '../../../src/domain/booking/format';
import { mapLink } from '../../../src/domain/appointment/navigation';
import { dateLocale } from '../../../src/i18n/dates';
import { useT } from '../../../src/i18n/useT';
import { $locale } from '../../../src/stores/locale.store';
import { AppointmentActions } from './AppointmentActions';
import { NoticeView } from './NoticeView';
import { openMovedTo } from '../appointment.store';
import { Preparation } from './Preparation';
import { telHref } from '../../../src/domain/contact-number';

/** Check-in loads after the page: the appointment element's first load stays within its budget. */
const CheckInPanel = lazy(() =>
  import('./CheckInPanel').then((m) => ({ default: m.CheckInPanel })),
);

/** The date and time of an appointment in the clinic's zone, e.g. "Monday 23 November 2026, 9:00 am AEDT". */
export function useWhen(appointment: AppointmentView): string {
  return formatWhen(appointment.date, appointment.timeZone, dateLocale(useQuietStore($locale)));
}

/** One appointment: exam, when, where (with a map link), preparation and what to bring. */
export function AppointmentCard({
  appointment,
  summary,
}: {
  appointment: AppointmentView;
  summary: AppointmentSummary;
}) {
  const t = useT();
  const when = useWhen(appointment);
  const locale = dateLocale(useQuietStore($locale));
  const { clinic } = appointment;
  const titleId = `appointment-${appointment.slug}`;
  return (
    <article
      className="appointment"
      aria-labelledby={titleId}
      part="appointment-card"
      data-status={appointment.status}
    >
      <h2 id={titleId} className="appointment__title">
        {appointment.examName}
      </h2>
      <NoticeView slug={appointment.slug} />
      {appointment.status !== 'CANCELED' && appointment.movedFrom && (
        <p className="notice notice--success" part="moved-notice">
          {t('appointment.moved_from', {
            when: formatWhen(appointment.movedFrom.date, appointment.movedFrom.timeZone, locale),
          })}
        </p>
      )}
      {appointment.status !== 'CANCELED' && appointment.walkIns?.length > 0 && (
        <div className="notice notice--info" part="walk-ins">
          <p>{t('appointment.walk_ins_title')}</p>
          <ul>
            {appointment.walkIns.map((walkIn) => (
              <li key={walkIn.name}>
                {t(
                  walkIn.prepTime > 0
                    ? 'appointment.walk_in_item'
                    : 'appointment.walk_in_item_no_prep',
                  {
                    name: walkIn.name,
                    minutesPrior: walkIn.minutesPrior,
                    prepTime: walkIn.prepTime,
                  },
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {appointment.status === 'CANCELED' && appointment.movedTo && (
        <p className="notice notice--info" part="moved-notice">
          {t('appointment.moved_to', {
            when: formatWhen(appointment.movedTo.date, appointment.movedTo.timeZone, locale),
            clinic: appointment.movedTo.clinicName,
          })}{' '}
          {appointment.movedTo.bookingKey && (
            <button
              type="button"
              className="link-button"
              onClick={() => openMovedTo(appointment.movedTo!.bookingKey!)}
            >
              {t('appointment.open_moved_to')}
            </button>
          )}
        </p>
      )}
      <dl className="appointment__facts">
        <div>
          <dt>{t('appointment.status')}</dt>
          <dd>
            <span className="status-badge" data-status={appointment.status}>
              {t(`appointment.status.${appointment.status}`)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('appointment.when')}</dt>
          <dd>
            <time dateTime={appointment.date}>{when}</time>
            {appointment.walkIn && (
              <span className="appointment__note">{t('appointment.walk_in')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('appointment.where')}</dt>
          <dd>
            <span>{clinic.name}</span>
            <span>{appointment.clinicAddress}</span>
            <a
              href={mapLink(clinic.latitude, clinic.longitude)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('appointment.map_link', { clinic: clinic.name })}
            </a>
            {clinic.phone && (
              <a href={telHref(clinic.phone)}>
                {t('appointment.call_clinic', { phone: clinic.phone })}
              </a>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('appointment.reference')}</dt>
          <dd className="appointment__reference">{appointment.bookingKey}</dd>
        </div>
      </dl>
      {/* A cancelled visit needs no preparation (second try-out). */}
      {appointment.status !== 'CANCELED' && (
        <>
          {/* Named with the exam too: with two exams, two regions called "How to prepare" were ambiguous. */}
          <section className="appointment__section" aria-labelledby={`${titleId}-prep ${titleId}`}>
            <h3 id={`${titleId}-prep`}>{t('appointment.preparation')}</h3>
            <Preparation appointment={appointment} />
          </section>
          <section className="appointment__section" aria-labelledby={`${titleId}-bring ${titleId}`}>
            <h3 id={`${titleId}-bring`}>{t('appointment.documents_needed')}</h3>
            <ul>
              {appointment.documentsNeeded.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
          </section>
        </>
      )}
      {appointment.status !== 'CANCELED' && !appointment.expired && (
        <Suspense fallback={null}>
          <CheckInPanel appointment={appointment} />
        </Suspense>
      )}
      <AppointmentActions appointment={appointment} summary={summary} when={when} />
    </article>
  );
}
