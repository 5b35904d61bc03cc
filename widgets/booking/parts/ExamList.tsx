import type { Exam } from '../../../src/contract/booking';
import { useT } from '../../../src/i18n/useT';
import { canAddExam } from '../flow.store';

interface ExamListProps {
  exams: readonly Exam[];
  selected: readonly Exam[];
  multiple: boolean;
  onToggle: (exam: Exam) => void;
  onInfo: (exam: Exam) => void;
}

/** The exams of the chosen scan type or body part; enquiry-only ones are marked (they become a booking request). */
export function ExamList({ exams, selected, multiple, onToggle, onInfo }: ExamListProps) {
  const t = useT();
  if (exams.length === 0) return <p className="notice">{t('booking.exam.choose_first')}</p>;
  return (
    <div className="exams" part="exams">
      <h2 className="picker__title" id="booking-exams-label">
        {t('booking.exam.exams_label')}
      </h2>
      <ul className="exams__list" aria-labelledby="booking-exams-label">
        {exams.map((exam) => {
          const chosen = selected.some((item) => item.slug === exam.slug);
          const blocked = multiple && !chosen && !canAddExam(exam, selected);
          const hintId = `booking-exam-hint-${exam.slug}`;
          return (
            <li key={exam.slug} className="exam" data-state={chosen ? 'selected' : undefined}>
              <button
                type="button"
                className="exam__choose"
                aria-pressed={chosen}
                disabled={blocked}
                aria-describedby={exam.enquiryOnly || blocked ? hintId : undefined}
                onClick={() => onToggle(exam)}
              >
                <span className="exam__name">{exam.name}</span>
                {exam.enquiryOnly && (
                  <span className="badge">{t('booking.exam.enquiry_badge')}</span>
                )}
              </button>
              {(exam.enquiryOnly || blocked) && (
                <p className="exam__hint" id={hintId}>
                  {t(blocked ? 'booking.exam.separate_request' : 'booking.exam.enquiry_hint')}
                </p>
              )}
              {(exam.examNotes || exam.notes) && (
                <button
                  type="button"
                  className="link-button exam__info"
                  onClick={() => onInfo(exam)}
                >
                  {/* WCAG 2.5.3: the accessible name starts with the visible text. */}
                  {t('booking.exam.info_button')}
                  <span className="visually-hidden">: {exam.name}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
