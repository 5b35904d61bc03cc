import type { Slot } from '../../../src/contract/booking';
import { formatInstantDay, formatTime, zoneAbbreviation } from '../../../src/domain/booking/format';
import { sameSlot } from '../../../src/domain/booking/slots';
import type { SlotChoice } from '../../../src/domain/booking/flow-params';
import { useT } from '../../../src/i18n/useT';
import { chooseSlot } from '../slots.store';

interface SlotButtonProps {
  slot: Slot;
  chosen: SlotChoice | null;
  locale: string;
  /** Show the zone abbreviation beside the time (the clinic's clock differs from the device's). */
  showZone: boolean;
}

/** One free time: a button whose accessible name has the date, time and the clinic's time zone. */
export function SlotButton({ slot, chosen, locale, showZone }: SlotButtonProps) {
  const t = useT();
  const time = formatTime(slot.startDateTime, slot.timeZone, locale);
  const zone = zoneAbbreviation(slot.timeZone, slot.startDateTime, locale);
  const selected = sameSlot(chosen, slot);
  const name = t('booking.slots.slot_name', {
    day: formatInstantDay(slot.startDateTime, slot.timeZone, locale),
    time,
    zone,
  });
  return (
    <button
      type="button"
      className="slot"
      aria-pressed={selected}
      aria-label={name}
      data-start={slot.startDateTime}
      onClick={() => chooseSlot(slot)}
    >
      {time}
      {showZone && <span className="slot__zone"> {zone}</span>}
    </button>
  );
}
