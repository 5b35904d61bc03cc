/**
 * The fields a questionnaire outcome can require on the booking form
 * (R-4-quest-05, spec 3 "Processed outcome response"): the Medicare number
 * with its check digit, and the validation code.
 */

/** Weights of the first eight digits; their weighted sum mod 10 is the ninth digit. */
export const MEDICARE_WEIGHTS = [1, 3, 7, 9, 1, 3, 7, 9] as const;

/** A Medicare number as typed ("2123 45670 1", "2123-45670-1"): only the digits count. */
export function normaliseMedicareNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/**
 * A Medicare card number: 10 digits; the ninth is the check digit (the
 * first eight weighted 1,3,7,9,1,3,7,9, summed, mod 10); the tenth is the
 * card's issue number, 1 to 9.
 */
export function isValidMedicareNumber(value: string): boolean {
  const digits = normaliseMedicareNumber(value);
  if (!/^\d{10}$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  const sum = MEDICARE_WEIGHTS.reduce(
    (total, weight, index) => total + weight * numbers[index]!,
    0,
  );
  return sum % 10 === numbers[8] && numbers[9]! >= 1;
}

/**
 * DESIGN (the spec names the validation code but not its form): letters,
 * digits and hyphens, 1 to 20, the same rule as the reference API.
 */
export const VALIDATION_CODE = /^[A-Za-z0-9-]{1,20}$/;

export function isValidValidationCode(value: string): boolean {
  return VALIDATION_CODE.test(value.trim());
}
