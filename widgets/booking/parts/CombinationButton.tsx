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
  return (
    <button
      type="button"
      className="slot slot--combination"
      aria-pressed={chosen}
      data-start={first.startDateTime}
      onClick={() => onChoose(combination)}
    >
      <span className="slot__range">
        {formatTime(first.startDateTime, timeZone, locale)}–
        {formatTime(last.endDateTime, timeZone, locale)}{' '}
        <span className={showZone ? 'slot__zone' : 'visually-hidden'}>{zone}</span>
        <span className="visually-hidden">
          {`, ${formatInstantDay(first.startDateTime, timeZone, locale)}: `}
        </span>
      </span>
      {slots.map((slot, index) => (
        <span key={`${slot.deviceId}-${slot.startDateTime}`} className="slot__exam">
          {formatTime(slot.startDateTime, timeZone, locale)} {exams[index]?.name ?? ''}
          {index < slots.length - 1 && <span className="visually-hidden">{', '}</span>}
        </span>
      ))}
    </button>
  );
}
