import { describe, expect, it } from 'vitest';
import { isValidMedicareNumber, isValidValidationCode, normaliseMedicareNumber } from './medicare';

describe('Medicare number and validation code (R-4-quest-05)', () => {
  it('R-4-quest-05: a Medicare number has 10 digits, the 9th the check digit of the first 8 (weights 1,3,7,9,1,3,7,9)', () => {
    // 2·1 + 1·3 + 2·7 + 3·9 + 4·1 + 5·3 + 6·7 + 7·9 = 170 → check digit 0.
    expect(isValidMedicareNumber('2123456701')).toBe(true);
    expect(isValidMedicareNumber('2123 45670 1')).toBe(true);
    expect(isValidMedicareNumber('2123-45670-1')).toBe(true);
    // 3·1 + 9·3 + 5·7 + 0·9 + 1·1 + 2·3 + 3·7 + 4·9 = 129 → check digit 9.
    expect(isValidMedicareNumber('3950123491')).toBe(true);
    expect(isValidMedicareNumber('2123456711')).toBe(false); // wrong check digit
    expect(isValidMedicareNumber('3950123481')).toBe(false);
  });

  it('R-4-quest-05: the 10th digit is the issue number 1 to 9, and only 10 digits count', () => {
    expect(isValidMedicareNumber('2123456700')).toBe(false);
    expect(isValidMedicareNumber('2123456709')).toBe(true);
    expect(isValidMedicareNumber('212345670')).toBe(false);
    expect(isValidMedicareNumber('21234567011')).toBe(false);
    expect(isValidMedicareNumber('21234567a1')).toBe(false);
    expect(isValidMedicareNumber('')).toBe(false);
    expect(normaliseMedicareNumber(' 2123 4567-0 1 ')).toBe('2123456701');
  });

  it('the validation code is letters, digits and hyphens, 1 to 20', () => {
    expect(isValidValidationCode('AB12-x')).toBe(true);
    expect(isValidValidationCode(' AB12 ')).toBe(true);
    expect(isValidValidationCode('A B')).toBe(false);
    expect(isValidValidationCode('x'.repeat(21))).toBe(false);
    expect(isValidValidationCode('')).toBe(false);
  });
});
