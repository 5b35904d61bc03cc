import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../../src/stores/useQuietStore';
import { formatWhen } from '../../../src/domain/booking/format';
import { rescheduleOf } from '../../../src/domain/booking/creation-params';
import { useT } from '../../../src/i18n/useT';
import { $locale } from '../../../src/stores/locale.store';
import { $booking } from '../booking.store';
import { $selectedClinic } from '../clinics.store';

/**
 * R-4-status-04: a reschedule or a change says so on every step, with the
 * time being moved, so it never reads like a second booking.
 */
export function RescheduleNotice() {
  const t = useT();
  const { params } = useStore($booking);
  // The clinic's zone; the device's until a clinic is chosen (a change starts at the exam).
  const zone =
    useStore($selectedClinic)?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const locale = useQuietStore($locale);
  const context = rescheduleOf(params);
  if (!context) return null;
  const key =
    context.status === 'RESCHEDULED' ? 'booking.reschedule.notice' : 'booking.change.notice';
  return (
    <p className="notice notice--info reschedule-notice" part="reschedule-notice">
      {context.from
        ? t(key, { when: formatWhen(context.from, zone, locale) })
        : t(`${key}_no_time`)}
    </p>
  );
}
