import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../../src/stores/useQuietStore';
import { addDays } from '../../../src/domain/booking/calendar';
import { formatDay, formatMonth } from '../../../src/domain/booking/format';
import { dateLocale } from '../../../src/i18n/dates';
import { useT } from '../../../src/i18n/useT';
import { $locale } from '../../../src/stores/locale.store';
import { $booking } from '../booking.store';
import { TimeOfDayFilter } from './TimeOfDayFilter';
import { useMediaQuery } from '../../../src/ui/useMediaQuery';

/** Where the toolbar's tools fold away (day-strip.css uses the same width). */
const PHONE_QUERY = '(max-width: 40rem)';
import { $nextAvailable, cancelNextAvailable, showNextAvailable } from '../next-available.store';
import {
  $activeExamIndex,
  $period,
  pickDate,
  setSlotsView,
  showPeriod,
} from '../slot-period.store';

/** View toggle (R-4-slots-10), previous and next, the calendar date (R-4-slots-12) and "find next available". */
export function SlotToolbar() {
  const t = useT();
  const locale = dateLocale(useQuietStore($locale));
  const period = useStore($period);
  const phone = useMediaQuery(PHONE_QUERY);
  const next = useStore($nextAvailable);
  const { params } = useStore($booking);
  const picked = params.dates[useStore($activeExamIndex)] ?? '';
  const unit = period.view === 'WEEK' ? 'week' : 'month';
  const label =
    period.view === 'WEEK'
      ? t('booking.slots.week_of', {
          start: formatDay(period.start, locale, 'short'),
          end: formatDay(period.end, locale, 'short'),
        })
      : formatMonth(period.end, locale);
  const goToDate = (
    <div className="field field--inline">
      <label className="field__label" htmlFor="booking-go-to-date">
        {t('booking.slots.go_to_date')}
      </label>
      <input
        id="booking-go-to-date"
        className="field__input"
        type="date"
        min={period.today}
        max={addDays(period.today, 366)}
        value={picked}
        onChange={(event) => event.target.value && pickDate(event.target.value)}
      />
    </div>
  );
  const nextButton =
    next.state === 'searching' ? (
      <button type="button" className="button" data-variant="ghost" onClick={cancelNextAvailable}>
        {t('booking.slots.stop_searching')}
      </button>
    ) : (
      <button
        type="button"
        className="button"
        data-variant="ghost"
        onClick={() => void showNextAvailable()}
      >
        {t('booking.slots.next_available')}
      </button>
    );
  return (
    <div className="toolbar" part="slot-toolbar">
      <div className="segmented" role="group" aria-label={t('booking.slots.view_label')}>
        <button
          type="button"
          className="segmented__option"
          aria-pressed={period.view === 'WEEK'}
          onClick={() => setSlotsView('WEEK')}
        >
          {t('booking.slots.view_week')}
        </button>
        <button
          type="button"
          className="segmented__option"
          aria-pressed={period.view === 'MONTH'}
          onClick={() => setSlotsView('MONTH')}
        >
          {t('booking.slots.view_month')}
        </button>
      </div>
      <div className="toolbar__period">
        <button
          type="button"
          className="button"
          data-variant="ghost"
          disabled={!period.canGoBack}
          onClick={() => showPeriod(-1)}
        >
          <span aria-hidden="true">‹</span>{' '}
          <span className="toolbar__step-label">{t(`booking.slots.previous_${unit}`)}</span>
        </button>
        <h2 className="toolbar__label" aria-live="polite">
          {label}
        </h2>
        <button type="button" className="button" data-variant="ghost" onClick={() => showPeriod(1)}>
          <span className="toolbar__step-label">{t(`booking.slots.next_${unit}`)}</span>{' '}
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {phone ? (
        // A phone: the date field and the time of day fold away, so the days and their times
        // come first; "Find next available" stays, for a week without times (issue 13 part 7).
        <>
          <div className="toolbar__tools">{nextButton}</div>
          <details className="toolbar__more" open={params.timeOfDay.length > 0 || undefined}>
            <summary>{t('booking.slots.more_ways')}</summary>
            <div className="toolbar__tools">
              {goToDate}
              <TimeOfDayFilter />
            </div>
          </details>
        </>
      ) : (
        <div className="toolbar__tools">
          {goToDate}
          {nextButton}
          {/* In the same row on a wide screen: the first times show without scrolling. */}
          <TimeOfDayFilter />
        </div>
      )}
      <p role="status" className="toolbar__status">
        {next.state === 'searching' && t('booking.slots.searching')}
        {next.state === 'none' && t('booking.slots.none_available')}
        {next.state === 'failed' && t(next.error.messageKey)}
      </p>
    </div>
  );
}
