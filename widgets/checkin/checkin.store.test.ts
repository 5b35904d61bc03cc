import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeFetch,
  errorResponse,
  jsonResponse,
  type RecordedRequest,
} from '../../src/api/testing';
import type { CheckInAppointment } from '../../src/contract/check-in';
import { pollDelays } from '../../src/domain/check-in/poll';
import { checkInState } from './checkin.fixtures';
import { runCheckIn } from './checkin-submit.store';
import {
  $checkIn,
  $checkInOutcome,
  checkInEnv,
  leaveCheckIn,
  openCheckIn,
  submitCode,
  submitIdentity,
} from './checkin.store';

/** The check-in step machine against a fake API (spec 4 "Digital check-in", R-4-checkin-*). */
type Routes = Record<string, (request: RecordedRequest) => Response>;
const route = (r: RecordedRequest) => `${r.method} ${new URL(r.url, 'http://localhost').pathname}`;

function stub(routes: Routes) {
  const fetch = createFakeFetch((request) => {
    const handler = routes[route(request)];
    return handler ? handler(request) : errorResponse(404, 'message.not_found');
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const state = checkInState;
const appointment: CheckInAppointment = {
  slug: 's1',
  bookingKey: 'K',
  examName: 'CT',
  clinicName: 'North',
  clinicPhone: '(02) 5550 0101',
  date: '2026-11-26T10:00:00+11:00',
  timeZone: 'Australia/Sydney',
  checkIn: state(),
};
const otp = { channel: 'sms', sentTo: '•••12', resendSeconds: 5 };
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  checkInEnv.sleep = () => Promise.resolve();
  openCheckIn({ kioskMode: true });
});
afterEach(() => {
  leaveCheckIn();
  vi.unstubAllGlobals();
});

describe('kiosk identity and code', () => {
  it('begins at the identity step', () => {
    expect($checkIn.get().step).toBe('IDENTITY');
  });

  it('several booking keys go to the error step', async () => {
    stub({
      'POST /api/check_in/identity': () =>
        jsonResponse({
          appointmentBookingKeys: ['a', 'b'],
          samePatient: true,
          feedbackQuestionnaireAnswered: false,
          disabledReason: null,
        }),
    });
    await submitIdentity('Citizen', '1980-01-01');
    expect($checkIn.get()).toMatchObject({
      step: 'ERROR',
      failure: 'checkin.error_several_matches',
    });
    expect($checkInOutcome.get()).toEqual({
      kind: 'failed',
      reason: 'checkin.error_several_matches',
    });
  });

  it('a different patient goes to the error step', async () => {
    stub({
      'POST /api/check_in/identity': () =>
        jsonResponse({
          appointmentBookingKeys: ['a'],
          samePatient: false,
          feedbackQuestionnaireAnswered: false,
          disabledReason: null,
        }),
    });
    await submitIdentity('Citizen', '1980-01-01');
    expect($checkIn.get()).toMatchObject({
      step: 'ERROR',
      failure: 'checkin.error_different_patient',
    });
  });

  it('one handle sends the code and a wrong code stays on VERIFY_OTP with its message', async () => {
    const fetch = stub({
      'POST /api/check_in/identity': () =>
        jsonResponse({
          appointmentBookingKeys: ['h1'],
          samePatient: true,
          feedbackQuestionnaireAnswered: false,
          disabledReason: null,
        }),
      'POST /api/check_in/otp/send': () => jsonResponse(otp),
      'POST /api/check_in/otp/validate': () =>
        errorResponse(400, 'message.authentication_otp_error'),
    });
    await submitIdentity(' Citizen ', '1980-01-01');
    expect($checkIn.get()).toMatchObject({ step: 'VERIFY_OTP', handle: 'h1' });
    expect(JSON.parse(String(fetch.calls[0]!.init.body))).toEqual({
      lastName: 'Citizen',
      dateOfBirth: '1980-01-01',
    });
    await submitCode('123456');
    expect($checkIn.get()).toMatchObject({
      step: 'VERIFY_OTP',
      errorMessage: 'message.authentication_otp_error',
      loading: false,
    });
  });

  it('after the code, today’s appointments load and the flow goes to confirm (error when none)', async () => {
    stub({
      'POST /api/check_in/identity': () =>
        jsonResponse({
          appointmentBookingKeys: ['h1'],
          samePatient: true,
          feedbackQuestionnaireAnswered: false,
          disabledReason: null,
        }),
      'POST /api/check_in/otp/send': () => jsonResponse(otp),
      'POST /api/check_in/otp/validate': () => jsonResponse({ bookingKey: 'K' }),
      'GET /api/secured/check_in/appointments': () => jsonResponse([appointment]),
    });
    await submitIdentity('Citizen', '1980-01-01');
    await submitCode('123456');
    expect($checkIn.get()).toMatchObject({ step: 'CONFIRM', slug: 's1', bookingKey: 'K' });
  });
});

describe('check in and polling', () => {
  async function atConfirm(routes: Routes) {
    stub({
      'GET /api/secured/check_in/appointments': () => jsonResponse([appointment]),
      ...routes,
    });
    openCheckIn({ bookingKey: 'K', kioskMode: false });
    await settle();
    await settle();
    expect($checkIn.get().step).toBe('CONFIRM');
  }

  it('checkInSent alone polls until the clinic confirms, then success', async () => {
    let polls = 0;
    await atConfirm({
      'POST /api/secured/appointments/s1/check_in': () =>
        jsonResponse(state({ checkInSent: true })),
      'GET /api/secured/appointments/s1/check_in/sent': () =>
        jsonResponse({
          checkInPreparedSent: false,
          checkInSent: true,
          checkInSuccess: ++polls >= 3,
        }),
    });
    await runCheckIn();
    expect(polls).toBe(3);
    expect($checkIn.get()).toMatchObject({ step: 'SUCCESS', processing: null });
    expect($checkInOutcome.get()).toEqual({ kind: 'completed', slug: 's1' });
  });

  it('a poll that never confirms ends on the error step after 60 s of back-off', async () => {
    const waited: number[] = [];
    checkInEnv.sleep = (ms) => {
      waited.push(ms);
      return Promise.resolve();
    };
    await atConfirm({
      'POST /api/secured/appointments/s1/check_in': () =>
        jsonResponse(state({ checkInSent: true })),
      'GET /api/secured/appointments/s1/check_in/sent': () =>
        jsonResponse({ checkInPreparedSent: false, checkInSent: true, checkInSuccess: false }),
    });
    await runCheckIn();
    expect(waited.slice(0, 5)).toEqual([1000, 2000, 4000, 8000, 8000]);
    expect(waited.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(60_000);
    expect($checkIn.get()).toMatchObject({ step: 'ERROR', failure: 'checkin.error_poll' });
  });

  it('a response with neither flag goes to error', async () => {
    await atConfirm({ 'POST /api/secured/appointments/s1/check_in': () => jsonResponse(state()) });
    await runCheckIn();
    expect($checkIn.get()).toMatchObject({ step: 'ERROR', failure: 'checkin.error_check_in' });
  });

  it('a link without a session goes to the authentication page and back to check-in', async () => {
    stub({
      'GET /api/secured/check_in/appointments': () => errorResponse(401, 'message.unauthorized'),
    });
    const { $checkInNavigation } = await import('./checkin.store');
    openCheckIn({ bookingKey: 'K', kioskMode: false });
    await settle();
    await settle();
    const target = $checkInNavigation.get() as { path: string; search: string };
    expect(target.path).toBe('/authentication');
    expect(new URLSearchParams(target.search).get('returnUrl')).toBe('/check-in?bookingKey=K');
  });
});

describe('back-off', () => {
  it('doubles from 1 s to 8 s and stays within 60 s', () => {
    expect(pollDelays()).toEqual([1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000]);
  });
});
