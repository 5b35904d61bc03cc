import { useQuietStore } from '../../../src/stores/useQuietStore';
import type { ReactNode } from 'react';
import type { Slot } from '../../../src/contract/booking';
import { weekDays } from '../../../src/domain/booking/calendar';
import { formatDay, formatWeekday } from '../../../src/domain/booking/format';
import { dateLocale } from '../../../src/i18n/dates';
import { useT } from '../../../src/i18n/useT';
import { $locale } from '../../../src/stores/locale.store';
import { pickDate, type SlotPeriod } from '../slot-period.store';
import { DayTimes } from './DayTimes';

interface WeekViewProps<T> {
  /** Free times (slots, or combinations of several exams) by clinic-local day, already filtered. */
  days: ReadonlyMap<string, readonly T[]>;
  period: SlotPeriod;
  /** The picked calendar date of the exam in view (R-4-slots-12). */
  date: string | null;
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
}

/**
 * The week view (the default, R-9-24), dates first: a strip of the week's
 * days from its first day (Monday, Sunday in en-CA, or today when
 * configured, R-9-25/30), each saying how many free times it has; then the
 * times of the picked day (R-4-slots-12), grouped by part of the day. On a
 * phone the chosen time and Continue stay on one screen.
 */
export function WeekView<T extends Pick<Slot, 'startDateTime' | 'timeZone'>>({
  days,
  period,
  date,
  keyOf,
  render,
}: WeekViewProps<T>) {
  const t = useT();
  const locale = dateLocale(useQuietStore($locale));
  const week = weekDays(period.start);
  const firstWithTimes = week.find((day) => (days.get(day)?.length ?? 0) > 0) ?? null;
  const shown = date && (days.get(date)?.length ?? 0) > 0 ? date : firstWithTimes;
  return (
    <div className="week" part="week">
      <ul className="week__days" aria-label={t('booking.slots.days_label')}>
        {week.map((day) => {
          const count = days.get(day)?.length ?? 0;
          return (
            <li key={day}>
              <button
                type="button"
                className="week__day"
                aria-pressed={day === shown}
                disabled={count === 0}
                data-state={day < period.today ? 'past' : undefined}
                onClick={() => pickDate(day)}
              >
                {/* The visible words start the name (WCAG 2.5.3); the full date follows for screen readers. */}
                <span className="week__weekday">{formatWeekday(day, locale)}</span>
                <span className="week__date">{Number(day.slice(8))}</span>
                <span className="week__count">
                  {count > 0
                    ? t('booking.slots.count_short', { count })
                    : t('booking.slots.no_times')}
                </span>
                <span className="visually-hidden">
                  {count > 0
                    ? t('booking.slots.day_with_times', { day: formatDay(day, locale), count })
                    : t('booking.slots.day_without_times', { day: formatDay(day, locale) })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {shown ? (
        <DayTimes
          title={formatDay(shown, locale)}
          titleId="booking-week-day"
          items={days.get(shown) ?? []}
          keyOf={keyOf}
          render={render}
        />
      ) : (
        <p className="notice week__empty">{t('booking.slots.none_this_week')}</p>
      )}
    </div>
  );
}
