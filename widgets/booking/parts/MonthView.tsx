import type { Slot } from '../../../src/contract/booking';
import { DayTimes } from './DayTimes';
import { useQuietStore } from '../../../src/stores/useQuietStore';
import type { ReactNode } from 'react';
import { monthGrid } from '../../../src/domain/booking/calendar';
import { formatDay, formatWeekday } from '../../../src/domain/booking/format';
import { dateLocale, weekStartsOn } from '../../../src/i18n/dates';
import { useT } from '../../../src/i18n/useT';
import { $locale } from '../../../src/stores/locale.store';
import { pickDate, type SlotPeriod } from '../slot-period.store';

interface MonthViewProps<T> {
  /** Free times (slots, or combinations of several exams) by clinic-local day, already filtered. */
  days: ReadonlyMap<string, readonly T[]>;
  period: SlotPeriod;
  /** The picked calendar date of the exam in view. */
  date: string | null;
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
}

/** The month view: a calendar whose days with free times are buttons; the picked day's times below. */
export function MonthView<T extends Pick<Slot, 'startDateTime' | 'timeZone'>>({
  days,
  period,
  date,
  keyOf,
  render,
}: MonthViewProps<T>) {
  const t = useT();
  const portalLocale = useQuietStore($locale);
  const locale = dateLocale(portalLocale);
  const weeks = monthGrid(period.end, weekStartsOn(portalLocale));
  const firstWithSlots = [...days.keys()][0] ?? null;
  const shown = date && days.has(date) ? date : firstWithSlots;
  const items = shown ? (days.get(shown) ?? []) : [];
  const header = weeks.find((week) => week.every(Boolean)) ?? weeks[1] ?? [];
  return (
    <div className="month" part="month">
      <table className="month__grid">
        <thead>
          <tr>
            {header.map((day, index) => (
              <th key={index} scope="col">
                {day ? formatWeekday(day, locale) : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, row) => (
            <tr key={row}>
              {week.map((day, index) => {
                const count = day ? (days.get(day)?.length ?? 0) : 0;
                return (
                  <td key={index}>
                    {day && count > 0 ? (
                      <button
                        type="button"
                        className="month__day"
                        aria-pressed={day === shown}
                        aria-label={t('booking.slots.day_with_times', {
                          day: formatDay(day, locale),
                          count,
                        })}
                        onClick={() => pickDate(day)}
                      >
                        {Number(day.slice(8))}
                      </button>
                    ) : day ? (
                      <span className="month__day" data-state="empty">
                        {Number(day.slice(8))}
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {shown ? (
        <DayTimes
          title={formatDay(shown, locale)}
          titleId="booking-month-day"
          items={items}
          keyOf={keyOf}
          render={render}
        />
      ) : (
        <p className="notice">{t('booking.slots.none_this_month')}</p>
      )}
    </div>
  );
}
