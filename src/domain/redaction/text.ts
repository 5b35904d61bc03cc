/**
 * Free text that may leave for a third party (an error message, a console
 * line kept as a breadcrumb): addresses are redacted as addresses
 * (./url.ts), and whatever looks like an e-mail, a booking key, a date (of
 * birth), or a run of six or more digits (a phone number, a Medicare
 * number, a one-time code) is masked. Names cannot be recognised in free
 * text; they are masked by their field names (./fields.ts).
 */
import { MASK, redactUrl } from './url';

const EMAIL = /[^\s@<>"'(),;:[\]]+@[^\s@<>"'(),;:[\]]+\.[A-Za-z]{2,}/g;

/** Absolute URLs, and paths of two segments or more or with a query ("/appointments/…", "/booking?…"). */
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()]+|(?<![\w.:/])\/[\w.-]*(?:\/|\?)[^\s"'<>()]*/gi;

/**
 * A random key: a booking key (24 characters), a session token (43), a
 * slug (12). Long tokens with capitals and small letters are masked;
 * shorter ones need a digit too. Words, hyphenated names
 * ("imaging-booking-navigated") and identifiers ("ReferenceError") stay.
 */
const KEY_TOKEN = /(?<![\w-])[A-Za-z0-9_-]{12,64}(?![\w-])/g;
const looksRandom = (token: string) =>
  /[A-Z]/.test(token) && /[a-z]/.test(token) && (token.length >= 22 || /\d/.test(token));

/** 1984-06-15, 15/06/1984, 15.6.84 (an ISO instant counts too: a birth date cannot be told apart). */
const DATE =
  /\b\d{4}-\d{1,2}-\d{1,2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/g;

/** Six digits or more, possibly grouped by single spaces or hyphens: "0412 345 678", "+61 412 345 678", "2123 45670 1". */
const DIGITS = /(?<![\w.])\+?\d(?:[ -]?\d){5,}(?![\w.])/g;

export const EMAIL_MASK = '[email]';
export const DATE_MASK = '[date]';
export const NUMBER_MASK = '[number]';

/** Text outside addresses: e-mails, keys, dates and digit runs. */
function scrubPlain(text: string): string {
  return text
    .replace(EMAIL, EMAIL_MASK)
    .replace(KEY_TOKEN, (token) => (looksRandom(token) ? MASK : token))
    .replace(DATE, DATE_MASK)
    .replace(DIGITS, NUMBER_MASK);
}

/**
 * The text with nothing personal left in it that a pattern can find.
 * Addresses follow the address rule only, so a script's name in a stack
 * trace ("FormStep-hgrN_8W4.js") stays readable.
 */
export function scrubText(text: string): string {
  let result = '';
  let last = 0;
  for (const match of text.matchAll(URL)) {
    result +=
      scrubPlain(text.slice(last, match.index)) + redactUrl(match[0]).replace(EMAIL, EMAIL_MASK);
    last = match.index + match[0].length;
  }
  return result + scrubPlain(text.slice(last));
}
