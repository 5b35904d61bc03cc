import type { Exam } from '../../../src/contract/booking';
import type { Combination } from '../../../src/domain/booking/combinations';
import { formatInstantDay, formatTime, zoneAbbreviation } from '../../../src/domain/booking/format';

interface CombinationButtonProps {
  combination: Combination;
  /** The exams booked online, in the order of the combination's slots. */
  exams: readonly Exam[];
  chosen: boolean;
  locale: string;
  showZone: boolean;
  onChoose: (combination: Combination) => void;
}

/**
 * One visit for several exams: the first start and last end, and each exam
 * with its own time. Its accessible name is its visible text (WCAG 2.5.3)
 * plus the day and the clinic's zone, which are visually hidden.
 */
export function CombinationButton({
  combination,
  exams,
  chosen,
  locale,
  showZone,
  onChoose,
}: CombinationButtonProps) {
  const { slots, timeZone } = combination;
  const first = slots[0]!;
  const last = slots[slots.length - 1]!;
  const zone = zoneAbbreviation(timeZone, first.startDateTime, locale);
  const range = `${formatTime(first.startDateTime, timeZone, locale)}–${formatTime(last.endDateTime, timeZone, locale)}`;
  const times = slots.map(
    (slot, index) =>
      `${formatTime(slot.startDateTime, timeZone, locale)} ${exams[index]?.name ?? ''}`,
  );
  // The name spelled out: assembled from the visible parts, a screen reader read " , " between exams.
  const name = `${range} ${zone}, ${formatInstantDay(first.startDateTime, timeZone, locale)}: ${times.join(', ')}`;
  return (
    <button
      type="button"
      className="slot slot--combination"
      aria-label={name}
      aria-pressed={chosen}
      data-start={first.startDateTime}
      onClick={() => onChoose(combination)}
    >
      <span className="slot__range">
        {range} {showZone && <span className="slot__zone">{zone}</span>}
      </span>
      {slots.map((slot, index) => (
        <span key={`${slot.deviceId}-${slot.startDateTime}`} className="slot__exam">
          {times[index]}
        </span>
      ))}
    </button>
  );
}
