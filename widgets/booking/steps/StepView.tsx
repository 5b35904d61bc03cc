import { lazy, Suspense, useEffect } from 'react';
import type { BookingStep } from '../../../src/domain/booking/flow-path';
import { useT } from '../../../src/i18n/useT';
import { importWithRetry } from '../../../src/ui/lazy-retry';
import { LoadBoundary } from '../../../src/ui/LoadBoundary';
import { ExamStep } from './ExamStep';

/*
 * The first step comes with the element; the others load on demand, so the
 * first load stays in budget (checked by npm run bench). They are fetched while the
 * patient looks at the first one, so moving on does not wait.
 */
const loadClinicStep = () => importWithRetry(() => import('./ClinicStep'));
const loadSlotStep = () => importWithRetry(() => import('./SlotStep'));
const loadFormStep = () => importWithRetry(() => import('./FormStep'));
const loadConfirmationStep = () => importWithRetry(() => import('./ConfirmationStep'));

const ClinicStep = lazy(() => loadClinicStep().then((m) => ({ default: m.ClinicStep })));
const SlotStep = lazy(() => loadSlotStep().then((m) => ({ default: m.SlotStep })));
const FormStep = lazy(() => loadFormStep().then((m) => ({ default: m.FormStep })));
const ConfirmationStep = lazy(() =>
  loadConfirmationStep().then((m) => ({ default: m.ConfirmationStep })),
);

const PREFETCH_DELAY_MS = 1500;
let prefetch: ReturnType<typeof setTimeout> | undefined;

/** Loads the steps one after the other, each in a task of its own. */
function loadInTurn(loads: (() => Promise<unknown>)[]): void {
  const [load, ...rest] = loads;
  if (!load) return;
  void load()
    .catch(() => undefined)
    .then(() => setTimeout(() => loadInTurn(rest), 0));
}

/**
 * Fetches the later steps once the element has settled: once per page, and
 * not called off when a quick patient moves on first (a phone that then loses
 * its signal still has every step). One at a time: evaluated together, the
 * four modules made one task long enough to count as blocking on a slow
 * phone (issue 15 part 3, Lighthouse's total blocking time).
 */
function usePrefetch(): void {
  useEffect(() => {
    prefetch ??= setTimeout(
      () => loadInTurn([loadClinicStep, loadSlotStep, loadFormStep, loadConfirmationStep]),
      PREFETCH_DELAY_MS,
    );
  }, []);
}

/** The component of each step. */
export function StepView({ step }: { step: BookingStep }) {
  const t = useT();
  usePrefetch();
  return (
    <LoadBoundary>
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
    </LoadBoundary>
  );
}
