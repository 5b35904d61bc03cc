import { useQuietStore } from '../../../src/stores/useQuietStore';
import type { BookingClinic } from '../../../src/contract/booking';
import { formatDistance, zoneAbbreviation } from '../../../src/domain/booking/format';
import { zoneDiffersFromDevice } from '../../../src/domain/booking/slots';
import { dateLocale } from '../../../src/i18n/dates';
import { useT } from '../../../src/i18n/useT';
import { $locale } from '../../../src/stores/locale.store';
import { telHref } from '../../../src/domain/contact-number';

interface ClinicListProps {
  clinics: readonly BookingClinic[];
  selectedId: number | null;
  onChoose: (id: number) => void;
}

/** The clinics nearest first, with distance, address and time zone; each has its own choose button. */
export function ClinicList({ clinics, selectedId, onChoose }: ClinicListProps) {
  const t = useT();
  const locale = dateLocale(useQuietStore($locale));
  if (clinics.length === 0) return <p className="notice">{t('booking.clinic.none')}</p>;
  const now = new Date().toISOString();
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <ul className="clinics" aria-label={t('booking.clinic.list_label')} part="clinics">
      {clinics.map((clinic) => {
        const chosen = clinic.id === selectedId;
        const zone = zoneAbbreviation(clinic.timeZone, now, locale);
        return (
          <li key={clinic.id} className="clinic" data-state={chosen ? 'selected' : undefined}>
            <h2 className="clinic__name">{clinic.name}</h2>
            <p className="clinic__address">
              {clinic.address}, {clinic.suburb} {clinic.state} {clinic.postalCode}
            </p>
            <p className="clinic__meta">
              {clinic.distanceKm !== null && (
                <span>
                  {t('booking.clinic.distance', {
                    distance: formatDistance(clinic.distanceKm, locale),
                  })}
                </span>
              )}
              <span>
                {zoneDiffersFromDevice(clinic.timeZone, now, deviceZone)
                  ? t('booking.clinic.zone_differs', { zone })
                  : t('booking.clinic.zone', { zone })}
              </span>
              {clinic.phone && <a href={telHref(clinic.phone)}>{clinic.phone}</a>}
            </p>
            <button
              type="button"
              className="button"
              data-variant={chosen ? undefined : 'ghost'}
              aria-pressed={chosen}
              aria-label={t('booking.clinic.choose_named', { clinic: clinic.name })}
              onClick={() => onChoose(clinic.id)}
            >
              {t('booking.clinic.choose')}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
