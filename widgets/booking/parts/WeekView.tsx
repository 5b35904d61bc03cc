import { useStore } from '@nanostores/react';
import type { Slot } from '../../../src/api/booking.contract';
import { weekDays } from '../../../src/domain/booking/calendar';
import type { SlotChoice } from '../../../src/domain/booking/flow-params';
import { formatDay } from '../../../src/domain/booking/format';
import { zoneDiffersFromDevice } from '../../../src/domain/booking/slots';
import { dateLocale } from '../../../src/i18n/dates';
import { useT } from '../../../src/i18n/useT';
import { $locale } from '../../../src/stores/locale.store';
import type { SlotPeriod } from '../slots.store';
import { SlotButton } from './SlotButton';

interface WeekViewProps {
  /** Free slots by clinic-local day, already filtered by time of day. */
  days: ReadonlyMap<string, Slot[]>;
  period: SlotPeriod;
  zone: string;
  chosen: SlotChoice | null;
}

/** The week view (the default, R-9-24): one column per day, its free times as buttons. */
export function WeekView({ days, period, zone, chosen }: WeekViewProps) {
  const t = useT();
  const locale = dateLocale(useStore($locale));
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const total = [...days.values()].reduce((sum, list) => sum + list.length, 0);
  return (
    <div className="week" part="week">
      {total === 0 && <p className="notice week__empty">{t('booking.slots.none_this_week')}</p>}
      <div className="week__days">
        {weekDays(period.start).map((date) => {
          const slots = days.get(date) ?? [];
          const headingId = `booking-day-${date}`;
          return (
            <section
              key={date}
              className="day"
              aria-labelledby={headingId}
              data-state={date < period.today ? 'past' : undefined}
            >
              <h3 id={headingId} className="day__title">
                <span aria-hidden="true">{formatDay(date, locale, 'short')}</span>
                <span className="visually-hidden">{formatDay(date, locale, 'long')}</span>
              </h3>
              {slots.length > 0 ? (
                <ul className="day__slots">
                  {slots.map((slot) => (
                    <li key={`${slot.deviceId}-${slot.startDateTime}`}>
                      <SlotButton
                        slot={slot}
                        chosen={chosen}
                        locale={locale}
                        showZone={zoneDiffersFromDevice(zone, slot.startDateTime, deviceZone)}
                      />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="day__empty">{t('booking.slots.no_times')}</p>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
