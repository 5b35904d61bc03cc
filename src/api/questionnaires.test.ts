import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from './client';
import {
  changeExamFromOutcome,
  getAppointmentQuestionnaires,
  getBookingRequestQuestionnaires,
  getConsentForms,
  getFeedbackQuestionnaire,
  getQuestionnaire,
  getQuestionnaireMessage,
  getQuestionnaires,
  processOutcomes,
  saveAppointmentAnswer,
  saveBookingRequestAnswer,
  saveConsentFormResult,
  saveFeedback,
  savePainScore,
  saveProtocol,
  saveTemporaryAnswer,
} from './questionnaires';
import { createFakeFetch, errorResponse, jsonResponse, type FakeFetch } from './testing';

let fetch: FakeFetch;
let answer: (url: string) => Response;

beforeEach(() => {
  answer = () => jsonResponse({});
  fetch = createFakeFetch((request) => answer(request.url));
  vi.stubGlobal('fetch', fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setApiBase('');
});

const calls = () => fetch.calls.map((c) => `${c.method} ${decodeURIComponent(c.url)}`);
const body = (index = 0) => JSON.parse(String(fetch.calls[index]?.init.body)) as unknown;
const answerBody = { questionnaireId: 3, questionnaireResult: { painScore: 4 } };

describe('questionnaire calls (spec 7, questionnaire.contract.ts)', () => {
  it('R-7-calls-29 gets questionnaires with comma lists and leaves empty filters out', async () => {
    await getQuestionnaires({
      examSlugs: ['mri-knee', 'ct-chest'],
      types: ['CREATE_BOOKING_REQUEST', 'BOOKING_FORM'],
    });
    await getQuestionnaires({ bookingKey: 'k1', modality: null });
    expect(calls()).toEqual([
      'GET /api/questionnaires?examSlugs=mri-knee,ct-chest&types=CREATE_BOOKING_REQUEST,BOOKING_FORM',
      'GET /api/questionnaires?bookingKey=k1',
    ]);
  });

  it('R-7-calls-29 R-7-calls-30 posts answers, outcomes and exam changes before booking', async () => {
    await saveTemporaryAnswer({ bookingKey: 'k1', ...answerBody, examSlug: 'mri-knee' });
    await processOutcomes({ bookingKey: 'k1', examSlugs: ['mri-knee'] });
    await changeExamFromOutcome({ bookingKey: 'k1', examSlug: 'mri-knee' });
    await getQuestionnaireMessage('k1', 7);
    await getQuestionnaire(7);
    expect(calls()).toEqual([
      'POST /api/questionnaires/temporary_answers',
      'POST /api/questionnaires/process_outcomes',
      'POST /api/questionnaires/change_exam',
      'GET /api/questionnaires/message?bookingKey=k1&questionnaireId=7',
      'GET /api/questionnaires/7',
    ]);
    expect(body(0)).toEqual({ bookingKey: 'k1', ...answerBody, examSlug: 'mri-knee' });
    expect(body(1)).toEqual({ bookingKey: 'k1', examSlugs: ['mri-knee'] });
  });

  it('R-7-calls-30 R-7-calls-31 names the booking by its slug after booking', async () => {
    await getAppointmentQuestionnaires('a/b', ['FEEDBACK']);
    await saveAppointmentAnswer('s1', answerBody);
    await savePainScore('s1', answerBody);
    await saveFeedback('s1', answerBody);
    await getConsentForms('s1');
    await saveConsentFormResult('s1', 2, { questionnaireResult: { signature: 'Mia' } });
    await getBookingRequestQuestionnaires('r1');
    await saveBookingRequestAnswer('r1', answerBody);
    await saveProtocol('r1', answerBody);
    expect(calls()).toEqual([
      'GET /api/secured/appointments/a/b/questionnaires?types=FEEDBACK',
      'POST /api/secured/appointments/s1/questionnaire_answers',
      'POST /api/secured/appointments/s1/pain_score',
      'POST /api/secured/appointments/s1/feedback',
      'GET /api/secured/appointments/s1/consent_forms',
      'POST /api/secured/appointments/s1/consent_forms/2',
      'GET /api/secured/booking_requests/r1/questionnaires',
      'POST /api/secured/booking_requests/r1/questionnaire_answers',
      'POST /api/secured/booking_requests/r1/protocol',
    ]);
    expect(fetch.calls[0]?.url).toContain('/appointments/a%2Fb/');
  });

  it('R-4-feedback-03 answers null when the feedback call returns nothing', async () => {
    answer = () => new Response(null, { status: 204 });
    expect(await getFeedbackQuestionnaire('s1')).toBeNull();
    answer = () => jsonResponse({ questionnaireId: 9, title: 'How was your visit?' });
    expect(await getFeedbackQuestionnaire('s1')).toMatchObject({ questionnaireId: 9 });
  });

  it('R-8-04 a refused answer rejects with the message key', async () => {
    answer = () => errorResponse(400, 'message.error_answering_questionnaire');
    await expect(saveTemporaryAnswer({ bookingKey: 'k1', ...answerBody })).rejects.toMatchObject({
      status: 400,
      messageKey: 'message.error_answering_questionnaire',
    });
  });
});
