/**
 * The browser's Back and Forward between check-in steps (issue 16): each
 * step is a history entry of the host page (`step=` in the address); when
 * the address names another step, the flow shows it only if it is still
 * valid, with what the patient typed kept in the store. Nothing is sent
 * again: a step is shown, never re-submitted. A step that is no longer
 * valid (the code was used, the patient is checked in, a poll runs) is
 * refused, and the element puts its current step back into the address.
 */
import { $checkIn, goTo, STEPS, type CheckInFlow, type CheckInStep } from './checkin.store';

export function asStep(value: string | null): CheckInStep | null {
  return STEPS.find((step) => step === value) ?? null;
}

/** Whether the flow may show `target` again (Back or Forward), given where it is now. */
export function mayRevisit(flow: CheckInFlow, target: CheckInStep): boolean {
  if (target === flow.step) return true;
  if (flow.loading || flow.processing) return false;
  // The end of an attempt: checked in, or the error step ("Start again" begins anew).
  if (flow.step === 'SUCCESS' || flow.step === 'ERROR' || flow.step === 'LOADING') return false;
  const appointment = flow.appointments.find((a) => a.slug === flow.slug) ?? null;
  const open =
    flow.verified &&
    appointment !== null &&
    !appointment.checkIn.checkInSent &&
    !appointment.checkIn.checkInSuccess;
  switch (target) {
    case 'IDENTITY':
      return flow.kioskMode && !flow.verified;
    case 'VERIFY_OTP':
      return (
        flow.kioskMode && !flow.verified && flow.handle !== null && flow.reached.includes(target)
      );
    case 'FEEDBACK':
      return open && appointment.checkIn.feedbackRequired && flow.reached.includes(target);
    case 'CONFIRM':
      return open && !appointment.checkIn.feedbackRequired;
    case 'FORM':
    case 'COMPLETE':
      return open && !appointment.checkIn.feedbackRequired && flow.reached.includes(target);
    default:
      return false;
  }
}

/**
 * The address names `value` (Back or Forward): show it when still valid.
 * Returns false when refused; the caller then writes the current step back.
 */
export function revisitStep(value: string | null): boolean {
  const target = asStep(value);
  const flow = $checkIn.get();
  if (target === null || !mayRevisit(flow, target)) return false;
  if (target !== flow.step) goTo(target, { modal: null, failure: null });
  return true;
}
