import { useId } from 'react';
import type { MobileLocation } from '../../../src/contract/booking';
import { formatDay } from '../../../src/domain/booking/format';
import { useT } from '../../../src/i18n/useT';

interface MobileLocationPickerProps {
  clinicName: string;
  locations: readonly MobileLocation[];
  chosenId: number | null;
  locale: string;
  onChoose: (location: MobileLocation | null) => void;
}

/** Where the scan happens: at the clinic, or at one of its mobile locations on their dates. */
export function MobileLocationPicker({
  clinicName,
  locations,
  chosenId,
  locale,
  onChoose,
}: MobileLocationPickerProps) {
  const t = useT();
  const name = useId();
  const dates = (location: MobileLocation) =>
    location.startDate === location.endDate
      ? formatDay(location.startDate, locale)
      : t('booking.mobile.dates', {
          start: formatDay(location.startDate, locale),
          end: formatDay(location.endDate, locale),
        });
  return (
    <fieldset className="choice-group mobile-locations" part="mobile-locations">
      <legend className="choice-group__legend">{t('booking.mobile.legend')}</legend>
      <div className="choice-group__options choice-group__options--stacked">
        <label className="choice" data-state={chosenId === null ? 'checked' : undefined}>
          <input
            type="radio"
            name={name}
            checked={chosenId === null}
            onChange={() => onChoose(null)}
          />
          <span>{t('booking.mobile.at_clinic', { clinic: clinicName })}</span>
        </label>
        {locations.map((location) => (
          <label
            key={location.id}
            className="choice"
            data-state={chosenId === location.id ? 'checked' : undefined}
          >
            <input
              type="radio"
              name={name}
              checked={chosenId === location.id}
              onChange={() => onChoose(location)}
            />
            <span>
              <span className="choice__title">{location.name}</span>
              <span className="choice__detail">
                {location.address} · {dates(location)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
