/**
 * Structured data that may leave for a third party (a request body, extra
 * data of an error report): a value under a field that names something
 * personal is masked whole, whatever it holds; every other string is
 * scrubbed as free text (./text.ts).
 */
import { scrubText } from './text';
import { MASK } from './url';

/** Field names, compared lower-case without '_' and '-'. */
const PERSONAL_FIELDS = new Set([
  'firstname',
  'lastname',
  'fullname',
  'givenname',
  'familyname',
  'middlename',
  'patientname',
  'contactname',
  'username',
  'title',
  'email',
  'emailaddress',
  'patientemail',
  'phone',
  'phonenumber',
  'mobile',
  'contactnumber',
  'contactdetails',
  'dateofbirth',
  'dob',
  'birthdate',
  'populateddob',
  'medicarenumber',
  'patientmedicarenumber',
  'validationcode',
  'referencenumber',
  'patientfolionumber',
  'code',
  'otp',
  'bookingkey',
  'bookingkeys',
  'appointmentbookingkeys',
  'slug',
  'token',
  'password',
  'captcha',
  'address',
  'postalcode',
  'postcode',
  'note',
  'signature',
  'cookie',
  'cookies',
  'authorization',
]);

const fieldKey = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

export function isPersonalField(name: string, extra: ReadonlySet<string> = new Set()): boolean {
  const key = fieldKey(name);
  return PERSONAL_FIELDS.has(key) || extra.has(key);
}

/** Deep enough for a request body or a breadcrumb's data; deeper values are dropped. */
const MAX_DEPTH = 8;

/**
 * A copy of `value` with personal fields masked and every string scrubbed.
 * `extra` adds field names for one place (a request body's bare `name`).
 */
export function scrubFields(value: unknown, extra: ReadonlySet<string> = new Set()): unknown {
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') return scrubText(item);
    if (item === null || typeof item !== 'object') return item;
    if (depth >= MAX_DEPTH) return MASK;
    if (Array.isArray(item)) return item.map((entry) => walk(entry, depth + 1));
    return Object.fromEntries(
      Object.entries(item).map(([name, entry]) => [
        name,
        isPersonalField(name, extra) ? MASK : walk(entry, depth + 1),
      ]),
    );
  };
  return walk(value, 0);
}
