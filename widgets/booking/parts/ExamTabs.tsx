import { useStore } from '@nanostores/react';
import { useT } from '../../../src/i18n/useT';
import { $booking } from '../booking.store';
import { $selectedExams } from '../catalogue.store';
import { bookableIndices } from '../flow.store';
import { $activeExamIndex, $examTab } from '../slot-period.store';

/** With several exams, which exam's times are shown; each says whether it has a time yet. */
export function ExamTabs() {
  const t = useT();
  const { params } = useStore($booking);
  const exams = useStore($selectedExams);
  const active = useStore($activeExamIndex);
  return (
    <div className="segmented exam-tabs" role="group" aria-label={t('booking.slots.exam_tabs')}>
      {bookableIndices(params.examSlugs, exams).map((index) => (
        <button
          key={index}
          type="button"
          className="segmented__option"
          aria-pressed={index === active}
          onClick={() => $examTab.set(index)}
        >
          {exams[index]?.name}
          <span className="exam-tabs__state">
            {params.slots[index]
              ? t('booking.slots.exam_has_time')
              : t('booking.slots.exam_needs_time')}
          </span>
        </button>
      ))}
    </div>
  );
}
