import type { Breadcrumb, ErrorEvent } from '@sentry/browser';
import { describe, expect, it } from 'vitest';
import { scrubBreadcrumb, scrubEvent, scrubRequest } from './scrub';

const KEY = 'q3X9vT2mLp8RkW4zYb7NcD1f';
const SLUG = 'AbC123dEf456';
/** Everything personal a report could pick up from the booking flow. */
const PERSONAL = [
  KEY,
  SLUG,
  'Mia',
  'Thompson',
  'mia.thompson@example.org',
  '0412345678',
  '0412 345 678',
  '1984-06-15',
  '15/06/1984',
  '2123456701',
  '2123 45670 1',
  '483920',
];

const leaks = (value: unknown) => {
  const text = JSON.stringify(value);
  return PERSONAL.filter((item) => text.includes(item));
};

/** An event as the browser SDK builds it for an uncaught error on the confirmation page. */
function reportFromConfirmationPage(): ErrorEvent {
  return {
    type: undefined,
    event_id: '0f8d1f3c2b6a4e5f9a7b3c2d1e0f9a8b',
    level: 'error',
    platform: 'javascript',
    message: `Booking ${KEY} failed for mia.thompson@example.org`,
    exception: {
      values: [
        {
          type: 'TypeError',
          value: `Cannot read properties of undefined (reading 'slots') at /appointments/${KEY} for 0412 345 678, born 15/06/1984, Medicare 2123 45670 1, code 483920`,
          stacktrace: {
            frames: [
              {
                filename: 'http://127.0.0.1:19280/elements/chunks/FormStep-hgrN_8W4.js',
                function: 'submitBooking',
                lineno: 1,
                colno: 2345,
                in_app: true,
              },
            ],
          },
          mechanism: { type: 'auto.browser.global_handlers.onerror', handled: false },
        },
      ],
    },
    request: {
      url: `http://127.0.0.1:19280/appointments/${KEY}?kioskMode=true&bookingKey=${KEY}`,
      headers: {
        'User-Agent': 'Mozilla/5.0',
        Referer: `http://127.0.0.1:19280/booking?bookingKey=${KEY}&email=mia.thompson%40example.org`,
        Cookie: '__Host-imaging_session=abc',
      },
      cookies: { session: 'abc' },
      query_string: `bookingKey=${KEY}&code=483920&kioskMode=true`,
      data: {
        patient: {
          name: 'Mia Thompson',
          firstName: 'Mia',
          lastName: 'Thompson',
          dateOfBirth: '1984-06-15',
          email: 'mia.thompson@example.org',
          contactNumber: '0412345678',
          medicareNumber: '2123456701',
        },
        examSlug: 'mri-knee',
      },
    },
    user: { id: '42', email: 'mia.thompson@example.org', username: 'Mia Thompson' },
    breadcrumbs: [
      {
        category: 'navigation',
        data: { from: `/booking?bookingKey=${KEY}`, to: `/appointments/${KEY}` },
        timestamp: 1,
      },
      {
        category: 'fetch',
        data: {
          method: 'POST',
          url: `/api/secured/appointments/${SLUG}/confirm`,
          status_code: 500,
        },
        timestamp: 2,
      },
      {
        category: 'console',
        level: 'warning',
        message: 'Patient <mia.thompson@example.org> 0412345678',
        data: { arguments: ['Patient', { firstName: 'Mia', email: 'mia.thompson@example.org' }] },
        timestamp: 3,
      },
    ],
    extra: { form: { firstName: 'Mia', lastName: 'Thompson' }, attempt: 2 },
    tags: { page: `/appointments/${KEY}` },
    contexts: {
      browser: { name: 'Chrome', version: '126' },
      react: { componentStack: `at Confirmation (/a/${KEY})` },
    },
    transaction: `/appointments/${KEY}`,
  };
}

