/**
 * The order of the booking flow and what each step needs. A link or a
 * back button can open any step; one whose choices are missing shows the
 * earliest step that still needs a choice instead.
 */
import type { BookingStep } from './flow-path';

export interface FlowFacts {
  /** At least one exam is chosen. */
  hasExams: boolean;
  /** A clinic is chosen. */
  hasClinic: boolean;
  /** Some chosen exam is booked online and so needs a slot (enquiry-only exams do not). */
  needsSlots: boolean;
  /** Every exam that needs a slot has one. */
  allSlotsChosen: boolean;
}

/**
 * The step to show for a requested one. The clinic step never needs an
 * exam: the embedded portal starts there (R-2.1-03) and an exam is chosen
 * after the clinic (navigateFromClinic).
 */
export function reachableStep(requested: BookingStep, facts: FlowFacts): BookingStep {
  switch (requested) {
    case 'exam':
    case 'clinic':
    case 'confirmation':
      return requested;
    case 'slots':
      if (!facts.hasExams) return 'exam';
      if (!facts.hasClinic) return 'clinic';
      return facts.needsSlots ? 'slots' : 'form';
    case 'form':
      if (!facts.hasExams) return 'exam';
      if (!facts.hasClinic) return 'clinic';
      return facts.needsSlots && !facts.allSlotsChosen ? 'slots' : 'form';
  }
}

/** The step after `from` once its choice is made. */
export function nextStep(from: BookingStep, facts: FlowFacts): BookingStep {
  switch (from) {
    case 'exam':
      if (!facts.hasClinic) return 'clinic';
      return facts.needsSlots ? 'slots' : 'form';
    case 'clinic':
      if (!facts.hasExams) return 'exam';
      return facts.needsSlots ? 'slots' : 'form';
    case 'slots':
      return 'form';
    case 'form':
    case 'confirmation':
      return 'confirmation';
  }
}
