/**
 * The check-in form's rules (spec 5, R-5-25..30): referrer, dateOfReferral,
 * medicareNumber and referenceNumber required; gender only when gender
 * selection is shown; the referral date not after today; the Medicare
 * number with the booking form's check-digit rule.
 */
import type { CheckInGender } from '../../contract/check-in';
import { isValidMedicareNumber, normaliseMedicareNumber } from '../booking/medicare';

export interface CheckInFormValues {
  referrer: { id: string; name: string } | null;
  dateOfReferral: string;
  medicareNumber: string;
  referenceNumber: string;
  gender: CheckInGender | '';
}

export type CheckInField = keyof CheckInFormValues;
export type CheckInFormErrors = Partial<Record<CheckInField, string>>;

export const EMPTY_CHECK_IN_FORM: CheckInFormValues = {
  referrer: null,
  dateOfReferral: '',
  medicareNumber: '',
  referenceNumber: '',
  gender: '',
};

/** Message keys per invalid field; empty when the form may be sent. `today` is YYYY-MM-DD. */
export function validateCheckInForm(
  values: CheckInFormValues,
  options: { showGender: boolean; today: string },
): CheckInFormErrors {
  const errors: CheckInFormErrors = {};
  if (!values.referrer) errors.referrer = 'checkin.form.referrer_required';
  if (!values.dateOfReferral) errors.dateOfReferral = 'checkin.form.date_required';
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(values.dateOfReferral))
    errors.dateOfReferral = 'checkin.form.date_invalid';
  else if (values.dateOfReferral > options.today)
    errors.dateOfReferral = 'checkin.form.date_future';
  if (!values.medicareNumber.trim()) errors.medicareNumber = 'checkin.form.medicare_required';
  else if (!isValidMedicareNumber(values.medicareNumber))
    errors.medicareNumber = 'checkin.form.medicare_invalid';
  if (!values.referenceNumber.trim()) errors.referenceNumber = 'checkin.form.reference_required';
  else if (!/^[1-9]$/.test(values.referenceNumber.trim()))
    errors.referenceNumber = 'checkin.form.reference_invalid';
  if (options.showGender && !values.gender) errors.gender = 'checkin.form.gender_required';
  return errors;
}

export function isCheckInFormValid(errors: CheckInFormErrors): boolean {
  return Object.keys(errors).length === 0;
}

/** R-5-17/18: the term the search sends, or null when too short to search. */
export function doctorSearchTerm(input: string, minLength: number): string | null {
  const term = input.trim().toLowerCase();
  return term.length >= minLength ? term : null;
}

export function normalisedMedicare(value: string): string {
  return normaliseMedicareNumber(value);
}
