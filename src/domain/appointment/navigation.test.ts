import { describe, expect, it } from 'vitest';
import {
  authenticationTarget,
  bookingKeyOfPath,
  homeTarget,
  questionnaireTarget,
  rescheduleTarget,
  shellPrefix,
} from './navigation';
import { parseFlowParams } from '../booking/flow-params';
import { parseBookingPath } from '../booking/flow-path';

describe('paths of the appointment pages', () => {
  it('R-2.1-01 keeps the /iframe prefix', () => {
    expect(shellPrefix('/iframe/appointments/K')).toBe('/iframe');
    expect(shellPrefix('/appointments/K')).toBe('');
  });
  it('R-2.1-23..26 reads the booking key of every confirmation path', () => {
    expect(bookingKeyOfPath('/appointments/abc')).toBe('abc');
    expect(bookingKeyOfPath('/iframe/a/abc')).toBe('abc');
    expect(bookingKeyOfPath('/appointments/pending/abc')).toBe('abc');
    expect(bookingKeyOfPath('/appointments/abc/kiosk')).toBe('abc');
    expect(bookingKeyOfPath('/br/xyz')).toBe('xyz');
    expect(bookingKeyOfPath('/about')).toBeNull();
  });
  it('R-4-auth-11 a 401 goes to /authentication with the spec 2.2 parameters', () => {
    expect(
      authenticationTarget({
        prefix: '/iframe',
        bookingKey: 'K',
        kind: 'appointment',
        kioskMode: true,
      }),
    ).toEqual({
      path: '/iframe/authentication',
      search: '?bookingKey=K&returnUrl=%2Fappointments%2FK&type=APPOINTMENT&kioskMode=true',
    });
    const request = authenticationTarget({
      prefix: '',
      bookingKey: 'K',
      kind: 'booking_request',
      kioskMode: false,
    });
    expect(new URLSearchParams(request.search).get('type')).toBe('BOOKING_REQUEST');
    expect(new URLSearchParams(request.search).get('isBookingRequest')).toBe('true');
    expect(new URLSearchParams(request.search).get('returnUrl')).toBe('/booking-requests/K');
  });
  it('R-4-cancel-07 R-4-status-04 reschedule opens the slots of the same exam and clinic, as the booking flow reads them', () => {
    const target = rescheduleTarget({
      prefix: '',
      status: 'RESCHEDULED',
      appointmentSlug: 'old-slug',
      examSlug: 'mri-knee',
      clinicId: 3,
      kioskMode: false,
    });
    expect(target.path).toBe('/select-clinic');
    expect(parseBookingPath(target.path).step).toBe('slots');
    const flow = parseFlowParams(target.search);
    expect(flow.examSlugs).toEqual(['mri-knee']);
    expect(flow.selectedClinic).toBe(3);
    expect(flow.status).toBe('RESCHEDULED');
    expect(flow.bookingKey).toBeNull();
    expect(flow.extra).toEqual([['appointmentSlug', 'old-slug']]);
  });
  it('R-4-status-04 change starts the flow over with status CHANGED', () => {
    const target = rescheduleTarget({
      prefix: '/iframe',
      status: 'CHANGED',
      appointmentSlug: 's',
      examSlug: 'mri-knee',
      clinicId: 3,
      kioskMode: true,
    });
    expect(target.path).toBe('/iframe/');
    expect(parseFlowParams(target.search)).toMatchObject({
      status: 'CHANGED',
      kioskMode: true,
      selectedClinic: null,
    });
  });
  it('R-2.1-17 questionnaires return to the appointment page', () => {
    const target = questionnaireTarget({
      prefix: '',
      bookingKey: 'K',
      types: ['PAIN_SCORE_INITIAL'],
      kioskMode: false,
    });
    expect(target).toEqual({
      path: '/questionnaires',
      search: '?bookingKey=K&types=PAIN_SCORE_INITIAL&backUrl=%2Fappointments%2FK',
    });
  });
  it('R-4-cancel-03 the cancel questionnaire names the appointment and keeps the shell', () => {
    const target = questionnaireTarget({
      prefix: '/iframe',
      bookingKey: 'K',
      types: ['CANCEL_APPOINTMENT_PATIENT'],
      kioskMode: true,
      appointmentSlug: 'apt-1',
    });
    expect(target).toEqual({
      path: '/iframe/questionnaires',
      search:
        '?bookingKey=K&types=CANCEL_APPOINTMENT_PATIENT&backUrl=%2Fappointments%2FK&appointmentSlug=apt-1&kioskMode=true',
    });
  });
  it('R-4-cancel-10 home is /kiosk in kiosk mode', () => {
    expect(homeTarget('', true)).toEqual({ path: '/kiosk', search: '?kioskMode=true' });
    expect(homeTarget('/iframe', false)).toEqual({ path: '/iframe/', search: '' });
  });

  it('R-4-auth-11 a result page of the booking is kept through the log-in; another path is not', () => {
    const base = { prefix: '', bookingKey: 'K1', kind: 'appointment' as const, kioskMode: false };
    const result = authenticationTarget({ ...base, returnPath: '/appointments/K1/result' });
    expect(new URLSearchParams(result.search).get('returnUrl')).toBe('/appointments/K1/result');
    const foreign = authenticationTarget({ ...base, returnPath: '/appointments/K2/result' });
    expect(new URLSearchParams(foreign.search).get('returnUrl')).toBe('/appointments/K1');
  });
});