describe('R-7-calls-57: error reports leave with nothing personal', () => {
  it('an uncaught error on the confirmation page keeps no key, code, name, e-mail, phone, date of birth or Medicare number', () => {
    const original = reportFromConfirmationPage();
    expect(leaks(original).length).toBeGreaterThan(10);
    expect(leaks(scrubEvent(original))).toEqual([]);
  });

  it('keeps what a developer needs: the error type, where it happened, the browser, the page shape', () => {
    const scrubbed = scrubEvent(reportFromConfirmationPage());
    const [exception] = scrubbed.exception!.values!;
    expect(exception!.type).toBe('TypeError');
    expect(exception!.value).toBe(
      "Cannot read properties of undefined (reading 'slots') at /appointments/[redacted] for [number], born [date], Medicare [number], code [number]",
    );
    expect(exception!.stacktrace!.frames![0]).toMatchObject({
      filename: 'http://127.0.0.1:19280/elements/chunks/FormStep-hgrN_8W4.js',
      function: 'submitBooking',
      lineno: 1,
      colno: 2345,
    });
    expect(exception!.mechanism).toEqual({
      type: 'auto.browser.global_handlers.onerror',
      handled: false,
    });
    expect(scrubbed.event_id).toBe('0f8d1f3c2b6a4e5f9a7b3c2d1e0f9a8b');
    expect(scrubbed.contexts!.browser).toEqual({ name: 'Chrome', version: '126' });
    expect(scrubbed.request!.url).toBe(
      'http://127.0.0.1:19280/appointments/[redacted]?kioskMode=true&bookingKey=[redacted]',
    );
    expect(scrubbed.transaction).toBe('/appointments/[redacted]');
  });

  it('drops the user, the cookies and the cookie header', () => {
    const scrubbed = scrubEvent(reportFromConfirmationPage());
    expect(scrubbed.user).toBeUndefined();
    expect(scrubbed.request!.cookies).toBeUndefined();
    expect(scrubbed.request!.headers).toEqual({
      'User-Agent': 'Mozilla/5.0',
      Referer: 'http://127.0.0.1:19280/booking?bookingKey=[redacted]&email=[redacted]',
    });
  });

  it('masks names and every personal field of a request body, and the secret query parameters', () => {
    const request = scrubRequest(reportFromConfirmationPage().request!);
    expect(request.data).toEqual({
      patient: {
        name: '[redacted]',
        firstName: '[redacted]',
        lastName: '[redacted]',
        dateOfBirth: '[redacted]',
        email: '[redacted]',
        contactNumber: '[redacted]',
        medicareNumber: '[redacted]',
      },
      examSlug: 'mri-knee',
    });
    expect(request.query_string).toBe('bookingKey=[redacted]&code=[redacted]&kioskMode=true');
    expect(
      scrubRequest({ query_string: { bookingKey: KEY, otp: '123456', week: '2030-01-06' } })
        .query_string,
    ).toEqual({ bookingKey: '[redacted]', otp: '[redacted]', week: '[date]' });
    expect(scrubRequest({ query_string: [['code', '123456']] }).query_string).toEqual([
      ['code', '[redacted]'],
    ]);
  });

  it('breadcrumbs: addresses redacted by position, console lines scrubbed, arguments masked by field', () => {
    const [navigation, fetch, console] = reportFromConfirmationPage().breadcrumbs!.map((crumb) =>
      scrubBreadcrumb(crumb as Breadcrumb),
    );
    expect(navigation!.data).toEqual({
      from: '/booking?bookingKey=[redacted]',
      to: '/appointments/[redacted]',
    });
    expect(fetch!.data).toEqual({
      method: 'POST',
      url: '/api/secured/appointments/[redacted]/confirm',
      status_code: 500,
    });
    expect(console!.message).toBe('Patient <[email]> [number]');
    expect(console!.data).toEqual({
      arguments: ['Patient', { firstName: '[redacted]', email: '[redacted]' }],
    });
  });

  it('a key without digits in a navigation breadcrumb is masked by its position', () => {
    const key = 'qXvTmLpRkWzYbNcDfGhJkLmN';
    expect(scrubBreadcrumb({ data: { to: `/br/${key}` } }).data).toEqual({ to: '/br/[redacted]' });
  });

  it('a message event (captureMessage) is scrubbed too', () => {
    expect(
      scrubEvent({
        type: undefined,
        message: 'code 483920 sent to 0412 345 678',
        logentry: { message: 'sent to %s', params: ['mia.thompson@example.org'] },
      }),
    ).toEqual({
      type: undefined,
      message: 'code [number] sent to [number]',
      logentry: { message: 'sent to %s', params: ['[email]'] },
    });
  });

  it('leaves the original event untouched', () => {
    const original = reportFromConfirmationPage();
    scrubEvent(original);
    expect(original.user?.email).toBe('mia.thompson@example.org');
  });
});
