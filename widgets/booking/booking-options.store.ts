/**
 * What other parts of the portal tell the booking flow: the fields a
 * questionnaire outcome requires (R-4-quest-05), whether appointments are
 * created as pending (R-2.1-24), and a redirect with a countdown
 * (R-4-slots-19). Small on purpose: it loads with the element.
 */
import { atom } from 'nanostores';
import type { RequiredFields } from '../../src/domain/booking/form-validation';

export const $requiredFields = atom<RequiredFields>({
  medicareNumberRequired: false,
  validationCodeRequired: false,
});

/**
 * R-4-quest-05: a questionnaire outcome requires the Medicare number and/or
 * the validation code on the booking form; fields left out keep their value.
 */
export function requireFields(fields: Partial<RequiredFields>): void {
  const current = $requiredFields.get();
  const next = { ...current, ...fields };
  if (
    next.medicareNumberRequired !== current.medicareNumberRequired ||
    next.validationCodeRequired !== current.validationCodeRequired
  )
    $requiredFields.set(next);
}

/**
 * R-2.1-24: appointments are created pending (POST pending_appointments) and
 * confirmed at /appointments/pending/{key}; their e-mails wait for
 * sendPendingAppointmentNotifications (e.g. once the confirmation
 * questionnaires are answered).
 */
export const $pendingAppointments = atom(false);

export function setPendingAppointments(on: boolean): void {
  $pendingAppointments.set(on);
}

export interface Redirect {
  /** A path of this portal or an absolute URL. */
  location: string;
  /** i18n key of the explanation. */
  messageKey: string;
}

/** R-4-slots-19: an open redirect modal, which navigates after a 5-second countdown. */
export const $redirect = atom<Redirect | null>(null);

export function redirectTo(location: string, messageKey = 'booking.redirect.text'): void {
  $redirect.set({ location, messageKey });
}

export function cancelRedirect(): void {
  $redirect.set(null);
}
