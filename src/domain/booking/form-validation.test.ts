import { describe, expect, it } from 'vitest';
import {
  emptyBookingForm,
  firstInvalidField,
  serverFieldErrors,
  toPatientDetails,
  visibleFields,
  validateBookingForm,
  type BookingFormValues,
} from './form-validation';

const today = '2026-11-25';
const valid: BookingFormValues = {
  firstName: "Mary-Ann O'Brien",
  lastName: 'Nguyễn',
  dateOfBirth: '1980-02-29',
  email: 'mary@example.org',
  contactNumber: '0412 345 678',
  sex: 'FEMALE',
  postalCode: '2000',
  medicareNumber: '',
  validationCode: '',
};

const errorOf = (patch: Partial<BookingFormValues>) =>
  validateBookingForm({ ...valid, ...patch }, today);

describe('booking form rules (spec 2.4, 5)', () => {
  it('a complete form is valid', () => {
    expect(validateBookingForm(valid, today)).toEqual({});
  });

  it('R-2.4-25: every field is required, and the first error is the first field', () => {
    const errors = validateBookingForm(emptyBookingForm(), today);
    expect(Object.keys(errors)).toEqual([
      'firstName',
      'lastName',
      'dateOfBirth',
      'email',
      'contactNumber',
      'sex',
      'postalCode',
    ]);
    expect(errors.firstName).toEqual({ key: 'form.required', field: 'form.first_name' });
    expect(firstInvalidField(errors)).toBe('firstName');
    expect(firstInvalidField(errorOf({ email: 'x' }))).toBe('email');
  });

  it('R-5-01/02, R-9-07: date of birth is required and may not be in the future', () => {
    expect(errorOf({ dateOfBirth: '' }).dateOfBirth?.key).toBe('form.required');
    expect(errorOf({ dateOfBirth: '2026-11-26' }).dateOfBirth?.key).toBe(
      'form.date_of_birth_future',
    );
    expect(errorOf({ dateOfBirth: today }).dateOfBirth).toBeUndefined();
    expect(errorOf({ dateOfBirth: '2026-02-30' }).dateOfBirth?.key).toBe('form.please_enter_valid');
  });

  it('R-5-03/04/05, R-9-06: contact number is digits only, at most 10, with form.please_enter_valid', () => {
    expect(errorOf({ contactNumber: '04123456789' }).contactNumber).toEqual({
      key: 'form.please_enter_valid',
      field: 'form.contact_number',
    });
    expect(errorOf({ contactNumber: '0412abc678' }).contactNumber?.key).toBe(
      'form.please_enter_valid',
    );
    expect(errorOf({ contactNumber: '(02) 5550-1234' }).contactNumber).toBeUndefined();
  });

  it('R-2.4-26: sex is female, male or indeterminate/intersex/unspecified', () => {
    expect(errorOf({ sex: 'INDETERMINATE' }).sex).toBeUndefined();
    expect(errorOf({ sex: 'OTHER' }).sex?.key).toBe('form.please_enter_valid');
    expect(errorOf({ sex: '' }).sex?.key).toBe('form.required_choice');
  });

  it('e-mail and post code have their formats', () => {
    expect(errorOf({ email: 'mary@example' }).email?.key).toBe('form.please_enter_valid');
    expect(errorOf({ postalCode: '200' }).postalCode?.key).toBe('form.please_enter_valid');
    expect(errorOf({ firstName: 'R2D2' }).firstName?.key).toBe('form.please_enter_valid');
    expect(errorOf({ lastName: 'x'.repeat(51) }).lastName?.key).toBe('form.too_long');
  });

  it('the API receives trimmed values and the contact number as digits', () => {
    expect(toPatientDetails({ ...valid, firstName: '  Mary ' })).toMatchObject({
      firstName: 'Mary',
      contactNumber: '0412345678',
      sex: 'FEMALE',
    });
  });

  it('R-4-quest-05: the Medicare number and validation code are shown and checked only when required', () => {
    const both = { medicareNumberRequired: true, validationCodeRequired: true };
    expect(visibleFields()).not.toContain('medicareNumber');
    expect(visibleFields(both).slice(-2)).toEqual(['medicareNumber', 'validationCode']);
    expect(validateBookingForm(valid, today)).toEqual({});
    const errors = validateBookingForm(valid, today, both);
    expect(errors.medicareNumber).toEqual({ key: 'form.required', field: 'form.medicare_number' });
    expect(errors.validationCode).toEqual({ key: 'form.required', field: 'form.validation_code' });
    const filled = { ...valid, medicareNumber: '2123 45670 1', validationCode: 'AB12-x' };
    expect(validateBookingForm(filled, today, both)).toEqual({});
    expect(
      validateBookingForm({ ...filled, medicareNumber: '2123 45671 1' }, today, both).medicareNumber
        ?.key,
    ).toBe('form.please_enter_valid');
    expect(
      validateBookingForm({ ...filled, validationCode: 'no spaces' }, today, both).validationCode
        ?.key,
    ).toBe('form.please_enter_valid');
  });

  it('R-4-quest-05: the API receives the required extra fields, the Medicare number as digits', () => {
    const filled = { ...valid, medicareNumber: '2123 45670 1', validationCode: ' AB12 ' };
    expect(toPatientDetails(filled)).not.toHaveProperty('medicareNumber');
    expect(
      toPatientDetails(filled, { medicareNumberRequired: true, validationCodeRequired: true }),
    ).toMatchObject({ medicareNumber: '2123456701', validationCode: 'AB12' });
  });

  it("a 400 message.validation_error's fields become field errors; unknown fields and texts are dropped", () => {
    expect(
      serverFieldErrors({
        email: 'form.please_enter_valid',
        medicareNumber: 'form.please_enter_valid',
        nonsense: 'form.required',
        firstName: '<b>free text</b>',
      }),
    ).toEqual({
      email: { key: 'form.please_enter_valid', field: 'form.email' },
      medicareNumber: { key: 'form.please_enter_valid', field: 'form.medicare_number' },
    });
    expect(serverFieldErrors(null)).toEqual({});
  });
});
