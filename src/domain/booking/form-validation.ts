/**
 * The booking form's rules (spec 2.4, 5): the same on the client and the
 * reference API. Errors are i18n keys with the field's noun as a parameter,
 * never text.
 */
import { normaliseContactNumber } from '../contact-number';
import type { PatientDetails, Sex } from '../../contract/booking';
import { isIsoDate } from './calendar';
import { isValidMedicareNumber, isValidValidationCode, normaliseMedicareNumber } from './medicare';

export const SEXES: readonly Sex[] = ['FEMALE', 'MALE', 'INDETERMINATE'];

export const BOOKING_FIELDS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'email',
  'contactNumber',
  'sex',
  'postalCode',
  'medicareNumber',
  'validationCode',
] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];

/**
 * R-4-quest-05: a questionnaire outcome can require the Medicare number or
 * the validation code; without that they are neither shown nor checked.
 */
export interface RequiredFields {
  medicareNumberRequired: boolean;
  validationCodeRequired: boolean;
}

export const NO_EXTRA_FIELDS: RequiredFields = {
  medicareNumberRequired: false,
  validationCodeRequired: false,
};

/** The fields the form shows, in its order. */
export function visibleFields(required: RequiredFields = NO_EXTRA_FIELDS): BookingField[] {
  return BOOKING_FIELDS.filter(
    (field) =>
      (field !== 'medicareNumber' || required.medicareNumberRequired) &&
      (field !== 'validationCode' || required.validationCodeRequired),
  );
}

/** What the form holds: every field as typed. */
export type BookingFormValues = Record<BookingField, string>;

export interface FieldError {
  /** i18n key of the message, e.g. form.please_enter_valid. */
  key: string;
  /** i18n key of the field's noun, passed to the message as {{field}}. */
  field: string;
}

export type FieldErrors = Partial<Record<BookingField, FieldError>>;

export const NAME_MAX_LENGTH = 50;
/** R-5-04, R-9-06: at most 10 digits. */
export const CONTACT_NUMBER_MAX_DIGITS = 10;
const EARLIEST_BIRTH_DATE = '1900-01-01';
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** Australian and New Zealand post codes have four digits. */
const POST_CODE = /^\d{4}$/;
/** Letters of any script, spaces, apostrophes, hyphens and full stops ("O'Brien", "Smith-Jones", "St. John"). */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;

const FIELD_NOUNS: Readonly<Record<BookingField, string>> = {
  firstName: 'form.first_name',
  lastName: 'form.last_name',
  dateOfBirth: 'form.date_of_birth',
  email: 'form.email',
  contactNumber: 'form.contact_number',
  sex: 'form.sex',
  postalCode: 'form.postal_code',
  medicareNumber: 'form.medicare_number',
  validationCode: 'form.validation_code',
};

export function emptyBookingForm(): BookingFormValues {
  return Object.fromEntries(BOOKING_FIELDS.map((field) => [field, ''])) as BookingFormValues;
}

export { normaliseContactNumber };

function error(field: BookingField, key: string): FieldError {
  return { key, field: FIELD_NOUNS[field] };
}

function nameError(field: BookingField, value: string): FieldError | undefined {
  if (!value) return error(field, 'form.required');
  if (value.length > NAME_MAX_LENGTH) return error(field, 'form.too_long');
  if (!NAME.test(value)) return error(field, 'form.please_enter_valid');
  return undefined;
}

/** R-5-01, R-5-02, R-9-07: required, a real date, not in the future. */
export function dateOfBirthError(value: string, today: string): FieldError | undefined {
  if (!value) return error('dateOfBirth', 'form.required');
  if (!isIsoDate(value) || value < EARLIEST_BIRTH_DATE)
    return error('dateOfBirth', 'form.please_enter_valid');
  if (value > today) return error('dateOfBirth', 'form.date_of_birth_future');
  return undefined;
}

