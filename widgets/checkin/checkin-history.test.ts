import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeFetch,
  errorResponse,
  jsonResponse,
  type RecordedRequest,
} from '../../src/api/testing';
import type { CheckInAppointment } from '../../src/contract/check-in';
import { checkInState } from './checkin.fixtures';
import { confirmAppointment, runCheckIn } from './checkin-submit.store';
import { $checkInFeedback, loadFeedback, submitFeedback } from './checkin-feedback.store';
import { mayRevisit, revisitStep } from './checkin-history';
import {
  $checkIn,
  checkInEnv,
  leaveCheckIn,
  openCheckIn,
  submitCode,
  submitIdentity,
} from './checkin.store';

/**
 * Back and Forward between check-in steps (issue 16) and the FEEDBACK step
 * (R-4-checkin-02), against a fake API: a step is shown again only while
 * it is still valid, with what was typed kept, and nothing is sent again.
 */
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

const appointment = (patch: Parameters<typeof checkInState>[0] = {}): CheckInAppointment => ({
  slug: 's1',
  bookingKey: 'K',
  examName: 'CT',
  clinicName: 'North',
  clinicPhone: '(02) 5550 0101',
  date: '2026-11-26T10:00:00+11:00',
  timeZone: 'Australia/Sydney',
  checkIn: checkInState(patch),
});
const otp = { channel: 'sms', sentTo: '•••12', resendSeconds: 5 };
const settle = () => new Promise((r) => setTimeout(r, 0));

const identityRoutes: Routes = {
  'POST /api/check_in/identity': () =>
    jsonResponse({
      appointmentBookingKeys: ['h1'],
      samePatient: true,
      feedbackQuestionnaireAnswered: false,
      disabledReason: null,
    }),
  'POST /api/check_in/otp/send': () => jsonResponse(otp),
  'POST /api/check_in/otp/validate': () => jsonResponse({ bookingKey: 'K' }),
};

beforeEach(() => {
  checkInEnv.sleep = () => Promise.resolve();
  openCheckIn({ kioskMode: true });
});
afterEach(() => {
  leaveCheckIn();
  vi.unstubAllGlobals();
});

describe('Back and Forward between steps', () => {
  it('Back from the code returns to the identity step with what was typed; Forward returns to the code', async () => {
    const fetch = stub(identityRoutes);
    await submitIdentity('Citizen', '1980-05-17');
    expect($checkIn.get().step).toBe('VERIFY_OTP');
    const calls = fetch.calls.length;
    expect(revisitStep('IDENTITY')).toBe(true);
    expect($checkIn.get()).toMatchObject({
      step: 'IDENTITY',
      identity: { lastName: 'Citizen', dateOfBirth: '1980-05-17' },
    });
    expect(revisitStep('VERIFY_OTP')).toBe(true);
    expect($checkIn.get().step).toBe('VERIFY_OTP');
    // Shown again, never sent again.
    expect(fetch.calls.length).toBe(calls);
  });

  it('once the code is verified, Back never reopens the code or the identity step', async () => {
    stub({
      ...identityRoutes,
      'GET /api/secured/check_in/appointments': () => jsonResponse([appointment()]),
    });
    await submitIdentity('Citizen', '1980-05-17');
    await submitCode('123456');
    expect($checkIn.get().step).toBe('CONFIRM');
    expect(revisitStep('VERIFY_OTP')).toBe(false);
    expect(revisitStep('IDENTITY')).toBe(false);
    expect($checkIn.get().step).toBe('CONFIRM');
  });

  it('Back from the form returns to confirm, and Forward to the form (a step reached before)', async () => {
    stub({
      ...identityRoutes,
      'GET /api/secured/check_in/appointments': () =>
        jsonResponse([appointment({ mode: 'PREPARE_FIRST' })]),
    });
    await submitIdentity('Citizen', '1980-05-17');
    await submitCode('123456');
    expect(revisitStep('FORM')).toBe(false);
    confirmAppointment();
    expect($checkIn.get().step).toBe('FORM');
    expect(revisitStep('CONFIRM')).toBe(true);
    expect($checkIn.get().step).toBe('CONFIRM');
    expect(revisitStep('FORM')).toBe(true);
    expect($checkIn.get().step).toBe('FORM');
  });

  it('after a successful check-in Back shows no earlier step (not the form, not confirm)', async () => {
    stub({
      ...identityRoutes,
      'GET /api/secured/check_in/appointments': () => jsonResponse([appointment()]),
      'POST /api/secured/appointments/s1/check_in': () =>
        jsonResponse(checkInState({ checkInSent: true, checkInSuccess: true })),
      'GET /api/secured/appointments/s1/check_in/readiness': () =>
        jsonResponse({
          ready: false,
          requiredReferralUploaded: true,
          documentTypeId: null,
          message: null,
        }),
    });
    await submitIdentity('Citizen', '1980-05-17');
    await submitCode('123456');
    await runCheckIn();
    expect($checkIn.get().step).toBe('SUCCESS');
    for (const step of ['CONFIRM', 'FORM', 'VERIFY_OTP', 'IDENTITY', 'ERROR', 'bogus'])
      expect(revisitStep(step)).toBe(false);
    expect($checkIn.get().step).toBe('SUCCESS');
  });

  it('while a request or a poll runs, Back is refused', () => {
    const flow = { ...$checkIn.get(), step: 'FORM' as const, processing: 'preparation' as const };
    expect(mayRevisit(flow, 'CONFIRM')).toBe(false);
    expect(mayRevisit({ ...flow, processing: null, loading: true }, 'CONFIRM')).toBe(false);
  });
});

