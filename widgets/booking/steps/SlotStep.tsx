import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import { zoneAbbreviation } from '../../../src/domain/booking/format';
import {
  filterByTimeOfDay,
  groupSlotsByDay,
  zoneDiffersFromDevice,
} from '../../../src/domain/booking/slots';
import { dateLocale } from '../../../src/i18n/dates';
import { useT } from '../../../src/i18n/useT';
import { $locale } from '../../../src/stores/locale.store';
import { $booking } from '../booking.store';
import { $selectedExams } from '../catalogue.store';
import { bookableIndices } from '../flow.store';
import { BookingSummary } from '../parts/BookingSummary';
import { ExamTabs } from '../parts/ExamTabs';
import { MonthView } from '../parts/MonthView';
import { SlotToolbar } from '../parts/SlotToolbar';
import { TimeOfDayFilter } from '../parts/TimeOfDayFilter';
import { WeekView } from '../parts/WeekView';
import {
  $activeExamIndex,
  $clinicZone,
  $freeSlots,
  $period,
  $slots,
  continueFromSlots,
  reloadSlots,
} from '../slots.store';

/** R-4-slots-13, R-9-20: the selected slot is scrolled into view after 100 ms. */
export const SLOT_SCROLL_DELAY_MS = 100;

/** Step 3: week or month view, time-of-day filter and calendar (R-2.4-24), in the clinic's time. */
export function SlotStep() {
  const t = useT();
  const locale = dateLocale(useStore($locale));
  const { params } = useStore($booking);
  const exams = useStore($selectedExams);
  const index = useStore($activeExamIndex);
  const zone = useStore($clinicZone);
  const period = useStore($period);
  const slots = useStore($slots);
  const free = useStore($freeSlots);
  const root = useRef<HTMLElement>(null);
  const chosen = params.slots[index] ?? null;
  const days = useMemo(
    () => groupSlotsByDay(filterByTimeOfDay(free, params.timeOfDay)),
    [free, params.timeOfDay],
  );
  const bookable = bookableIndices(params.examSlugs, exams);
  const allChosen = bookable.every((i) => params.slots[i]);
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const showZone = zoneDiffersFromDevice(zone, `${period.start}T12:00:00Z`, deviceZone);

  useEffect(() => {
    if (!chosen || slots.state !== 'ready') return;
    const timer = setTimeout(() => {
      root.current
        ?.querySelector('.slot[aria-pressed="true"]')
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }, SLOT_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [chosen?.startTime, slots.state]);

  return (
    <section ref={root} className="step" aria-labelledby="booking-step-title" part="step">
      <h1 id="booking-step-title" className="step__title" tabIndex={-1}>
        {t('booking.slots.title')}
      </h1>
      <BookingSummary upTo="clinic" />
      {bookable.length > 1 && <ExamTabs />}
      <SlotToolbar />
      <TimeOfDayFilter />
      <p className="notice notice--info" part="time-zone-note">
        {showZone
          ? t('booking.slots.zone_differs', {
              zone: zoneAbbreviation(zone, `${period.start}T12:00:00Z`, locale),
            })
          : t('booking.slots.zone_local')}
      </p>
      <div aria-live="polite" aria-busy={slots.state === 'loading'}>
        {slots.state === 'loading' && (
          <p role="status" className="notice">
            {t('booking.slots.loading')}
          </p>
        )}
        {slots.state === 'failed' && (
          <div role="alert" className="notice notice--error">
            <p>{t(slots.error.messageKey)}</p>
            <button type="button" className="button" data-variant="ghost" onClick={reloadSlots}>
              {t('booking.action.retry')}
            </button>
          </div>
        )}
      </div>
      {slots.state === 'ready' &&
        (period.view === 'WEEK' ? (
          <WeekView days={days} period={period} zone={zone} chosen={chosen} />
        ) : (
          <MonthView
            days={days}
            period={period}
            zone={zone}
            chosen={chosen}
            date={params.dates[index] ?? null}
          />
        ))}
      <div className="step__actions">
        <button type="button" className="button" disabled={!allChosen} onClick={continueFromSlots}>
          {t('booking.action.continue')}
        </button>
      </div>
    </section>
  );
}
