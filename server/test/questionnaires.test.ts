import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ProcessedOutcomeResponse,
  QuestionnaireAnswer,
  QuestionnairesResponse,
} from '../../src/contract/questionnaire.js';
import type { Db } from '../db/db.js';
import { evaluateOutcomes } from '../services/questionnaire-outcomes.js';
import type { OutcomeRuleRow } from '../db/questionnaires.repo.js';
import type { AnswerRow } from '../db/questionnaire-answers.repo.js';
import { SETUP_TIMEOUT, openTestApp, closeTestApp } from './helpers.js';
import {
  book,
  clinicId,
  clock,
  deviceIds,
  MANY_BOOKINGS,
  newKey,
  PATIENT,
  idsByCode,
  MRI_SAFE,
} from './booking-helpers.js';
import { keyRef } from '../db/secrets.js';

const CT_SAFE = { kidneyDisease: 'no', contrastAllergy: 'no', dvaCard: 'no' };

describe('questionnaires before booking ', () => {
  let db: Db;
  let app: FastifyInstance;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ db, app } = await openTestApp('questionnaires', { booking: MANY_BOOKINGS }, { clock }));
    Object.assign(ids, await idsByCode(db, 'questionnaires'));
  }, SETUP_TIMEOUT);
  afterAll(() => closeTestApp(app, db));

  const list = (query: string) =>
    app.inject({ method: 'GET', url: `/api/questionnaires?${query}` });
  const save = (bookingKey: string, code: string, questionnaireResult: object, examSlug?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/questionnaires/temporary_answers',
      payload: { bookingKey, questionnaireId: ids[code], questionnaireResult, examSlug },
    });
  const processOutcomes = async (bookingKey: string, examSlugs?: string[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/questionnaires/process_outcomes',
      payload: { bookingKey, examSlugs },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProcessedOutcomeResponse>();
  };
  const answered = async (code: string, answers: object, examSlug = 'mri-knee') => {
    const key = await newKey(app);
    const res = await save(key, code, answers, examSlug);
    expect(res.statusCode, res.body).toBe(200);
    return key;
  };
  const bookAt = async (bookingKey: string, startDateTime: string, examSlug = 'mri-knee') =>
    book(app, {
      bookingKey,
      examSlug,
      clinicId: await clinicId(db, 'sydney-cbd'),
      deviceId: (
        await deviceIds(db, 'sydney-cbd', examSlug.startsWith('ct') ? 'ct' : 'mri')
      )[0] as number,
      startDateTime,
      patient: PATIENT,
    });

  it('R-7-calls-29 R-3-22 lists the questionnaires of an exam and issues a booking key when none is given', async () => {
    const res = await list('examSlugs=mri-knee');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<QuestionnairesResponse>();
    expect(body.bookingKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(body.questionnaires.map((q) => q.id)).toEqual([ids['mri-safety']]);
    expect(body.questionnaires[0]).toMatchObject({
      type: 'CREATE_BOOKING_REQUEST',
      title: 'MRI safety screening',
      modalSize: 'lg',
      showClosingConfirmation: true,
      general: false,
      examSlugs: [],
    });
    expect(body.questionnaires[0]?.modalityIds).toHaveLength(1);
    expect(body.questionnaires[0]?.json.pages.length).toBeGreaterThan(0);
    expect(body).toMatchObject({ examQuestionnaireAnswers: [], allQuestionnaireAnswers: [] });
    expect(res.headers['cache-control']).toBe('no-store');

    const ultrasound = (await list('examSlugs=us-abdomen')).json<QuestionnairesResponse>();
    expect(ultrasound.questionnaires.map((q) => [q.type, q.modalSize])).toEqual([
      ['BOOKING_FORM', 'md'],
    ]);
    const pain = (
      await list('types=PAIN_SCORE_INITIAL,PAIN_SCORE_FINAL')
    ).json<QuestionnairesResponse>();
    expect(pain.questionnaires.map((q) => q.type)).toEqual([
      'PAIN_SCORE_INITIAL',
      'PAIN_SCORE_FINAL',
    ]);
    const byModality = (await list('modality=mammography')).json<QuestionnairesResponse>();
    expect(byModality.questionnaires.map((q) => q.type)).toEqual(['MODALITY_ROUTING']);
  });

  it('R-7-calls-29 R-7-calls-30 R-7-calls-31 documents every questionnaire path in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const paths = Object.keys(doc.paths).filter((path) =>
      /questionnaire|feedback|consent|pain_score|protocol/.test(path),
    );
    expect(paths.sort()).toEqual([
      '/api/image_viewer_link/questionnaires',
      '/api/questionnaires',
      '/api/questionnaires/change_exam',
      '/api/questionnaires/message',
      '/api/questionnaires/process_outcomes',
      '/api/questionnaires/temporary_answers',
      '/api/questionnaires/{questionnaireId}',
      '/api/secured/appointments/{id}/consent_forms',
      '/api/secured/appointments/{id}/consent_forms/{consentFormId}',
      '/api/secured/appointments/{id}/feedback',
      '/api/secured/appointments/{id}/pain_score',
      '/api/secured/appointments/{id}/questionnaire_answers',
      '/api/secured/appointments/{id}/questionnaires',
      '/api/secured/booking_requests/{id}/protocol',
      '/api/secured/booking_requests/{id}/questionnaire_answers',
      '/api/secured/booking_requests/{id}/questionnaires',
    ]);
    for (const path of paths) {
      for (const operation of Object.values(doc.paths[path] ?? {})) {
        expect(Object.keys(operation.responses)).toEqual(
          expect.arrayContaining(['200', '4XX', '5XX']),
        );
      }
    }
  });

  it('answers 4xx with message keys for unknown keys, exams, types and questionnaires', async () => {
    expect((await list('bookingKey=AAAAAAAAAAAAAAAAAAAAAAAA')).json().message).toBe(
      'message.booking_key_invalid',
    );
    expect((await list('examSlugs=mri-toe')).statusCode).toBe(404);
    expect((await list('types=NOPE')).statusCode).toBe(400);
    expect((await list('bookingKey=short')).statusCode).toBe(400);
    const missing = await app.inject({ method: 'GET', url: '/api/questionnaires/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('message.questionnaire_not_found');
    const one = await app.inject({
      method: 'GET',
      url: `/api/questionnaires/${ids['ct-contrast']}`,
    });
    expect(one.json()).toMatchObject({ id: ids['ct-contrast'], type: 'CREATE_BOOKING_REQUEST' });
  });

  it('R-8-04 refuses answers without a required answer, with the question named', async () => {
    const key = await newKey(app);
    const res = await save(key, 'mri-safety', { ...MRI_SAFE, pacemaker: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'message.error_answering_questionnaire',
      fields: { pacemaker: 'questionnaire.error.required_choice' },
    });
    const follow = await save(key, 'mri-safety', { ...MRI_SAFE, implants: 'yes' });
    expect(follow.json().fields).toEqual({ implantTypes: 'questionnaire.error.required_choice' });
    const all = (await list(`examSlugs=mri-knee&bookingKey=${key}`)).json<QuestionnairesResponse>();
    expect(all.allQuestionnaireAnswers).toEqual([]);
  });

  it('R-8-04 refuses a value that is not among the choices', async () => {
    const key = await newKey(app);
    const res = await save(key, 'mri-safety', { ...MRI_SAFE, pacemaker: 'maybe' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ pacemaker: 'questionnaire.error.choice' });
    const checkbox = await save(key, 'mri-safety', {
      ...MRI_SAFE,
      implants: 'yes',
      implantTypes: ['joint', 'titanium'],
    });
    expect(checkbox.json().fields).toEqual({ implantTypes: 'questionnaire.error.choice' });
  });

  it('drops the answers of hidden questions and unknown names before storing', async () => {
    const key = await newKey(app);
    const res = await save(key, 'mri-safety', {
      ...MRI_SAFE,
      implantTypes: ['joint'],
      implantDetails: 'hip',
      injected: '<script>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<QuestionnaireAnswer>();
    expect(answer.questionnaireResult).toEqual(MRI_SAFE);
    expect(answer).toMatchObject({
      kind: 'TEMPORARY',
      examSlug: null,
      questionnaireType: 'CREATE_BOOKING_REQUEST',
    });

    const visible = await save(
      key,
      'mri-safety',
      { ...MRI_SAFE, implants: 'yes', implantTypes: ['other'], implantDetails: 'Stent, 2019' },
      'mri-knee',
    );
    expect(visible.statusCode, visible.body).toBe(200);
    expect(visible.json<QuestionnaireAnswer>().questionnaireResult).toMatchObject({
      implantDetails: 'Stent, 2019',
    });
    // Saving again replaces the earlier answer.
    const after = (
      await list(`examSlugs=mri-knee&bookingKey=${key}`)
    ).json<QuestionnairesResponse>();
    expect(after.allQuestionnaireAnswers).toHaveLength(1);
    expect(after.examQuestionnaireAnswers[0]).toMatchObject({
      examSlug: 'mri-knee',
      questionnaireId: ids['mri-safety'],
    });
    expect(typeof after.examQuestionnaireAnswers[0]?.modality).toBe('number');
  });

  it('R-4-quest-02 refuses a questionnaire sent to the save call of another type', async () => {
    const key = await newKey(app);
    const res = await save(key, 'patient-feedback', { satisfaction: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('message.questionnaire_type_mismatch');
  });

  it('R-4-quest-03 processes no outcome for safe answers', async () => {
    const key = await answered('mri-safety', MRI_SAFE);
    const outcome = await processOutcomes(key);
    expect(outcome).toMatchObject({
      success: true,
      message: null,
      outcomes: [],
      newExamSlug: null,
      restrictMinDate: null,
    });
  });

  it('R-4-quest-04 DENY_BOOKING: a pacemaker denies online booking with a message and a phone number', async () => {
    const key = await answered('mri-safety', { ...MRI_SAFE, pacemaker: 'yes' });
    const outcome = await processOutcomes(key);
    expect(outcome).toMatchObject({
      success: false,
      message: 'message.questionnaire_denied_pacemaker',
      messageParams: { phone: '(02) 5550 0100' },
      outcomes: ['DENY_BOOKING'],
    });
    const message = await app.inject({
      method: 'GET',
      url: `/api/questionnaires/message?bookingKey=${key}`,
    });
    expect(message.json()).toEqual({
      message: 'message.questionnaire_denied_pacemaker',
      messageParams: { phone: '(02) 5550 0100' },
    });
    const texts = await app.inject({ method: 'GET', url: '/api/assets/translations?lang=en-AU' });
    expect(texts.json()['message.questionnaire_denied_pacemaker']).toContain('{{phone}}');
  });

  it('R-4-quest-04 the server refuses to book for a key whose stored answers deny booking', async () => {
    const key = await answered('mri-safety', { ...MRI_SAFE, pacemaker: 'yes' });
    const res = await bookAt(key, '2026-11-23T10:00:00+11:00');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('message.questionnaire_denied_pacemaker');
    const pending = await app.inject({
      method: 'POST',
      url: '/api/booking/pending_appointments',
      payload: {
        bookingKey: key,
        examSlug: 'mri-knee',
        clinicId: await clinicId(db, 'sydney-cbd'),
        deviceId: (await deviceIds(db, 'sydney-cbd', 'mri'))[0],
        startDateTime: '2026-11-23T10:00:00+11:00',
        patient: PATIENT,
      },
    });
    expect(pending.statusCode).toBe(403);
    const { rows } = await db.query('SELECT 1 FROM appointments WHERE booking_key = $1', [
      keyRef(key),
    ]);
    expect(rows).toEqual([]);
  });

  it('R-4-quest-10 RESTRICT_MIN_DATE: a possible pregnancy restricts the earliest date, and the server refuses earlier slots', async () => {
    const key = await answered('mri-safety', { ...MRI_SAFE, pregnant: 'unsure' });
    const outcome = await processOutcomes(key);
    // Answered on Monday 28 September 2026 (the tests' clock), plus 14 days.
    expect(outcome).toMatchObject({
      success: true,
      restrictMinDate: '2026-10-12',
      restrictQuestionnaireId: ids['mri-safety'],
      outcomes: ['RESTRICT_MIN_DATE'],
    });
    const early = await bookAt(key, '2026-10-09T09:00:00+11:00');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('message.questionnaire_date_restricted');
    const onTheDay = await bookAt(key, '2026-10-12T09:00:00+11:00');
    expect(onTheDay.statusCode, onTheDay.body).toBe(200);
  });

  it('R-4-quest-10 the slot search of a restricted key offers no time before the restricted date', async () => {
    const key = await answered('mri-safety', { ...MRI_SAFE, pregnant: 'yes' });
    const sydney = await clinicId(db, 'sydney-cbd');
    const search = (examBookingKey?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/booking/clinic_appointments',
        payload: {
          clinicIds: [sydney],
          examSlug: 'mri-knee',
          start: '2026-10-08',
          end: '2026-10-13',
          examBookingKey,
        },
      });
    const dates = (res: Awaited<ReturnType<typeof search>>) =>
      new Set(
        res
          .json<{ slots: { startDateTime: string }[] }[]>()
          .flatMap((c) => c.slots.map((s) => s.startDateTime.slice(0, 10))),
      );
    expect([...dates(await search())].sort()).toContain('2026-10-08');
    const restricted = [...dates(await search(key))].sort();
    expect(restricted[0]).toBe('2026-10-12');
    const next = await app.inject({
      method: 'GET',
      url: `/api/booking/find_next_available?examSlug=mri-knee&clinicIds=${sydney}&from=2026-10-01&bookingKey=${key}`,
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json<{ startDateTime: string }>().startDateTime.slice(0, 10)).toBe('2026-10-12');
  });

  it('R-4-quest-08 CHANGE_EXAM: claustrophobia changes MRI Knee to the wide-bore exam, once', async () => {
    const key = await answered('mri-safety', { ...MRI_SAFE, claustrophobic: 'yes' });
    const outcome = await processOutcomes(key, ['mri-knee']);
    expect(outcome).toMatchObject({
      success: true,
      newExamSlug: 'mri-knee-wide-bore',
      outcomes: ['CHANGE_EXAM', 'PATIENT_NOTE'],
    });
    const change = (examSlug: string) =>
      app.inject({
        method: 'POST',
        url: '/api/questionnaires/change_exam',
        payload: { bookingKey: key, examSlug },
      });
    const changed = await change('mri-knee');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      examSlug: 'mri-knee',
      newExamSlug: 'mri-knee-wide-bore',
    });
    // The answers now belong to the new exam, which is not changed again.
    expect((await processOutcomes(key)).newExamSlug).toBeNull();
    const after = (
      await list(`examSlugs=mri-knee-wide-bore&bookingKey=${key}`)
    ).json<QuestionnairesResponse>();
    expect(after.examQuestionnaireAnswers.map((a) => a.examSlug)).toEqual(['mri-knee-wide-bore']);
    const again = await change('mri-knee-wide-bore');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('message.exam_change_not_allowed');
    // The new exam exists in the catalogue and can be booked.
    const exams = (await app.inject({ method: 'GET', url: '/api/booking/exams' })).json<
      { slug: string }[]
    >();
    expect(exams.map((e) => e.slug)).toContain('mri-knee-wide-bore');
  });

  it('R-4-quest-05 REQUIRE_MEDICARE_NUMBER and REQUIRE_VALIDATION_CODE', async () => {
    const mri = await answered('mri-safety', { ...MRI_SAFE, medicareRebate: 'yes' });
    expect(await processOutcomes(mri)).toMatchObject({
      success: true,
      medicareNumberRequired: true,
      validationCodeRequired: false,
    });
    const without = await bookAt(mri, '2026-11-23T11:00:00+11:00');
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({
      message: 'message.validation_error',
      fields: { medicareNumber: 'form.required' },
    });
    const withNumber = await book(app, {
      bookingKey: mri,
      examSlug: 'mri-knee',
      clinicId: await clinicId(db, 'sydney-cbd'),
      deviceId: (await deviceIds(db, 'sydney-cbd', 'mri'))[0] as number,
      startDateTime: '2026-11-23T11:00:00+11:00',
      patient: { ...PATIENT, medicareNumber: '2123 45670 1' },
    });
    expect(withNumber.statusCode, withNumber.body).toBe(200);
    const ct = await answered('ct-contrast', { ...CT_SAFE, dvaCard: 'yes' }, 'ct-brain');
    expect(await processOutcomes(ct)).toMatchObject({
      validationCodeRequired: true,
      insuranceTypeId: 3,
      outcomes: ['REQUIRE_VALIDATION_CODE', 'SET_INSURANCE_TYPE'],
    });
  });

  it('CREATE_BOOKING_REQUEST: a contrast risk turns the booking into a booking request, enforced by the server', async () => {
    const key = await answered(
      'ct-contrast',
      { ...CT_SAFE, contrastAllergy: 'yes', reaction: 'hives' },
      'ct-brain',
    );
    const outcome = await processOutcomes(key);
    expect(outcome).toMatchObject({
      success: true,
      createBookingRequest: true,
      message: 'message.questionnaire_booking_request_contrast',
      outcomes: ['CREATE_BOOKING_REQUEST'],
    });
    const res = await bookAt(key, '2026-11-24T10:00:00+11:00', 'ct-brain');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('message.questionnaire_booking_request_required');
    const request = await app.inject({
      method: 'POST',
      url: '/api/booking/booking_requests',
      payload: { bookingKey: key, examSlugs: ['ct-brain'], clinicId: null, patient: PATIENT },
    });
    expect(request.statusCode, request.body).toBe(200);
  });

  it('R-4-quest-06 SET_DOCUMENT_TYPE from the ultrasound preparation', async () => {
    const key = await answered(
      'ultrasound-preparation',
      { understood: true, hasReferral: 'yes' },
      'us-abdomen',
    );
    expect(await processOutcomes(key)).toMatchObject({
      documentTypeId: 1,
      outcomes: ['SET_DOCUMENT_TYPE'],
    });
  });

  it('R-4-quest-09 WALK_IN_EXAM and R-4-quest-07 REDIRECT from modality routing', async () => {
    const walkIn = await answered('modality-routing', { reason: 'injury' }, 'xray-knee');
    expect(await processOutcomes(walkIn)).toMatchObject({
      walkInExamName: 'Chest X-ray walk-in',
      prepTime: 0,
      minutesPrior: 30,
      walkInEnabledGroup: 'x-ray',
      outcomes: ['WALK_IN_EXAM'],
    });
    const redirect = await answered(
      'modality-routing',
      { reason: 'screening' },
      'mammogram-screening',
    );
    expect(await processOutcomes(redirect)).toMatchObject({
      url: 'https://www.breastscreen.org.au/',
      outcomes: ['REDIRECT'],
    });
  });

  it('R-4-create-09 temporary answers move with the booking key, and the denial moves with them', async () => {
    const old = await answered('mri-safety', { ...MRI_SAFE, pacemaker: 'yes' });
    const next = await newKey(app);
    const moved = await app.inject({
      method: 'POST',
      url: '/api/booking/booking_key/update',
      payload: { oldBookingKey: old, newBookingKey: next },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const onNew = (
      await list(`examSlugs=mri-knee&bookingKey=${next}`)
    ).json<QuestionnairesResponse>();
    expect(onNew.examQuestionnaireAnswers.map((a) => a.questionnaireId)).toEqual([
      ids['mri-safety'],
    ]);
    const onOld = (
      await list(`examSlugs=mri-knee&bookingKey=${old}`)
    ).json<QuestionnairesResponse>();
    expect(onOld.allQuestionnaireAnswers).toEqual([]);
    expect((await processOutcomes(next)).success).toBe(false);
    expect((await bookAt(next, '2026-11-25T10:00:00+11:00')).statusCode).toBe(403);
  });

  it('a key that has booked no longer reads or writes answers publicly', async () => {
    const key = await answered('mri-safety', MRI_SAFE);
    expect((await bookAt(key, '2026-11-26T10:00:00+11:00')).statusCode).toBe(200);
    const res = await list(`examSlugs=mri-knee&bookingKey=${key}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('message.booking_key_used');
    expect((await save(key, 'mri-safety', MRI_SAFE)).statusCode).toBe(409);
  });
});

describe('evaluateOutcomes (R-3-24 R-3-25 R-3-26)', () => {
  const answer = (
    questionnaireResult: Record<string, unknown>,
    questionnaireId = 1,
  ): AnswerRow => ({
    id: 1,
    bookingKey: keyRef('k'),
    questionnaireId,
    questionnaireType: 'CREATE_BOOKING_REQUEST',
    questionnaireResult,
    modality: null,
    examSlug: 'mri-knee',
    kind: 'TEMPORARY',
    painScore: null,
    appointmentId: null,
    bookingRequestId: null,
    dateCreated: new Date('2026-09-28T00:00:00Z'),
  });
  const rule = (r: Partial<OutcomeRuleRow>): OutcomeRuleRow => ({
    questionnaireId: 1,
    type: 'REDIRECT',
    expression: 'true',
    result: null,
    evaluateResult: false,
    ...r,
  });

  it('evaluates a result expression when evaluateResult is set', () => {
    const outcome = evaluateOutcomes(
      [answer({ clinic: 'perth' })],
      [
        rule({
          expression: '{clinic} notempty',
          result: "'https://example.org/' + {clinic}",
          evaluateResult: true,
        }),
      ],
      { examSlugs: [] },
    );
    expect(outcome.url).toBe('https://example.org/perth');
  });

  it('lets a denial win over a booking request, and the latest restricted date win', () => {
    const outcome = evaluateOutcomes(
      [answer({ a: 1 })],
      [
        rule({ type: 'CREATE_BOOKING_REQUEST', result: { message: 'message.first' } }),
        rule({ type: 'DENY_BOOKING', expression: '{a} = 1' }),
        rule({ type: 'RESTRICT_MIN_DATE', result: { date: '2026-10-01' } }),
        rule({ type: 'RESTRICT_MIN_DATE', result: { days: 30, timeZone: 'Australia/Perth' } }),
      ],
      { examSlugs: [] },
    );
    expect(outcome).toMatchObject({
      success: false,
      message: 'message.questionnaire_booking_denied',
      createBookingRequest: true,
      restrictMinDate: '2026-10-28',
      restrictQuestionnaireId: 1,
    });
  });

  it('ignores rules that do not parse and rules of other questionnaires', () => {
    const outcome = evaluateOutcomes(
      [answer({ a: 1 })],
      [
        rule({ type: 'DENY_BOOKING', expression: '{a} = = 1' }),
        rule({ questionnaireId: 2, type: 'DENY_BOOKING' }),
      ],
      { examSlugs: [] },
    );
    expect(outcome.success).toBe(true);
  });

  it('changes an exam only when the result maps one of the exams being booked', () => {
    const change = rule({
      type: 'CHANGE_EXAM',
      result: { examSlugs: { 'mri-knee': 'mri-knee-wide-bore' } },
    });
    expect(
      evaluateOutcomes([answer({})], [change], { examSlugs: ['mri-brain'] }).newExamSlug,
    ).toBeNull();
    expect(evaluateOutcomes([answer({})], [change], { examSlugs: ['mri-knee'] }).newExamSlug).toBe(
      'mri-knee-wide-bore',
    );
    const single = rule({ type: 'CHANGE_EXAM', result: 'ct-brain' });
    expect(
      evaluateOutcomes([answer({})], [single], { examSlugs: ['ct-brain'] }).newExamSlug,
    ).toBeNull();
  });
});
