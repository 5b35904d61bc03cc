/**
 * One-time codes and the holder's contact details for patient authentication
 * (spec 4 "Authentication"): the browser's token, the six-digit code
 * (R-9-04) and its stored hash, the comparison of the date of birth and
 * contact number, masked destinations and the code's message.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { BookingHolder } from '../db/patient-auth.repo.js';
import { secretHash } from '../db/secrets.js';
import type { MailTexts } from './mail-texts.js';

/** A browser's authentication cookie: 32 random bytes in base64url. */
export function isWellFormedToken(token: string | undefined): token is string {
  return token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token);
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Six digits from a cryptographic source. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * The stored hash mixes in the browser's token (never stored) and the booking
 * key: a copy of the table does not reveal codes, and a code works only for
 * the key and the browser it was sent for.
 */
export function codeHash(authToken: string, bookingKey: string, code: string): string {
  return secretHash(`${authToken}:${bookingKey}:${code}`);
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function digits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** Compares national numbers by their last 9 digits: 0412 345 678 equals +61 412 345 678. */
export function sameContactNumber(given: string, stored: string | null): boolean {
  const a = digits(given);
  const b = digits(stored);
  return a.length >= 8 && b.length >= 8 && a.slice(-9) === b.slice(-9);
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

export function maskPhone(phone: string): string {
  return `••• ${digits(phone).slice(-3)}`;
}

export function holderMatches(
  holder: BookingHolder | undefined,
  input: { dateOfBirth: string; contactNumber: string },
  contactNumberAuthEnabled: boolean,
): holder is BookingHolder {
  if (!holder?.dateOfBirth || holder.dateOfBirth !== input.dateOfBirth) return false;
  if (contactNumberAuthEnabled && input.contactNumber.trim() !== '')
    return sameContactNumber(input.contactNumber, holder.phone);
  return true;
}

/** The code's message in the patient's language (mail-texts.ts: the booking's locale). */
export function codeMessage(
  code: string,
  minutes: number,
  providerName: string,
  texts: Pick<MailTexts, 't'>,
) {
  const from = providerName ? `${providerName}: ` : '';
  return {
    subject: texts.t('email.code.subject'),
    body: `${from}${texts.t('email.code.body', { code, minutes })}`,
  };
}
