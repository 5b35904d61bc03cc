/** The check-in form's draft: kept across a server error or a re-render (nothing typed is lost). */
import { atom } from 'nanostores';
import {
  EMPTY_CHECK_IN_FORM,
  type CheckInFormValues,
} from '../../src/domain/check-in/check-in-form';

export const $checkInDraft = atom<CheckInFormValues>(EMPTY_CHECK_IN_FORM);

export function editCheckInDraft(change: Partial<CheckInFormValues>): void {
  $checkInDraft.set({ ...$checkInDraft.get(), ...change });
}

export function resetCheckInDraft(): void {
  $checkInDraft.set(EMPTY_CHECK_IN_FORM);
}
