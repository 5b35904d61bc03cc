import type { BookingStep } from '../../../src/domain/booking/flow-path';
import { ClinicStep } from './ClinicStep';
import { ConfirmationStep } from './ConfirmationStep';
import { ExamStep } from './ExamStep';
import { FormStep } from './FormStep';
import { SlotStep } from './SlotStep';

/** The component of each step. */
export function StepView({ step }: { step: BookingStep }) {
  switch (step) {
    case 'exam':
      return <ExamStep />;
    case 'clinic':
      return <ClinicStep />;
    case 'slots':
      return <SlotStep />;
    case 'form':
      return <FormStep />;
    case 'confirmation':
      return <ConfirmationStep />;
  }
}
