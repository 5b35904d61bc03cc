import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { weekDays } from '../../../src/domain/booking/calendar';
import { formatDay } from '../../../src/domain/booking/format';
import { dateLocale } from '../../../src/i18n/dates';
import { useT } from '../../../src/i18n/useT';
import { $locale } from '../../../src/stores/locale.store';
import type { SlotPeriod } from '../slot-period.store';

interface WeekViewProps<T> {
  /** Free times (slots, or combinations of several exams) by clinic-local day, already filtered. */
  days: ReadonlyMap<string, readonly T[]>;
  period: SlotPeriod;
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
}

/**
 * The week view (the default, R-9-24): one column per day from the week's
 * first day (Monday, Sunday in en-CA, or today when configured, R-9-25/30),
 * its free times as buttons.
 */
export function WeekView<T>({ days, period, keyOf, render }: WeekViewProps<T>) {
  const t = useT();
  const locale = dateLocale(useStore($locale));
  const total = [...days.values()].reduce((sum, list) => sum + list.length, 0);
  return (
    <div className="week" part="week">
      {total === 0 && <p className="notice week__empty">{t('booking.slots.none_this_week')}</p>}
      <div className="week__days">
        {weekDays(period.start).map((date) => {
          const items = days.get(date) ?? [];
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
              {items.length > 0 ? (
                <ul className="day__slots">
                  {items.map((item) => (
                    <li key={keyOf(item)}>{render(item)}</li>
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
