import { useQuietStore } from '../../../src/stores/useQuietStore';
import type { BookingRequestSummary } from '../../../src/contract/booking-requests';
import { formatDay, formatInstantDay } from '../../../src/domain/booking/format';
import { catalogueKey } from '../../../src/domain/i18n/catalogue-texts';
import { dateLocale } from '../../../src/i18n/dates';
import { textOr } from '../../../src/i18n/i18n';
import { useT } from '../../../src/i18n/useT';
import { $locale } from '../../../src/stores/locale.store';
import { telHref } from '../../../src/domain/contact-number';

/** R-3-29/30: the request's exams, clinic, patient details, note and status. */
export function RequestDetails({ request }: { request: BookingRequestSummary }) {
  const t = useT();
  const locale = dateLocale(useQuietStore($locale));
  const patient = request.patientDetails;
  const zone = request.clinic?.timeZone ?? 'Australia/Sydney';
  return (
    <dl className="request-details" part="request-details">
      <div>
        <dt>{t('booking_request.status')}</dt>
        <dd>
          <span className="status-badge" data-status={request.status}>
            {t(`booking_request.status.${request.status}`)}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('booking_request.exams')}</dt>
        <dd>
          <ul>
            {request.exams.map((exam) => (
              <li key={exam.slug}>
                {textOr(catalogueKey.exam(exam.slug), exam.name)}{' '}
                <span className="request-details__muted">({exam.modalityName})</span>
              </li>
            ))}
          </ul>
        </dd>
      </div>
      <div>
        <dt>{t('booking_request.clinic')}</dt>
        <dd>
          {request.clinic ? (
            <>
              <span>{request.clinic.name}</span>
              <span>{request.clinic.address}</span>
              {request.clinic.phone && (
                <a href={telHref(request.clinic.phone)}>{request.clinic.phone}</a>
              )}
            </>
          ) : (
            t('booking_request.any_clinic')
          )}
        </dd>
      </div>
      <div>
        <dt>{t('booking_request.patient')}</dt>
        <dd>
          <span>
            {patient.firstName} {patient.lastName}
          </span>
          <span>{formatDay(patient.dateOfBirth, locale)}</span>
        </dd>
      </div>
      <div>
        <dt>{t('booking_request.contact')}</dt>
        <dd>
          <span>{patient.email}</span>
          <span>{patient.contactNumber}</span>
        </dd>
      </div>
      <div>
        <dt>{t('booking_request.sent')}</dt>
        <dd>
          <time dateTime={request.createdAt}>
            {formatInstantDay(request.createdAt, zone, locale)}
          </time>
        </dd>
      </div>
      {request.note && (
        <div>
          <dt>{t('booking_request.note')}</dt>
          <dd>{request.note}</dd>
        </div>
      )}
    </dl>
  );
}
