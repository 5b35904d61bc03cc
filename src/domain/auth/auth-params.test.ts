import { describe, expect, it } from 'vitest';
import {
  authTexts,
  isSafeReturnUrl,
  maxAttemptsSearch,
  needsOneTimeCode,
  parseAuthParams,
  splitUrl,
} from './auth-params';

const KEY = 'Abc123_-Abc123_-Abc123_-';

describe('authentication page parameters (spec 2.2, 4 "Authentication")', () => {
  it('R-2.2-01 R-2.2-02 reads returnUrl, bookingKey, shared, isBookingRequest, dateOfBirth, type, staffBooking', () => {
    expect(
      parseAuthParams(
        `?bookingKey=${KEY}&returnUrl=/appointments/${KEY}&type=APPOINTMENT&staffBooking=true`,
      ),
    ).toEqual({
      bookingKey: KEY,
      isBookingRequest: false,
      navigateUrl: `/appointments/${KEY}`,
      shared: false,
      isPatientPortal: false,
      authenticationType: 'APPOINTMENT',
      staffBooking: true,
      dateOfBirth: null,
      contactNumber: '',
      populatedDoB: false,
    });
  });

  it('R-4-auth-06 does nothing without bookingKey, returnUrl or type (or with an unknown type)', () => {
    expect(parseAuthParams('?returnUrl=/a/x&type=APPOINTMENT')).toBeNull();
    expect(parseAuthParams(`?bookingKey=${KEY}&type=APPOINTMENT`)).toBeNull();
    expect(parseAuthParams(`?bookingKey=${KEY}&returnUrl=/a/x`)).toBeNull();
    expect(parseAuthParams(`?bookingKey=${KEY}&returnUrl=/a/x&type=OTHER`)).toBeNull();
  });

  it('never returns to another site (open redirect)', () => {
    for (const url of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ])
      expect(isSafeReturnUrl(url)).toBe(false);
    expect(
      parseAuthParams(`?bookingKey=${KEY}&returnUrl=//evil.example&type=APPOINTMENT`),
    ).toBeNull();
    expect(isSafeReturnUrl('/iframe/appointments/x')).toBe(true);
  });

  it('R-4-auth-07 a returnUrl containing "patient" is the patient portal', () => {
    const params = parseAuthParams(
      `?bookingKey=${KEY}&returnUrl=/appointments/${KEY}/result/patient&type=APPOINTMENT_RESULTS`,
    );
    expect(params?.isPatientPortal).toBe(true);
  });

  it('R-4-auth-08 shared with a returnUrl without "?" appends ?shared=true; with "?" it is kept', () => {
    expect(
      parseAuthParams(`?bookingKey=${KEY}&returnUrl=/a/${KEY}&type=APPOINTMENT&shared=true`)
        ?.navigateUrl,
    ).toBe(`/a/${KEY}?shared=true`);
    expect(
      parseAuthParams(
        `?bookingKey=${KEY}&returnUrl=${encodeURIComponent(`/a/${KEY}?x=1`)}&type=APPOINTMENT&shared=true`,
      )?.navigateUrl,
    ).toBe(`/a/${KEY}?x=1`);
  });

  it('R-4-auth-09 a dateOfBirth is submitted with an empty contact number and populatedDoB', () => {
    const params = parseAuthParams(
      `?bookingKey=${KEY}&returnUrl=/a/x&type=APPOINTMENT&dateOfBirth=1984-02-29`,
    );
    expect(params).toMatchObject({
      dateOfBirth: '1984-02-29',
      contactNumber: '',
      populatedDoB: true,
    });
  });

  it('R-4-auth-02 a code only for a booking key that is not a booking request', () => {
    const appointment = parseAuthParams(`?bookingKey=${KEY}&returnUrl=/a/x&type=APPOINTMENT`);
    const request = parseAuthParams(
      `?bookingKey=${KEY}&returnUrl=/booking-requests/x&type=BOOKING_REQUEST&isBookingRequest=true`,
    );
    expect(appointment && needsOneTimeCode(appointment)).toBe(true);
    expect(request?.isBookingRequest).toBe(true);
    expect(request && needsOneTimeCode(request)).toBe(false);
    // type BOOKING_REQUEST alone counts as a booking request.
    expect(
      parseAuthParams(`?bookingKey=${KEY}&returnUrl=/br/x&type=BOOKING_REQUEST`)?.isBookingRequest,
    ).toBe(true);
  });

  it('R-2.4-13 the title and body depend on type, shared and staffBooking', () => {
    const base = { shared: false, staffBooking: false, isBookingRequest: false } as const;
    expect(authTexts({ ...base, authenticationType: 'APPOINTMENT' })).toEqual({
      title: 'auth.title_appointment',
      message: 'auth.body_appointment',
      sendOtpButtonText: 'auth.send_code',
    });
    expect(
      authTexts({ ...base, authenticationType: 'BOOKING_REQUEST', isBookingRequest: true }),
    ).toEqual({
      title: 'auth.title_booking_request',
      message: 'auth.body_booking_request',
      sendOtpButtonText: 'auth.continue',
    });
    expect(authTexts({ ...base, authenticationType: 'APPOINTMENT_RESULTS' }).title).toBe(
      'auth.title_results',
    );
    expect(authTexts({ ...base, authenticationType: 'PATIENT_PORTAL' }).title).toBe(
      'auth.title_patient_portal',
    );
    expect(authTexts({ ...base, authenticationType: 'APPOINTMENT', shared: true })).toMatchObject({
      title: 'auth.title_shared',
      message: 'auth.body_shared',
    });
    expect(
      authTexts({ ...base, authenticationType: 'APPOINTMENT', staffBooking: true }).message,
    ).toBe('auth.body_staff_booking');
  });

  it('R-4-auth-10 max attempts go to /deny?maxAttempts=true, with the message when named', () => {
    expect(maxAttemptsSearch()).toBe('?maxAttempts=true');
    expect(maxAttemptsSearch('max_attempts_reached_shared')).toBe(
      '?maxAttempts=true&message=max_attempts_reached_shared',
    );
    expect(splitUrl('/a/x?shared=true')).toEqual({ path: '/a/x', search: '?shared=true' });
    expect(splitUrl('/a/x')).toEqual({ path: '/a/x', search: '' });
  });
});
