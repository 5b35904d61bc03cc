import { useStore } from '@nanostores/react';
import { TIMES_OF_DAY } from '../../../src/domain/booking/flow-params';
import { useT } from '../../../src/i18n/useT';
import { $booking } from '../booking.store';
import { toggleTimeOfDay } from '../slot-period.store';

/** R-4-slots-11: morning, afternoon and evening chips; none chosen shows every time. */
export function TimeOfDayFilter() {
  const t = useT();
  const { params } = useStore($booking);
  return (
    <div className="chips" role="group" aria-labelledby="booking-time-of-day" part="time-of-day">
      <span id="booking-time-of-day" className="chips__label">
        {t('booking.slots.time_of_day')}
      </span>
      {TIMES_OF_DAY.map((part) => (
        <button
          key={part}
          type="button"
          className="chip"
          aria-pressed={params.timeOfDay.includes(part)}
          onClick={() => toggleTimeOfDay(part)}
        >
          {t(`booking.slots.${part.toLowerCase()}`)}
        </button>
      ))}
    </div>
  );
}
