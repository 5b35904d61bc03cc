// @vitest-environment node
/**
 * The feedback step of check-in and the referral of readiness (spec 4
 * "Digital check-in": "confirm (or feedback when required)", R-4-checkin-02,
 * R-4-checkin-16, R-4-checkin-19, R-3-49): with checkIn.feedbackRequired
 * the appointment's state says feedbackRequired until its feedback
 * questionnaire is answered, and the server refuses the check-in until
 * then; a missing referral is reported by readiness whether or not the
 * clinic needs it before check-in, and blocks only when it does.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInReadiness, CheckInState } from '../../src/contract/check-in.js';
import type { FeedbackQuestionnaire } from '../../src/contract/questionnaire.js';
import type { Db } from '../db/db.js';
import { writeSetting } from '../db/settings.repo.js';
import { insertAppointment, type TestAppointment } from './check-in-helpers.js';
import { closeTestApp, openTestApp, patientCookies, SETUP_TIMEOUT } from './helpers.js';

let db: Db;
let app: FastifyInstance;
/** 26 November 2026, 10:00 in Sydney: an appointment at 10:15 is open for check-in. */
const nowMs = Date.parse('2026-11-26T10:00:00+11:00');

beforeAll(async () => {
  ({ db, app } = await openTestApp('check_in_feedback', {}, { clock: () => new Date(nowMs) }));
}, SETUP_TIMEOUT);
afterAll(() => closeTestApp(app, db));
afterEach(() => db.query(`DELETE FROM provider_settings WHERE section = 'checkIn'`));

async function open(): Promise<{ a: TestAppointment; cookies: Record<string, string> }> {
  const a = await insertAppointment(db, { startIso: '2026-11-26T10:15:00+11:00' });
  return { a, cookies: await patientCookies(app, a.bookingKey) };
}

function call(
  method: 'GET' | 'POST',
  url: string,
  cookies: Record<string, string>,
  payload?: object,
) {
  return app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });
}

describe('feedback when required (R-4-checkin-02)', () => {
  it('without the setting nobody is asked for feedback before check-in', async () => {
    const { a, cookies } = await open();
    const state = await call('GET', `/api/secured/appointments/${a.slug}/check_in`, cookies);
    expect(state.json<CheckInState>().feedbackRequired).toBe(false);
    const checkedIn = await call('POST', `/api/secured/appointments/${a.slug}/check_in`, cookies);
    expect(checkedIn.statusCode).toBe(200);
  });

  it('with feedbackRequired the check-in waits for the answered feedback, then goes ahead', async () => {
    await writeSetting(db, 'checkIn', { feedbackRequired: true });
    const { a, cookies } = await open();
    const base = `/api/secured/appointments/${a.slug}`;
    const today = await call('GET', '/api/secured/check_in/appointments', cookies);
    expect(today.json<{ slug: string; checkIn: CheckInState }[]>()).toEqual([
      expect.objectContaining({
        slug: a.slug,
        checkIn: expect.objectContaining({ feedbackRequired: true }),
      }),
    ]);
    expect((await call('GET', `${base}/check_in/readiness`, cookies)).json()).toMatchObject({
      ready: false,
      message: 'message.check_in_feedback_required',
    });
    const refused = await call('POST', `${base}/check_in`, cookies);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'message.check_in_not_ready' });

    const feedback = (await call('GET', `${base}/feedback`, cookies)).json<FeedbackQuestionnaire>();
    const saved = await call('POST', `${base}/feedback`, cookies, {
      questionnaireId: feedback.questionnaireId,
      questionnaireResult: { satisfaction: 5, recommend: true },
    });
    expect(saved.statusCode).toBe(200);

    const after = await call('GET', `${base}/check_in`, cookies);
    expect(after.json<CheckInState>().feedbackRequired).toBe(false);
    expect((await call('GET', `${base}/check_in/readiness`, cookies)).json()).toMatchObject({
      ready: true,
      message: null,
    });
    const checkedIn = await call('POST', `${base}/check_in`, cookies);
    expect(checkedIn.statusCode).toBe(200);
    expect(checkedIn.json<CheckInState>().checkInSent).toBe(true);
  });

  it('with feedbackRequired but no feedback questionnaire for the exam nothing is asked', async () => {
    await writeSetting(db, 'checkIn', { feedbackRequired: true });
    await db.query(`UPDATE questionnaires SET active = false WHERE type = 'FEEDBACK'`);
    try {
      const { a, cookies } = await open();
      const state = await call('GET', `/api/secured/appointments/${a.slug}/check_in`, cookies);
      expect(state.json<CheckInState>().feedbackRequired).toBe(false);
    } finally {
      await db.query(`UPDATE questionnaires SET active = true WHERE type = 'FEEDBACK'`);
    }
  });
});

describe('the missing referral in readiness (R-4-checkin-16, R-4-checkin-19, R-3-49)', () => {
  it('not needed before check-in: ready, and readiness still names the missing referral', async () => {
    const { a, cookies } = await open();
    const readiness = await call(
      'GET',
      `/api/secured/appointments/${a.slug}/check_in/readiness`,
      cookies,
    );
    expect(readiness.json<CheckInReadiness>()).toEqual({
      ready: true,
      requiredReferralUploaded: false,
      documentTypeId: expect.any(Number),
      message: null,
    });
  });

  it('needed before check-in (requireReferralBeforeCheckIn): not ready until it is uploaded', async () => {
    await writeSetting(db, 'checkIn', { requireReferralBeforeCheckIn: true });
    const { a, cookies } = await open();
    const readiness = await call(
      'GET',
      `/api/secured/appointments/${a.slug}/check_in/readiness`,
      cookies,
    );
    expect(readiness.json<CheckInReadiness>()).toMatchObject({
      ready: false,
      requiredReferralUploaded: false,
      message: 'message.check_in_referral_required',
    });
  });
});
