import type { Exam } from '../../../src/contract/booking';
import { useT } from '../../../src/i18n/useT';

/** With several exams (procedureTab=multiple), the ones chosen so far, each removable. */
export function SelectedExams({
  exams,
  onRemove,
}: {
  exams: readonly Exam[];
  onRemove: (exam: Exam) => void;
}) {
  const t = useT();
  return (
    <div className="selected-exams" aria-live="polite" part="selected-exams">
      <h2 className="picker__title">{t('booking.exam.selected_label', { count: exams.length })}</h2>
      {exams.length === 0 ? (
        <p className="notice">{t('booking.exam.none_selected')}</p>
      ) : (
        <ol className="selected-exams__list">
          {exams.map((exam) => (
            <li key={exam.slug}>
              <span>{exam.name}</span>
              <button
                type="button"
                className="link-button"
                aria-label={t('booking.action.remove_named', { item: exam.name })}
                onClick={() => onRemove(exam)}
              >
                {t('booking.action.remove')}
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
