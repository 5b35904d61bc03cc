/**
 * Spec 5 rules of the authentication dialogs (R-5-01..09, R-9-04..07):
 * errors are i18n keys with the field's noun as a parameter.
 */
import { normaliseContactNumber } from '../contact-number';

export interface AuthFieldError {
  key: string;
  /** i18n key of the field's noun, passed as {{field}}. */
  field?: string;
}

export const OTP_LENGTH = 6;
export const CONTACT_NUMBER_MAX_LENGTH = 10;
export const DEFAULT_RESEND_SECONDS = 5;

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

/** YYYY-MM-DD of a real calendar date, or null. */
export function toIsoDate(parts: DateParts): string | null {
  const day = Number(parts.day);
  const month = Number(parts.month);
  const year = Number(parts.year);
  if (!/^\d{1,2}$/.test(parts.day.trim()) || !/^\d{1,2}$/.test(parts.month.trim())) return null;
  if (!/^\d{4}$/.test(parts.year.trim())) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Splits YYYY-MM-DD into the three fields (a dateOfBirth from the URL). */
export function fromIsoDate(iso: string | null): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return match
    ? { year: match[1] ?? '', month: String(Number(match[2])), day: String(Number(match[3])) }
    : { day: '', month: '', year: '' };
}

/** The local calendar date of `now` as YYYY-MM-DD. */
export function localIsoDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** R-5-01, R-5-02, R-9-07: required, a real date, not in the future, not before 1900. */
export function validateDateOfBirth(parts: DateParts, today: string): AuthFieldError | null {
  if (!parts.day.trim() && !parts.month.trim() && !parts.year.trim())
    return { key: 'form.required', field: 'form.date_of_birth' };
  const iso = toIsoDate(parts);
  if (!iso || iso < '1900-01-01')
    return { key: 'form.please_enter_valid', field: 'form.date_of_birth' };
  if (iso > today) return { key: 'form.date_of_birth_future' };
  return null;
}

/** R-5-03..05, R-9-06: optional; digits only, at most 10. Spaces are ignored. */
export { normaliseContactNumber };

export function validateContactNumber(value: string): AuthFieldError | null {
  const number = normaliseContactNumber(value);
  if (number === '') return null;
  if (!/^\d+$/.test(number) || number.length > CONTACT_NUMBER_MAX_LENGTH)
    return { key: 'form.please_enter_valid', field: 'form.contact_number' };
  return null;
}

/** R-5-06, R-5-07, R-9-04: required, exactly 6 digits. */
export function validateOtp(value: string): AuthFieldError | null {
  const code = value.trim();
  if (code === '') return { key: 'form.required', field: 'auth.code_noun' };
  if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) return { key: 'auth.code_invalid' };
  return null;
}
