import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../../src/stores/useQuietStore';
import { useEffect, useMemo, useRef } from 'react';
import type { Slot } from '../../../src/contract/booking';
import { isChosenCombination, type Combination } from '../../../src/domain/booking/combinations';
import { formatDay, formatTime, zoneAbbreviation } from '../../../src/domain/booking/format';
import {
  filterByTimeOfDay,
  groupSlotsByDay,
  sameSlot,
  zoneDiffersFromDevice,
  zonedTime,
} from '../../../src/domain/booking/slots';
import { dateLocale } from '../../../src/i18n/dates';
import { useT } from '../../../src/i18n/useT';
import { $bookingFormConfig } from '../../../src/stores/config.store';
import { $locale } from '../../../src/stores/locale.store';
import { $booking } from '../booking.store';
import { $selectedExams } from '../catalogue.store';
import { $selectedClinic } from '../clinics.store';
import { bookableIndices } from '../flow.store';
import { $hold, $holdConflict } from '../hold.store';
import { BookingSummary } from '../parts/BookingSummary';
import { CombinationButton } from '../parts/CombinationButton';
import { ExamTabs } from '../parts/ExamTabs';
import { HoldStatus } from '../parts/HoldStatus';
import { MobileLocationPicker } from '../parts/MobileLocationPicker';
import { MonthView } from '../parts/MonthView';
import { SlotButton } from '../parts/SlotButton';
import { SlotConflictModal } from '../parts/SlotConflictModal';
import { SlotToolbar } from '../parts/SlotToolbar';
import { WalkInModal } from '../parts/WalkInModal';
import { WeekView } from '../parts/WeekView';
import { $mobileChoices, chooseMobileLocation } from '../mobile-locations.store';
import { $activeExamIndex, $clinicZone, $period, restrictedMinDate } from '../slot-period.store';
import {
  $combinationMode,
  $combinations,
  $freeSlots,
  $references,
  $slots,
  acknowledgeHoldConflict,
  chooseCombination,
  continueFromSlots,
  reloadSlots,
} from '../slots.store';
import { $acceptedWalkIns, $walkInPairing, acceptWalkIn } from '../walk-in.store';
import { RescheduleNotice } from '../parts/RescheduleNotice';

/** R-4-slots-13, R-9-20: the selected slot is scrolled into view after 100 ms. */
export const SLOT_SCROLL_DELAY_MS = 100;

const slotKey = (slot: Slot) => `${slot.deviceId}-${slot.startDateTime}`;
const combinationKey = (combination: Combination) => combination.slots.map(slotKey).join('+');

/**
 * Step 3: week or month view, time-of-day filter and calendar (R-2.4-24),
 * in the clinic's time; several exams at one clinic as combinations that
 * fit one visit; the clinic's mobile locations; the hold of the chosen time.
 */