/** R-5-03..05: digits only, at most 10; the message is form.please_enter_valid with form.contact_number. */
export function contactNumberError(value: string): FieldError | undefined {
  const digits = normaliseContactNumber(value);
  if (!digits) return error('contactNumber', 'form.required');
  if (!/^\d+$/.test(digits) || digits.length > CONTACT_NUMBER_MAX_DIGITS) {
    return error('contactNumber', 'form.please_enter_valid');
  }
  return undefined;
}

/** A required Medicare number: 10 digits with its check digit and an issue number 1 to 9. */
export function medicareNumberError(value: string): FieldError | undefined {
  if (!normaliseMedicareNumber(value)) return error('medicareNumber', 'form.required');
  return isValidMedicareNumber(value)
    ? undefined
    : error('medicareNumber', 'form.please_enter_valid');
}

/**
 * Every field's first error. `today` is the patient's calendar date
 * (yyyy-mm-dd); a date of birth after it is refused. The Medicare number
 * and validation code are checked only when required.
 */
export function validateBookingForm(
  values: BookingFormValues,
  today: string,
  required: RequiredFields = NO_EXTRA_FIELDS,
): FieldErrors {
  const v = Object.fromEntries(
    BOOKING_FIELDS.map((field) => [field, (values[field] ?? '').trim()]),
  ) as BookingFormValues;
  const errors: FieldErrors = {
    firstName: nameError('firstName', v.firstName),
    lastName: nameError('lastName', v.lastName),
    dateOfBirth: dateOfBirthError(v.dateOfBirth, today),
    email: !v.email
      ? error('email', 'form.required')
      : EMAIL.test(v.email) && v.email.length <= 254
        ? undefined
        : error('email', 'form.please_enter_valid'),
    contactNumber: contactNumberError(v.contactNumber),
    sex: !v.sex
      ? error('sex', 'form.required_choice')
      : (SEXES as readonly string[]).includes(v.sex)
        ? undefined
        : error('sex', 'form.please_enter_valid'),
    postalCode: !v.postalCode
      ? error('postalCode', 'form.required')
      : POST_CODE.test(v.postalCode)
        ? undefined
        : error('postalCode', 'form.please_enter_valid'),
    medicareNumber: required.medicareNumberRequired
      ? medicareNumberError(v.medicareNumber)
      : undefined,
    validationCode: !required.validationCodeRequired
      ? undefined
      : !v.validationCode
        ? error('validationCode', 'form.required')
        : isValidValidationCode(v.validationCode)
          ? undefined
          : error('validationCode', 'form.please_enter_valid'),
  };
  for (const field of BOOKING_FIELDS) if (!errors[field]) delete errors[field];
  return errors;
}

/** The first field with an error, in the form's order (focus goes there on submit). */
export function firstInvalidField(errors: FieldErrors): BookingField | undefined {
  return BOOKING_FIELDS.find((field) => errors[field]);
}

/** The patient details the API receives from valid form values (the extra fields only when required). */
export function toPatientDetails(
  values: BookingFormValues,
  required: RequiredFields = NO_EXTRA_FIELDS,
): PatientDetails {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    dateOfBirth: values.dateOfBirth.trim(),
    email: values.email.trim(),
    contactNumber: normaliseContactNumber(values.contactNumber.trim()),
    sex: values.sex as Sex,
    postalCode: values.postalCode.trim(),
    ...(required.medicareNumberRequired
      ? { medicareNumber: normaliseMedicareNumber(values.medicareNumber.trim()) }
      : {}),
    ...(required.validationCodeRequired ? { validationCode: values.validationCode.trim() } : {}),
  };
}

/**
 * The field errors a 400 message.validation_error carries (`fields`: field →
 * message key), for the fields the form knows; the rest are dropped.
 */
export function serverFieldErrors(fields: unknown): FieldErrors {
  if (typeof fields !== 'object' || fields === null) return {};
  const errors: FieldErrors = {};
  for (const field of BOOKING_FIELDS) {
    const key = (fields as Record<string, unknown>)[field];
    if (typeof key === 'string' && /^form\.[a-z_]+$/.test(key)) errors[field] = error(field, key);
  }
  return errors;
}
