import { lazy, Suspense, useEffect } from 'react';
import type { BookingStep } from '../../../src/domain/booking/flow-path';
import { useT } from '../../../src/i18n/useT';
import { ExamStep } from './ExamStep';

/*
 * The first step comes with the element; the others load on demand, so the
 * first load stays in budget (checked by npm run bench). They are fetched while the
 * patient looks at the first one, so moving on does not wait.
 */
const loadClinicStep = () => import('./ClinicStep');
const loadSlotStep = () => import('./SlotStep');
const loadFormStep = () => import('./FormStep');
const loadConfirmationStep = () => import('./ConfirmationStep');

const ClinicStep = lazy(() => loadClinicStep().then((m) => ({ default: m.ClinicStep })));
const SlotStep = lazy(() => loadSlotStep().then((m) => ({ default: m.SlotStep })));
const FormStep = lazy(() => loadFormStep().then((m) => ({ default: m.FormStep })));
const ConfirmationStep = lazy(() =>
  loadConfirmationStep().then((m) => ({ default: m.ConfirmationStep })),
);

const PREFETCH_DELAY_MS = 1500;

/** Fetches the later steps once the element has settled. */
function usePrefetch(): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      for (const load of [loadClinicStep, loadSlotStep, loadFormStep, loadConfirmationStep])
        void load().catch(() => undefined);
    }, PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
}

/** The component of each step. */
export function StepView({ step }: { step: BookingStep }) {
  const t = useT();
  usePrefetch();
  return (
    <Suspense
      fallback={
        <p role="status" className="notice" aria-busy="true">
          {t('message.loading')}
        </p>
      }
    >
      {step === 'exam' && <ExamStep />}
      {step === 'clinic' && <ClinicStep />}
      {step === 'slots' && <SlotStep />}
      {step === 'form' && <FormStep />}
      {step === 'confirmation' && <ConfirmationStep />}
    </Suspense>
  );
}