describe('feedback when required (R-4-checkin-02)', () => {
  const questionnaire = {
    questionnaireId: 7,
    questionnaireResult: null,
    title: 'How was your visit?',
    modalSize: 'md',
    showClosingConfirmation: false,
    questionnaire: { examSlugs: [], modalityIds: [], json: { pages: [] } },
  };

  it('the code leads to the feedback step, its answer is saved, then confirm', async () => {
    let answered = false;
    const fetch = stub({
      ...identityRoutes,
      'GET /api/secured/check_in/appointments': () =>
        jsonResponse([appointment({ feedbackRequired: !answered })]),
      'GET /api/secured/appointments/s1/feedback': () => jsonResponse(questionnaire),
      'POST /api/secured/appointments/s1/feedback': () => {
        answered = true;
        return jsonResponse({ questionnaireId: 7 });
      },
    });
    await submitIdentity('Citizen', '1980-05-17');
    await submitCode('123456');
    expect($checkIn.get().step).toBe('FEEDBACK');
    expect(revisitStep('CONFIRM')).toBe(false);
    await loadFeedback();
    expect($checkInFeedback.get().questionnaire?.title).toBe('How was your visit?');
    await submitFeedback({ satisfaction: 5 });
    await settle();
    expect($checkIn.get().step).toBe('CONFIRM');
    const saved = fetch.calls.find((r) => r.method === 'POST' && r.url.endsWith('/feedback'));
    expect(JSON.parse(String(saved?.init.body))).toMatchObject({
      questionnaireId: 7,
      questionnaireResult: { satisfaction: 5 },
    });
    // Answered: Back never shows the questionnaire again.
    expect(revisitStep('FEEDBACK')).toBe(false);
  });

  it('feedback already given elsewhere (the call returns nothing): straight on to confirm', async () => {
    let calls = 0;
    stub({
      ...identityRoutes,
      'GET /api/secured/check_in/appointments': () =>
        jsonResponse([appointment({ feedbackRequired: calls++ === 0 })]),
      'GET /api/secured/appointments/s1/feedback': () => new Response(null, { status: 204 }),
    });
    await submitIdentity('Citizen', '1980-05-17');
    await submitCode('123456');
    expect($checkIn.get().step).toBe('FEEDBACK');
    await loadFeedback();
    expect($checkIn.get().step).toBe('CONFIRM');
  });
});
