/**
 * Server-side check of the booking form's patient details (spec 2.4, 5).
 * Field messages are the i18n keys the booking form uses (form.required,
 * form.too_long, form.please_enter_valid, form.date_of_birth_future,
 * form.required_choice). The rules accept everything the form accepts and a
 * little more (international numbers with '+'), so only tampered or foreign
 * clients meet them.
 */
import { normaliseContactNumber } from '../../src/domain/contact-number.js';
import type { PatientDetails, Sex } from '../../src/contract/booking.js';
import type { StoredPatient } from '../db/booking.repo.js';
import { ApiError } from '../http/errors.js';
import { isIsoDate, zonedDate } from '../../src/domain/time/zoned-time.js';

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
const SEXES: readonly Sex[] = ['FEMALE', 'MALE', 'INDETERMINATE'];
const EARLIEST_BIRTH_DATE = '1900-01-01';
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** 8 to 15 digits, an optional leading '+'; spaces, brackets and hyphens are dropped first. */
const CONTACT_NUMBER = /^\+?\d{8,15}$/;
const POSTAL_CODE = /^\d{4}$/;
/** Medicare card number (10 digits) with an optional individual reference number. */
const MEDICARE_NUMBER = /^\d{10,11}$/;
const VALIDATION_CODE = /^[A-Za-z0-9-]{1,20}$/;

export type PatientFieldErrors = Partial<Record<keyof PatientDetails, string>>;

function nameError(value: string): string | undefined {
  if (!value) return 'form.required';
  if (value.length > NAME_MAX_LENGTH) return 'form.too_long';
  return /[\p{Cc}<>]/u.test(value) ? 'form.please_enter_valid' : undefined;
}

/** The latest calendar date anywhere on Earth (UTC+14): a birth date after it is in the future. */
function latestToday(now: Date): string {
  return zonedDate(now.getTime(), 'Etc/GMT-14');
}

/** Field → message key for each invalid field; empty when all are valid. */
export function patientErrors(patient: PatientDetails, now: Date): PatientFieldErrors {
  const errors: PatientFieldErrors = {};
  const firstName = nameError(patient.firstName.trim());
  if (firstName) errors.firstName = firstName;
  const lastName = nameError(patient.lastName.trim());
  if (lastName) errors.lastName = lastName;

  const dob = patient.dateOfBirth.trim();
  if (!dob) errors.dateOfBirth = 'form.required';
  else if (!isIsoDate(dob) || dob < EARLIEST_BIRTH_DATE)
    errors.dateOfBirth = 'form.please_enter_valid';
  else if (dob > latestToday(now)) errors.dateOfBirth = 'form.date_of_birth_future';

  const email = patient.email.trim();
  if (!email) errors.email = 'form.required';
  else if (email.length > EMAIL_MAX_LENGTH || !EMAIL.test(email)) {
    errors.email = 'form.please_enter_valid';
  }

  const phone = normaliseContactNumber(patient.contactNumber.trim());
  if (!phone) errors.contactNumber = 'form.required';
  else if (!CONTACT_NUMBER.test(phone)) errors.contactNumber = 'form.please_enter_valid';

  if (!patient.sex) errors.sex = 'form.required_choice';
  else if (!SEXES.includes(patient.sex)) errors.sex = 'form.please_enter_valid';

  const postalCode = patient.postalCode.trim();
  if (!postalCode) errors.postalCode = 'form.required';
  else if (!POSTAL_CODE.test(postalCode)) errors.postalCode = 'form.please_enter_valid';

  const medicare = patient.medicareNumber?.replace(/\s/g, '') ?? '';
  if (medicare && !MEDICARE_NUMBER.test(medicare))
    errors.medicareNumber = 'form.please_enter_valid';
  const code = patient.validationCode?.trim() ?? '';
  if (code && !VALIDATION_CODE.test(code)) errors.validationCode = 'form.please_enter_valid';
  return errors;
}

/**
 * The patient as stored, or 400 message.validation_error with `fields`
 * (field → message key).
 */
export function validatePatient(patient: PatientDetails, now: Date): StoredPatient {
  const errors = patientErrors(patient, now);
  if (Object.keys(errors).length > 0) {
    throw new ApiError(400, 'message.validation_error', 'invalid patient details', errors);
  }
  const medicare = patient.medicareNumber?.replace(/\s/g, '') ?? '';
  const code = patient.validationCode?.trim() ?? '';
  return {
    firstName: patient.firstName.trim(),
    lastName: patient.lastName.trim(),
    email: patient.email.trim(),
    phone: normaliseContactNumber(patient.contactNumber.trim()),
    dateOfBirth: patient.dateOfBirth.trim(),
    sex: patient.sex,
    postalCode: patient.postalCode.trim(),
    medicareNumber: medicare || null,
    validationCode: code || null,
  };
}
