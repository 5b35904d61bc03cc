import { describe, expect, it } from 'vitest';
import { bookingPath, parseBookingPath } from './flow-path';

describe('booking flow paths (spec 2.1)', () => {
  it.each([
    ['/', 'exam'],
    ['/home', 'exam'],
    ['/advanced-booking', 'exam'],
    ['/kiosk', 'exam'],
    ['/select-region', 'clinic'],
    ['/select-clinic', 'slots'],
    ['/booking', 'form'],
    ['/iframe/select-region', 'clinic'],
    ['/appointments/K1', 'confirmation'],
    ['/booking-requests/K1', 'confirmation'],
  ])('R-2.1-14: %s shows the %s step', (path, step) => {
    expect(parseBookingPath(path).step).toBe(step);
  });

  it('R-2.1-23, R-2.1-25: confirmation paths carry the booking key and kind', () => {
    expect(parseBookingPath('/appointments/AB%20C')).toMatchObject({
      bookingKey: 'AB C',
      kind: 'appointment',
    });
    expect(parseBookingPath('/br/K2')).toMatchObject({ bookingKey: 'K2', kind: 'booking-request' });
    expect(parseBookingPath('/appointments/pending/K3')).toMatchObject({ bookingKey: 'K3' });
  });

  it('step paths stay inside the /iframe shell (R-2.1-01)', () => {
    const route = parseBookingPath('/iframe/select-region?regionSlug=perth');
    expect(route.prefix).toBe('/iframe');
    expect(bookingPath({ ...route, step: 'slots' })).toBe('/iframe/select-clinic');
    expect(bookingPath({ ...route, step: 'exam' })).toBe('/iframe/home');
    expect(bookingPath({ ...route, step: 'form' })).toBe('/iframe/booking');
  });

  it('the exam step keeps the path it was entered by', () => {
    expect(bookingPath({ ...parseBookingPath('/advanced-booking'), step: 'exam' })).toBe(
      '/advanced-booking',
    );
    expect(bookingPath({ ...parseBookingPath('/select-clinic'), step: 'exam' })).toBe('/');
  });

  it('R-2.1-23/25/26: confirmation pages by kind, with /kiosk in kiosk mode', () => {
    const base = parseBookingPath('/iframe/booking');
    expect(
      bookingPath({ ...base, step: 'confirmation', bookingKey: 'K', kind: 'appointment' }),
    ).toBe('/iframe/appointments/K');
    expect(
      bookingPath({ ...base, step: 'confirmation', bookingKey: 'K', kind: 'booking-request' }),
    ).toBe('/iframe/booking-requests/K');
    expect(
      bookingPath(
        {
          ...parseBookingPath('/booking'),
          step: 'confirmation',
          bookingKey: 'K',
          kind: 'appointment',
        },
        true,
      ),
    ).toBe('/appointments/K/kiosk');
  });

  it('R-2.1-27: the confirmation prefix is empty when the flow began at advanced-booking', () => {
    const route = {
      prefix: '/iframe',
      home: '/advanced-booking',
      step: 'confirmation' as const,
      bookingKey: 'K',
    };
    expect(bookingPath(route)).toBe('/appointments/K');
  });

  it('R-2.1-24: pending appointments confirm at {prefix}/appointments/pending/{bookingKey}', () => {
    expect(parseBookingPath('/iframe/appointments/pending/K3')).toMatchObject({
      step: 'confirmation',
      bookingKey: 'K3',
      kind: 'appointment',
      pending: true,
    });
    const base = parseBookingPath('/iframe/booking');
    const pending = {
      ...base,
      step: 'confirmation' as const,
      bookingKey: 'K',
      kind: 'appointment' as const,
      pending: true,
    };
    expect(bookingPath(pending)).toBe('/iframe/appointments/pending/K');
    expect(bookingPath(pending, true)).toBe('/iframe/appointments/pending/K');
    expect(bookingPath({ ...pending, home: '/advanced-booking' })).toBe('/appointments/pending/K');
  });

  it('R-2.1-15: the kiosk home /kiosk is an entry of the exam step, and the flow returns there', () => {
    const route = parseBookingPath('/kiosk');
    expect(route).toMatchObject({ step: 'exam', home: '/kiosk' });
    expect(bookingPath(route, true)).toBe('/kiosk');
  });
});
