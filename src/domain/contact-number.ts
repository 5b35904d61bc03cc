/**
 * Contact numbers as patients type them: "(02) 5550 1234", "0412-345-678",
 * "+61 412 345 678". One rule for the booking form, the log-in form and the
 * server (spec 5 "Contact number"): separators are dropped, and an
 * Australian or New Zealand international prefix (+61, +64, 0061, 0064)
 * becomes the national leading 0, so the number fits the 10-digit field.
 */
const INTERNATIONAL = /^(?:\+|00)(?:61|64)(\d{8,10})$/;

export function normaliseContactNumber(value: string): string {
  const compact = value.trim().replace(/[\s().-]/g, '');
  const international = INTERNATIONAL.exec(compact);
  if (international) return `0${international[1]!.replace(/^0/, '')}`;
  return compact;
}

/** A phone number as a tel: link takes it: digits, and a leading + only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}

/**
 * Whether a value (a message parameter) is a phone number to offer as a
 * tap-to-call link: 8 to 15 digits with the usual separators, starting as
 * the numbers of this region do (0, 1300/1800, or + international), so a
 * date such as 2026-11-23 is not one.
 */
export function isPhoneNumber(value: string): boolean {
  if (!/^(?:\+|\(?[01])[\d\s().-]+$/.test(value.trim())) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 8 && digits <= 15;
}
