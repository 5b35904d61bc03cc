import type { BookingStep } from '../../../src/domain/booking/flow-path';
import { useT } from '../../../src/i18n/useT';

const STEPS: { step: BookingStep; label: string }[] = [
  { step: 'exam', label: 'booking.progress.exam' },
  { step: 'clinic', label: 'booking.progress.clinic' },
  { step: 'slots', label: 'booking.progress.slots' },
  { step: 'form', label: 'booking.progress.form' },
];

/**
 * Where the patient is in the flow: a list with the current step marked for
 * assistive technology. A booking request has no time to choose, so it has
 * no Time step (exam, clinic, details).
 */
export function StepIndicator({
  step,
  withTime = true,
}: {
  step: BookingStep;
  withTime?: boolean;
}) {
  const t = useT();
  const steps = withTime ? STEPS : STEPS.filter((item) => item.step !== 'slots');
  const current = steps.findIndex((item) => item.step === step);
  return (
    <nav className="progress" aria-label={t('booking.progress.label')} part="progress">
      <ol className="progress__list">
        {steps.map((item, index) => (
          <li
            key={item.step}
            className="progress__item"
            data-state={index < current ? 'done' : index === current ? 'current' : 'todo'}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="progress__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="progress__label">{t(item.label)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
