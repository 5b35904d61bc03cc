import { describe, expect, it } from 'vitest';
import {
  fromIsoDate,
  toIsoDate,
  validateContactNumber,
  validateDateOfBirth,
  validateOtp,
} from './auth-validation';

const TODAY = '2026-11-22';

describe('authentication validation (spec 5)', () => {
  it('R-5-01 date of birth is required', () => {
    expect(validateDateOfBirth({ day: '', month: '', year: '' }, TODAY)).toEqual({
      key: 'form.required',
      field: 'form.date_of_birth',
    });
  });

  it('R-5-02 R-9-07 date of birth may not be in the future; today is allowed', () => {
    expect(validateDateOfBirth({ day: '23', month: '11', year: '2026' }, TODAY)).toEqual({
      key: 'form.date_of_birth_future',
    });
    expect(validateDateOfBirth({ day: '22', month: '11', year: '2026' }, TODAY)).toBeNull();
  });

  it('rejects dates that do not exist, and accepts 29 February in a leap year', () => {
    expect(validateDateOfBirth({ day: '30', month: '2', year: '1984' }, TODAY)?.key).toBe(
      'form.please_enter_valid',
    );
    expect(validateDateOfBirth({ day: '1', month: '1', year: '84' }, TODAY)?.key).toBe(
      'form.please_enter_valid',
    );
    expect(toIsoDate({ day: '29', month: '2', year: '1984' })).toBe('1984-02-29');
    expect(fromIsoDate('1984-02-09')).toEqual({ day: '9', month: '2', year: '1984' });
  });

  it('R-5-03 R-5-04 R-5-05 R-9-06 contact number: optional, digits only, at most 10', () => {
    expect(validateContactNumber('')).toBeNull();
    expect(validateContactNumber('0412 345 678')).toBeNull();
    const invalid = { key: 'form.please_enter_valid', field: 'form.contact_number' };
    expect(validateContactNumber('04123456789')).toEqual(invalid);
    // Typed in the international form, an Australian number is the same 10 digits.
    expect(validateContactNumber('+61 412 345 678')).toBeNull();
    expect(validateContactNumber('+44 20 7946 0958')).toEqual(invalid);
    expect(validateContactNumber('04x1234')).toEqual(invalid);
  });

  it('R-5-06 R-5-07 R-9-04 the code is required, digits only, exactly 6', () => {
    expect(validateOtp('')?.key).toBe('form.required');
    expect(validateOtp('12345')?.key).toBe('auth.code_invalid');
    expect(validateOtp('1234567')?.key).toBe('auth.code_invalid');
    expect(validateOtp('12a456')?.key).toBe('auth.code_invalid');
    expect(validateOtp('012345')).toBeNull();
  });
});
