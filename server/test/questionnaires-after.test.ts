import { idsByCode } from './booking-helpers.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ConsentFormsResponse,
  FeedbackQuestionnaire,
  QuestionnaireAnswer,
  QuestionnairesResponse,
} from '../../src/contract/questionnaire.js';
import type { Db } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../db/seed.js';
import { seedQuestionnaires } from '../db/seed-questionnaires.js';
import { seedConsentForms } from '../db/seed-consent-forms.js';
import {
  patientCookies,
  SESSION_COOKIE_NAME,
  setCookie,
  SETUP_TIMEOUT,
  openTestApp,
  closeTestApp,
} from './helpers.js';
import {
  book,
  bookOne,
  clinicId,
  clock,
  deviceIds,
  MANY_BOOKINGS,
  newKey,
  PATIENT,
} from './booking-helpers.js';

type Cookies = Record<string, string>;

describe('questionnaires after booking ', () => {
  let db: Db;
  let app: FastifyInstance;
  const ids: Record<string, number> = {};
  let day = 0;

  beforeAll(async () => {
    ({ db, app } = await openTestApp(
      'questionnaires_after',
      { booking: MANY_BOOKINGS },
      { clock },
    ));
    Object.assign(ids, await idsByCode(db, 'questionnaires'));
  }, SETUP_TIMEOUT);
  afterAll(() => closeTestApp(app, db));

  /** A fresh MRI knee booking and its holder's cookies. */
  async function booked(): Promise<{ slug: string; bookingKey: string; cookies: Cookies }> {
    const index = day++;
    const appointment = await bookOne(app, db, {
      dayOffset: index % 5,
      hour: 8 + Math.floor(index / 5),
    });
    return { ...appointment, cookies: await patientCookies(app, appointment.bookingKey) };
  }
  const get = (url: string, cookies?: Cookies) => app.inject({ method: 'GET', url, cookies });
  const post = (url: string, payload: object, cookies?: Cookies) =>
    app.inject({ method: 'POST', url, payload, cookies });
  const status = async (slug: string) =>
    (await db.query<{ status: string }>('SELECT status FROM appointments WHERE slug = $1', [slug]))
      .rows[0]?.status;

  it('R-6-07 refuses every after-booking route without a session (401) and for another booking (403)', async () => {
    const mine = await booked();
    const theirs = await booked();
    const answer = {
      questionnaireId: ids['cancel-reasons'],
      questionnaireResult: { reason: 'time' },
    };
    const routes: [string, string, object?][] = [
      ['GET', `/api/secured/appointments/${theirs.slug}/questionnaires`],
      ['POST', `/api/secured/appointments/${theirs.slug}/questionnaire_answers`, answer],
      ['POST', `/api/secured/appointments/${theirs.slug}/pain_score`, answer],
      ['GET', `/api/secured/appointments/${theirs.slug}/feedback`],
      ['POST', `/api/secured/appointments/${theirs.slug}/feedback`, answer],
      ['GET', `/api/secured/appointments/${theirs.slug}/consent_forms`],
      [
        'POST',
        `/api/secured/appointments/${theirs.slug}/consent_forms/1`,
        { questionnaireResult: {} },
      ],
      ['GET', `/api/secured/booking_requests/${theirs.slug}/questionnaires`],
      ['POST', `/api/secured/booking_requests/${theirs.slug}/questionnaire_answers`, answer],
      ['POST', `/api/secured/booking_requests/${theirs.slug}/protocol`, answer],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await app.inject({ method: method as 'GET', url, payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.headers['cache-control']).toBe('no-store');
      const foreign = await app.inject({
        method: method as 'GET',
        url,
        payload,
        cookies: mine.cookies,
      });
      expect(foreign.statusCode, `${method} ${url}`).toBe(403);
      expect(foreign.json().message).toBe('message.forbidden');
    }
    expect(await status(theirs.slug)).toBe('BOOKED');
  });

  it('R-4-quest-14 lists the after-booking questionnaires of the appointment with the answers of its key', async () => {
    const key = await newKey(app);
    const safe = {
      pacemaker: 'no',
      implants: 'no',
      pregnant: 'no',
      claustrophobic: 'no',
      medicareRebate: 'no',
    };
    const temporary = await post('/api/questionnaires/temporary_answers', {
      bookingKey: key,
      questionnaireId: ids['mri-safety'],
      questionnaireResult: safe,
      examSlug: 'mri-knee',
    });
    expect(temporary.statusCode, temporary.body).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/api/booking/appointments',
      payload: {
        bookingKey: key,
        examSlug: 'mri-knee',
        clinicId: (
          await db.query<{ id: number }>("SELECT id FROM clinics WHERE slug = 'sydney-cbd'")
        ).rows[0]?.id,
        deviceId: (
          await db.query<{ id: number }>(
            `SELECT d.id FROM devices d JOIN clinics c ON c.id = d.clinic_id JOIN modalities m ON m.id = d.modality_id
             WHERE c.slug = 'sydney-cbd' AND m.slug = 'mri' ORDER BY d.id LIMIT 1`,
          )
        ).rows[0]?.id,
        startDateTime: '2026-11-27T15:00:00+11:00',
        patient: PATIENT,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const slug = res.json<{ slug: string }>().slug;
    const cookies = await patientCookies(app, key);
    const list = await get(`/api/secured/appointments/${slug}/questionnaires`, cookies);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<QuestionnairesResponse>();
    // Asked by slug: the answer names no key (keys are stored hashed, docs/api.md).
    expect(body.bookingKey).toBe('');
    expect(body.questionnaires.map((q) => q.type).sort()).toEqual([
      'CANCEL_APPOINTMENT_PATIENT',
      'DECLINE_APPOINTMENT',
      'FEEDBACK',
      'REQUIRED_ON_CONFIRMATION',
    ]);
    expect(body.allQuestionnaireAnswers.map((a) => a.questionnaireId)).toEqual([ids['mri-safety']]);
    expect(body.examQuestionnaireAnswers).toEqual([]);
    const pain = await get(
      `/api/secured/appointments/${slug}/questionnaires?types=PAIN_SCORE_INITIAL`,
      cookies,
    );
    expect(pain.json<QuestionnairesResponse>().questionnaires.map((q) => q.id)).toEqual([
      ids['pain-score-initial'],
    ]);
  });

  it('R-4-quest-17 twenty cancel answers at once cancel once: one answer stored, one e-mail, the rest refused', async () => {
    const { slug, cookies } = await booked();
    const url = `/api/secured/appointments/${slug}/questionnaire_answers`;
    const payload = {
      questionnaireId: ids['cancel-reasons'],
      questionnaireResult: { reason: 'time' },
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(url, payload, cookies)),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.every((res) => res.statusCode === 200 || res.statusCode === 409)).toBe(true);
    const mails = await db.query<{ subject: string }>(
      `SELECT subject FROM outbox WHERE reference = (SELECT booking_key FROM appointments WHERE slug = $1)`,
      [slug],
    );
    expect(mails.rows.filter((m) => m.subject.endsWith('is cancelled'))).toHaveLength(1);
    expect(await status(slug)).toBe('CANCELED');
  });

  it('R-4-quest-17 R-4-cancel-03 a CANCEL_APPOINTMENT_PATIENT answer cancels the appointment', async () => {
    const { slug, cookies } = await booked();
    const url = `/api/secured/appointments/${slug}/questionnaire_answers`;
    const incomplete = await post(
      url,
      { questionnaireId: ids['cancel-reasons'], questionnaireResult: { reason: 'other' } },
      cookies,
    );
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({
      message: 'message.error_answering_questionnaire',
      fields: { note: 'questionnaire.error.required' },
    });
    expect(await status(slug)).toBe('BOOKED');
    const res = await post(
      url,
      {
        questionnaireId: ids['cancel-reasons'],
        questionnaireResult: { reason: 'other', note: 'Moving away' },
      },
      cookies,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<QuestionnaireAnswer>()).toMatchObject({
      kind: 'APPOINTMENT',
      questionnaireType: 'CANCEL_APPOINTMENT_PATIENT',
      examSlug: 'mri-knee',
      questionnaireResult: { reason: 'other', note: 'Moving away' },
    });
    expect(await status(slug)).toBe('CANCELED');
    const stored = await db.query<{ reason: string; note: string }>(
      'SELECT cancel_reason AS reason, cancel_note AS note FROM appointments WHERE slug = $1',
      [slug],
    );
    expect(stored.rows[0]).toEqual({ reason: 'Another reason', note: 'Moving away' });
    // One call cancelled it, so the cancellation e-mail went out with it (spec 4 "Cancel").
    const mails = await db.query<{ subject: string }>(
      `SELECT subject FROM outbox WHERE reference = (SELECT booking_key FROM appointments WHERE slug = $1)`,
      [slug],
    );
    expect(mails.rows.filter((m) => m.subject.endsWith('is cancelled'))).toHaveLength(1);
    const again = await post(
      url,
      { questionnaireId: ids['cancel-reasons'], questionnaireResult: { reason: 'time' } },
      cookies,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('message.appointment_already_cancelled');
  });

  it('R-4-cancel-01 the cancel questionnaire keeps the cancel rules: not within the prior minutes', async () => {
    // Three hours after the tests' clock (Monday 28 September 2026, 10:00 in Sydney).
    const bookingKey = await newKey(app);
    const created = await book(app, {
      bookingKey,
      examSlug: 'mri-knee',
      clinicId: await clinicId(db, 'sydney-cbd'),
      deviceId: (await deviceIds(db, 'sydney-cbd', 'mri'))[0] as number,
      startDateTime: '2026-09-28T13:00:00+10:00',
      patient: PATIENT,
    });
    expect(created.statusCode, created.body).toBe(200);
    const soon = { slug: created.json<{ slug: string }>().slug, bookingKey };
    const cookies = await patientCookies(app, bookingKey);
    const res = await post(
      `/api/secured/appointments/${soon.slug}/questionnaire_answers`,
      { questionnaireId: ids['cancel-reasons'], questionnaireResult: { reason: 'time' } },
      cookies,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('message.cancel_not_allowed');
    expect(await status(soon.slug)).toBe('BOOKED');
  });

  it('a DECLINE_APPOINTMENT answer ends a pending appointment; a booked one is cancelled, not declined (409)', async () => {
    const decline = {
      questionnaireId: ids['decline-appointment'],
      questionnaireResult: { reason: 'place' },
    };
    const mine = await booked();
    const refused = await post(
      `/api/secured/appointments/${mine.slug}/questionnaire_answers`,
      decline,
      mine.cookies,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('message.cancel_not_allowed');
    expect(await status(mine.slug)).toBe('BOOKED');
    await db.query(`UPDATE appointments SET status = 'PENDING' WHERE slug = $1`, [mine.slug]);
    const res = await post(
      `/api/secured/appointments/${mine.slug}/questionnaire_answers`,
      decline,
      mine.cookies,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(mine.slug)).toBe('CANCELED');
  });

  it('R-4-feedback-03 R-3-27 feedback is answered once; afterwards the call answers nothing', async () => {
    const { slug, cookies } = await booked();
    const url = `/api/secured/appointments/${slug}/feedback`;
    const first = await get(url, cookies);
    expect(first.statusCode, first.body).toBe(200);
    const feedback = first.json<FeedbackQuestionnaire>();
    expect(feedback).toMatchObject({
      questionnaireId: ids['patient-feedback'],
      questionnaireResult: null,
      title: 'How was your visit?',
      modalSize: 'md',
      showClosingConfirmation: false,
      questionnaire: { examSlugs: [], modalityIds: [] },
    });
    const outOfScale = await post(
      url,
      { questionnaireId: feedback.questionnaireId, questionnaireResult: { satisfaction: 9 } },
      cookies,
    );
    expect(outOfScale.statusCode).toBe(400);
    const saved = await post(
      url,
      {
        questionnaireId: feedback.questionnaireId,
        questionnaireResult: { satisfaction: 5, recommend: true },
      },
      cookies,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const second = await get(url, cookies);
    expect(second.statusCode).toBe(204);
    expect(second.body).toBe('');
    const twice = await post(
      url,
      { questionnaireId: feedback.questionnaireId, questionnaireResult: { satisfaction: 1 } },
      cookies,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('message.feedback_already_provided');
    const viaAnswers = await post(
      `/api/secured/appointments/${slug}/questionnaire_answers`,
      { questionnaireId: feedback.questionnaireId, questionnaireResult: { satisfaction: 1 } },
      cookies,
    );
    expect(viaAnswers.statusCode).toBe(409);
    const list = (
      await get(`/api/secured/appointments/${slug}/questionnaires`, cookies)
    ).json<QuestionnairesResponse>();
    expect(list.questionnaires.map((q) => q.type)).not.toContain('FEEDBACK');
    const { rows } = await db.query(
      "SELECT 1 FROM questionnaire_answers WHERE questionnaire_type = 'FEEDBACK' AND questionnaire_result->>'satisfaction' = '5'",
    );
    expect(rows).toHaveLength(1);
  });

  it('R-8-05 saves a pain score 0 to 10 and refuses one off the scale with message.pain_score_problem', async () => {
    const { slug, cookies } = await booked();
    const url = `/api/secured/appointments/${slug}/pain_score`;
    const saved = await post(
      url,
      { questionnaireId: ids['pain-score-initial'], questionnaireResult: { painScore: 7 } },
      cookies,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<QuestionnaireAnswer>()).toMatchObject({
      kind: 'PAIN_SCORE',
      painScore: 7,
      questionnaireType: 'PAIN_SCORE_INITIAL',
    });
    const zero = await post(
      url,
      { questionnaireId: ids['pain-score-final'], questionnaireResult: { painScore: 0 } },
      cookies,
    );
    expect(zero.json<QuestionnaireAnswer>().painScore).toBe(0);
    const off = await post(
      url,
      { questionnaireId: ids['pain-score-final'], questionnaireResult: { painScore: 11 } },
      cookies,
    );
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({
      message: 'message.pain_score_problem',
      fields: { painScore: 'questionnaire.error.choice' },
    });
    const wrongType = await post(
      url,
      { questionnaireId: ids['patient-feedback'], questionnaireResult: { satisfaction: 3 } },
      cookies,
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('message.questionnaire_type_mismatch');
  });

  it('R-3-54 R-7-calls-31 R-4-cancel-09 loads consent forms and answers, and saves a signed form', async () => {
    const { slug, cookies } = await booked();
    const url = `/api/secured/appointments/${slug}/consent_forms`;
    const before = (await get(url, cookies)).json<ConsentFormsResponse>();
    expect(before.consentForms.map((f) => f.title)).toEqual([
      'Consent to the procedure',
      'Consent to share your images and report',
    ]);
    expect(
      before.appointmentConsentForms.map((f) => [f.required, f.answered, f.appointmentSlug]),
    ).toEqual([
      [true, false, slug],
      [false, false, slug],
    ]);
    expect(before.notifyPatient).toBe(true);
    expect(before.answers).toEqual([]);
    const procedure = before.consentForms[0]?.id as number;
    const unsigned = await post(
      `${url}/${procedure}`,
      { questionnaireResult: { agree: true } },
      cookies,
    );
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().fields).toEqual({ signature: 'questionnaire.error.required' });
    const signed = await post(
      `${url}/${procedure}`,
      { questionnaireResult: { agree: true, signature: 'Mia Nguyen' } },
      cookies,
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({
      consentFormId: procedure,
      appointmentSlug: slug,
      questionnaireResult: { signature: 'Mia Nguyen' },
    });
    const after = (await get(url, cookies)).json<ConsentFormsResponse>();
    expect(after.notifyPatient).toBe(false);
    expect(after.answers.map((a) => a.consentFormId)).toEqual([procedure]);
    expect((await post(`${url}/999999`, { questionnaireResult: {} }, cookies)).statusCode).toBe(
      404,
    );
  });

  it('R-8-07 saves booking-request answers and the protocol (holder or staff)', async () => {
    const bookingKey = await newKey(app);
    const created = await post('/api/booking/booking_requests', {
      bookingKey,
      examSlugs: ['mri-brain-contrast'],
      clinicId: null,
      patient: PATIENT,
    });
    expect(created.statusCode, created.body).toBe(200);
    const slug = created.json<{ slug: string }>().slug;
    const cookies = await patientCookies(app, bookingKey);
    const list = (
      await get(`/api/secured/booking_requests/${slug}/questionnaires`, cookies)
    ).json<QuestionnairesResponse>();
    expect(list.questionnaires.map((q) => q.type)).toEqual(
      expect.arrayContaining([
        'CREATE_BOOKING_REQUEST',
        'PROTOCOL',
        'CREATE_BOOKING_REQUEST_REFERRER',
      ]),
    );
    const protocolUrl = `/api/secured/booking_requests/${slug}/protocol`;
    const bad = await post(
      protocolUrl,
      {
        questionnaireId: ids['radiologist-protocol'],
        questionnaireResult: { protocol: 'standard', durationMinutes: 500 },
      },
      cookies,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('message.booking_request_waiting_protocol_error');
    const login = await post('/api/dev/login', { username: 'radiologist' });
    const staff = {
      [SESSION_COOKIE_NAME]:
        /^[^=]+=([^;]+)/.exec(setCookie(login.headers, SESSION_COOKIE_NAME) ?? '')?.[1] ?? '',
    };
    const saved = await post(
      protocolUrl,
      {
        questionnaireId: ids['radiologist-protocol'],
        questionnaireResult: { protocol: 'contrast', durationMinutes: 45 },
      },
      staff,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<QuestionnaireAnswer>()).toMatchObject({
      kind: 'PROTOCOL',
      examSlug: 'mri-brain-contrast',
    });
    // Staff hold no booking: they read the protocol questionnaire and its answers only.
    const staffList = await get(
      `/api/secured/booking_requests/${slug}/questionnaires?types=PROTOCOL`,
      staff,
    );
    expect(staffList.statusCode, staffList.body).toBe(200);
    const listed = staffList.json<QuestionnairesResponse>();
    expect(listed.bookingKey).toBe('');
    expect(listed.questionnaires.map((q) => q.type)).toEqual(['PROTOCOL']);
    expect(listed.allQuestionnaireAnswers.map((a) => a.kind)).toEqual(['PROTOCOL']);
    for (const types of [
      '',
      '?types=PROTOCOL,CREATE_BOOKING_REQUEST',
      '?types=CREATE_BOOKING_REQUEST',
    ])
      expect(
        (await get(`/api/secured/booking_requests/${slug}/questionnaires${types}`, staff))
          .statusCode,
      ).toBe(403);
    expect(
      (
        await get(
          '/api/secured/booking_requests/no-such-request/questionnaires?types=PROTOCOL',
          staff,
        )
      ).statusCode,
    ).toBe(404);
    const answer = await post(
      `/api/secured/booking_requests/${slug}/questionnaire_answers`,
      {
        questionnaireId: ids['mri-safety'],
        questionnaireResult: {
          pacemaker: 'no',
          implants: 'no',
          pregnant: 'no',
          claustrophobic: 'no',
          medicareRebate: 'yes',
        },
      },
      cookies,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<QuestionnaireAnswer>().kind).toBe('BOOKING_REQUEST');
    const after = (
      await get(`/api/secured/booking_requests/${slug}/questionnaires`, cookies)
    ).json<QuestionnairesResponse>();
    expect(after.allQuestionnaireAnswers.map((a) => a.kind).sort()).toEqual([
      'BOOKING_REQUEST',
      'PROTOCOL',
    ]);
  });

  it('migrate and seed again change nothing; a database seeded before migration 008 gets the questionnaires', async () => {
    const counts = async () =>
      (
        await db.query<Record<string, number>>(
          `SELECT (SELECT count(*)::int FROM questionnaires) AS questionnaires,
             (SELECT count(*)::int FROM questionnaire_outcome_rules) AS rules,
             (SELECT count(*)::int FROM consent_forms) AS forms,
             (SELECT count(*)::int FROM exams) AS exams`,
        )
      ).rows[0];
    const before = await counts();
    expect(before).toMatchObject({
      // With seed-referrer-feedback.ts's report quality feedback questionnaire.
      questionnaires: seedQuestionnaires.length + 1,
      rules: seedQuestionnaires.reduce((sum, q) => sum + (q.rules?.length ?? 0), 0),
      forms: seedConsentForms.length,
    });
    await migrate(db);
    await seed(db);
    expect(await counts()).toEqual(before);
    // Last test of the file: empties the tables as a database from before 008 has them
    // (and from before 037: no record of the seed's top-ups).
    await db.exec(
      'DELETE FROM consent_answers; DELETE FROM consent_forms; DELETE FROM questionnaire_outcome_rules; DELETE FROM questionnaires; DELETE FROM seed_state;',
    );
    await seed(db);
    expect(await counts()).toEqual(before);
  });
});
