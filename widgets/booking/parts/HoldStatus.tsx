import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../../src/stores/useQuietStore';
import { formatInstantDay, formatTime } from '../../../src/domain/booking/format';
import { useT } from '../../../src/i18n/useT';
import { $bookingFormConfig } from '../../../src/stores/config.store';
import { $hold } from '../hold.store';

/** The hold minutes when the configuration does not say (the reference API's default). */
const DEFAULT_HOLD_MINUTES = 10;

/**
 * The hold announced once as a status ("9:00 am, Tuesday 2 March 2027 is
 * held for you for 10 minutes…"); sighted users see the short note under
 * the chosen time, so this sentence is for assistive technology only.
 */
export function HoldStatus({ timeZone, locale }: { timeZone: string; locale: string }) {
  const t = useT();
  const hold = useStore($hold);
  const config = useQuietStore($bookingFormConfig);
  const minutes = config?.slotHoldMinutes || DEFAULT_HOLD_MINUTES;
  const first = hold.state === 'held' ? hold.startTimes[0] : undefined;
  return (
    <p className="visually-hidden" role="status" part="hold">
      {hold.state === 'holding' && t('booking.hold.holding')}
      {first &&
        t('booking.hold.held', {
          count: minutes,
          time: `${formatTime(first, timeZone, locale)}, ${formatInstantDay(first, timeZone, locale)}`,
        })}
    </p>
  );
}