export function SlotStep() {
  const t = useT();
  const locale = dateLocale(useQuietStore($locale));
  const { params } = useStore($booking);
  const exams = useStore($selectedExams);
  const clinic = useStore($selectedClinic);
  const index = useStore($activeExamIndex);
  const zone = useStore($clinicZone);
  const period = useStore($period);
  const slots = useStore($slots);
  const free = useStore($freeSlots);
  const combined = useStore($combinationMode);
  const references = useStore($references);
  const combinations = useStore($combinations);
  const mobileChoices = useStore($mobileChoices);
  const conflict = useStore($holdConflict);
  const hold = useStore($hold);
  const holdMinutes = useQuietStore($bookingFormConfig)?.slotHoldMinutes || 10;
  const pairing = useStore($walkInPairing);
  const walkIns = useStore($acceptedWalkIns);
  const root = useRef<HTMLElement>(null);
  const chosen = params.slots[index] ?? null;
  const bookable = bookableIndices(params.examSlugs, exams);
  const bookableExams = bookable.flatMap((i) => exams[i] ?? []);
  const allChosen = bookable.every((i) => params.slots[i]);
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const showZone = zoneDiffersFromDevice(zone, `${period.start}T12:00:00Z`, deviceZone);
  const loading = combined ? references : slots;
  const slotDays = useMemo(
    () => groupSlotsByDay(filterByTimeOfDay(free, params.timeOfDay)),
    [free, params.timeOfDay],
  );
  const combinationDays = useMemo(
    () => groupSlotsByDay(filterByTimeOfDay(combinations, params.timeOfDay)),
    [combinations, params.timeOfDay],
  );
  const chosenStart = combined ? params.slots[bookable[0] ?? 0]?.startTime : chosen?.startTime;

  useEffect(() => {
    if (!chosenStart || loading.state !== 'loaded') return;
    const timer = setTimeout(() => {
      root.current
        ?.querySelector('.slot[aria-pressed="true"]')
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }, SLOT_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [chosenStart, loading.state]);

  // "Held for you for N minutes" right under the chosen time (the full sentence is a status below).
  const heldNote = (
    <span className="slot__held">{t('booking.hold.held_short', { count: holdMinutes })}</span>
  );
  const renderSlot = (slot: Slot) => (
    <>
      <SlotButton
        slot={slot}
        chosen={chosen}
        locale={locale}
        showZone={zoneDiffersFromDevice(zone, slot.startDateTime, deviceZone)}
      />
      {hold.state === 'held' && sameSlot(chosen, slot) && heldNote}
    </>
  );
  const renderCombination = (combination: Combination) => {
    const picked = isChosenCombination(params.slots, bookable, combination);
    return (
      <>
        <CombinationButton
          combination={combination}
          exams={bookableExams}
          chosen={picked}
          locale={locale}
          showZone={zoneDiffersFromDevice(zone, combination.startDateTime, deviceZone)}
          onChoose={chooseCombination}
        />
        {hold.state === 'held' && picked && heldNote}
      </>
    );
  };
  const date = params.dates[combined ? (bookable[0] ?? 0) : index] ?? null;
  const minDate = restrictedMinDate(params);

  return (
    <section ref={root} className="step" aria-labelledby="booking-step-title" part="step">
      <h1 id="booking-step-title" className="step__title" tabIndex={-1}>
        {t('booking.slots.title')}
      </h1>
      <RescheduleNotice />
      <BookingSummary upTo="clinic" />
      {walkIns.length > 0 && (
        <p className="notice notice--info">
          {t('booking.walk_in.reminder', {
            exams: walkIns.map((walkIn) => walkIn.name).join(', '),
          })}
        </p>
      )}
      {combined ? (
        <p className="step__lead">{t('booking.slots.combined_lead')}</p>
      ) : (
        bookable.length > 1 && <ExamTabs />
      )}
      {!combined && clinic && mobileChoices.length > 0 && (
        <MobileLocationPicker
          clinicName={clinic.name}
          locations={mobileChoices}
          chosenId={params.mobileLocationId}
          locale={locale}
          onChoose={chooseMobileLocation}
        />
      )}
      <SlotToolbar />
      {minDate && (
        <p className="notice notice--info" part="min-date-note" data-min-date={minDate}>
          {t('booking.slots.restricted_min_date', { date: formatDay(minDate, locale) })}
        </p>
      )}
      <p className="notice notice--info" part="time-zone-note">
        {showZone
          ? t('booking.slots.zone_differs', {
              zone: zoneAbbreviation(zone, `${period.start}T12:00:00Z`, locale),
            })
          : t('booking.slots.zone_local')}
      </p>
      <div aria-live="polite" aria-busy={loading.state === 'loading'}>
        {loading.state === 'loading' && (
          <p role="status" className="notice">
            {t('booking.slots.loading')}
          </p>
        )}
        {loading.state === 'failed' && (
          <div role="alert" className="notice notice--error">
            <p>{t(loading.error.messageKey)}</p>
            <button type="button" className="button" data-variant="ghost" onClick={reloadSlots}>
              {t('booking.action.retry')}
            </button>
          </div>
        )}
      </div>
      {loading.state === 'loaded' &&
        (combined ? (
          period.view === 'WEEK' ? (
            <WeekView
              days={combinationDays}
              period={period}
              date={date}
              keyOf={combinationKey}
              render={renderCombination}
            />
          ) : (
            <MonthView
              days={combinationDays}
              period={period}
              date={date}
              keyOf={combinationKey}
              render={renderCombination}
            />
          )
        ) : period.view === 'WEEK' ? (
          <WeekView
            days={slotDays}
            period={period}
            date={date}
            keyOf={slotKey}
            render={renderSlot}
          />
        ) : (
          <MonthView
            days={slotDays}
            period={period}
            date={date}
            keyOf={slotKey}
            render={renderSlot}
          />
        ))}
      <HoldStatus timeZone={zone} locale={locale} />
      {/* Once a time is chosen, on a phone it and Continue stay on screen together (sticky). */}
      <div
        className={allChosen ? 'step__actions step__actions--sticky' : 'step__actions'}
        part="slot-actions"
      >
        {allChosen && chosenStart && (
          <p className="step__chosen" role="status">
            {t('booking.slots.chosen', {
              when: `${formatDay(zonedTime(chosenStart, zone).date, locale, 'short')}, ${formatTime(chosenStart, zone, locale)} ${zoneAbbreviation(zone, chosenStart, locale)}`,
            })}
          </p>
        )}
        <button type="button" className="button" disabled={!allChosen} onClick={continueFromSlots}>
          {t('booking.action.continue')}
        </button>
      </div>
      <SlotConflictModal open={conflict} onAcknowledge={acknowledgeHoldConflict} />
      <WalkInModal pairing={pairing} clinicName={clinic?.name ?? ''} onAccept={acceptWalkIn} />
    </section>
  );
}
