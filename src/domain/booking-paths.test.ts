import { describe, expect, it } from 'vitest';
import { isBookingPath } from './booking-paths';

describe('isBookingPath (R-7-http-01)', () => {
  it.each([
    '/',
    '',
    '/home',
    '/booking',
    '/select-clinic',
    '/select-region',
    '/advanced-booking',
    '/advanced-booking/select-clinic',
    '/kiosk',
    '/kiosk?kioskMode=true',
    '/select-clinic?examSlug=ct-head&week=2',
    '/booking#form',
    '/iframe',
    '/iframe/',
    '/iframe/home',
    '/iframe/booking',
    '/iframe/select-clinic',
    '/iframe/select-region',
    '/iframe/advanced-booking',
    '/iframe/kiosk',
  ])('%s is a booking path', (path) => {
    expect(isBookingPath(path)).toBe(true);
  });

  it.each([
    '/about',
    '/contact',
    '/terms',
    '/privacy',
    '/check-in',
    '/appointments/ABC123',
    '/a/ABC123',
    '/booking-requests/XYZ',
    '/authentication?returnUrl=/booking',
    '/deny?status=EXPIRED',
    '/iframe/appointments/ABC123',
    '/iframe/check-in',
    '/iframe-test?link=/booking',
    '/bookings',
  ])('%s is not a booking path', (path) => {
    expect(isBookingPath(path)).toBe(false);
  });
});
