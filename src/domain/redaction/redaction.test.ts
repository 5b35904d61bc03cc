import { describe, expect, it } from 'vitest';
import { scrubFields } from './fields';
import { scrubText } from './text';
import { redactUrl } from './url';

const KEY = 'q3X9vT2mLp8RkW4zYb7NcD1f'; // 24 base64url characters, as the server issues
const KEY_WITHOUT_DIGITS = 'qXvTmLpRkWzYbNcDfGhJkLmN';

describe('addresses (R-7-calls-57/59: no booking key, code or personal parameter leaves)', () => {
  it('keeps scheme and host, masks the key after a booking route and secret parameters', () => {
    expect(
      redactUrl(`https://portal.example/appointments/${KEY}?kioskMode=true&bookingKey=${KEY}`),
    ).toBe('https://portal.example/appointments/[redacted]?kioskMode=true&bookingKey=[redacted]');
  });

  it('masks the questionnaire way back, which carries the flow address', () => {
    const back = encodeURIComponent(`/select-region?bookingKey=${KEY}`);
    expect(redactUrl(`/questionnaires?types=X&backUrl=${back}`)).toBe(
      '/questionnaires?types=X&backUrl=[redacted]',
    );
  });

  it('masks one-time codes, e-mails and dates of birth in parameters, and drops the fragment', () => {
    expect(
      redactUrl(
        'http://127.0.0.1:1/authentication?code=123456&email=a%40b.org&dateOfBirth=1984-06-15#x',
      ),
    ).toBe(
      'http://127.0.0.1:1/authentication?code=[redacted]&email=[redacted]&dateOfBirth=[redacted]',
    );
  });

  it('masks a key-like segment anywhere, and keeps the portal words', () => {
    expect(redactUrl(`/iframe/x/${KEY_WITHOUT_DIGITS}`)).toBe('/iframe/x/[redacted]');
    expect(redactUrl('/appointments/pending/abc')).toBe('/appointments/pending/[redacted]');
    expect(
      redactUrl('/select-clinic?examSlug=mri-knee&startTime=2025-03-14T09:00:00%2B10:00'),
    ).toBe('/select-clinic?examSlug=mri-knee&startTime=2025-03-14T09:00:00%2B10:00');
  });
});

describe('free text', () => {
  it('masks e-mails, phone numbers, Medicare numbers, codes and dates of birth', () => {
    const text =
      'Mia.Thompson@Example.org called 0412 345 678 (+61 412 345 678), Medicare 2123 45670 1, code 123456, born 15/06/1984 or 1984-06-15';
    const scrubbed = scrubText(text);
    expect(scrubbed).toBe(
      '[email] called [number] ([number]), Medicare [number], code [number], born [date] or [date]',
    );
  });

  it('redacts addresses in messages and masks bare keys, but keeps words and identifiers', () => {
    expect(
      scrubText(
        `Failed to fetch /api/secured/appointments/AbC123dEf456/confirm and https://x.example/a/${KEY}`,
      ),
    ).toBe(
      'Failed to fetch /api/secured/appointments/[redacted]/confirm and https://x.example/a/[redacted]',
    );
    expect(scrubText(`key ${KEY} and ${KEY_WITHOUT_DIGITS}`)).toBe('key [redacted] and [redacted]');
    expect(scrubText('ReferenceError in imaging-booking-navigated at getBoundingClientRect')).toBe(
      'ReferenceError in imaging-booking-navigated at getBoundingClientRect',
    );
    expect(scrubText('/booking?bookingKey=' + KEY)).toBe('/booking?bookingKey=[redacted]');
  });

  it('leaves short numbers (statuses, line numbers) readable', () => {
    expect(scrubText('HTTP 404 at line 12:345')).toBe('HTTP 404 at line 12:345');
  });
});

describe('fields', () => {
  it('masks personal fields whole and scrubs every other string', () => {
    expect(
      scrubFields({
        patient: { firstName: 'Mia', last_name: 'Thompson', email: 'x@y.org', contactNumber: '1' },
        bookingKey: KEY,
        note: 'anything',
        examSlug: 'mri-knee',
        comment: 'call 0412345678',
        list: [{ dateOfBirth: '1984-06-15' }],
      }),
    ).toEqual({
      patient: {
        firstName: '[redacted]',
        last_name: '[redacted]',
        email: '[redacted]',
        contactNumber: '[redacted]',
      },
      bookingKey: '[redacted]',
      note: '[redacted]',
      examSlug: 'mri-knee',
      comment: 'call [number]',
      list: [{ dateOfBirth: '[redacted]' }],
    });
  });

  it('masks a bare `name` only where asked (a request body)', () => {
    expect(scrubFields({ name: 'Mia Thompson' }, new Set(['name']))).toEqual({
      name: '[redacted]',
    });
    expect(scrubFields({ name: 'Chrome' })).toEqual({ name: 'Chrome' });
  });
});
