import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeFetch,
  errorResponse,
  jsonResponse,
  type RecordedRequest,
} from '../../src/api/testing';
import questionnaire from '../../tests/fixtures/questionnaire-all-types.json';
import { emptyOutcome } from '../../src/domain/questionnaire/outcomes';

type Routes = Record<string, (request: RecordedRequest) => Response>;

const OUTCOME = emptyOutcome();

const EXAMS = [
  { slug: 'mri-knee', name: 'MRI Knee', modalityId: 1, modality: 'mri', bodyPart: 'knee' },
  { slug: 'ct-chest', name: 'CT Chest', modalityId: 2, modality: 'ct', bodyPart: 'chest' },
];

const list = (answered: number[] = []) => ({
  questionnaires: [questionnaire],
  bookingKey: 'BK1',
  examQuestionnaireAnswers: [],
  allQuestionnaireAnswers: answered.map((id) => ({ questionnaireId: id })),
});

const route = (request: RecordedRequest) =>
  `${request.method} ${new URL(request.url, 'http://localhost').pathname}`;

function stub(routes: Routes) {
  const fetch = createFakeFetch((request) => {
    const handler = routes[route(request)];
    return handler ? handler(request) : errorResponse(404, 'message.not_found');
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function fresh() {
  vi.resetModules();
  return import('./questionnaire.store');
}

const PAIN = {
  ...questionnaire,
  id: 5,
  type: 'PAIN_SCORE_INITIAL',
  title: 'Pain score',
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('questionnaire flow (spec 4)', () => {
  it('R-4-quest-01/02/03/11, R-9-19: asks, saves a temporary answer, processes outcomes, then the slots after 100 ms', async () => {
    const fetch = stub({
      'GET /api/questionnaires': () => jsonResponse(list()),
      'POST /api/questionnaires/temporary_answers': () => jsonResponse({ id: 1 }),
      'POST /api/questionnaires/process_outcomes': () =>
        jsonResponse({ ...OUTCOME, createBookingRequest: true }),
    });
    const store = await fresh();
    store.startFlow('/questionnaires', '?examSlug=mri-knee&selectedClinic=2&backUrl=%2F');
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('asking'));
    await store.submitAnswers({ pacemaker: 'no' });
    expect(store.$questionnaireNavigation.get()).toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    const target = store.$questionnaireNavigation.get() as { path: string; search: string };
    expect(target.path).toBe('/select-clinic');
    const params = new URLSearchParams(target.search);
    expect(params.get('isBookingRequest')).toBe('true');
    expect(params.get('bookingKey')).toBe('BK1');
    const saved = fetch.calls.find((call) => call.url.includes('temporary_answers'))!;
    expect(JSON.parse(String(saved.init.body))).toMatchObject({
      bookingKey: 'BK1',
      questionnaireId: 901,
      examSlug: 'mri-knee',
    });
  });

  it('R-4-quest-01 issue 13: the page names the exams, the chosen clinic and the forms; each form says which exam it is for', async () => {
    const ctScreening = {
      ...questionnaire,
      id: 902,
      title: 'CT contrast screening',
      examSlugs: [],
      modalityIds: [2],
    };
    stub({
      'GET /api/questionnaires': () =>
        jsonResponse({ ...list(), questionnaires: [questionnaire, ctScreening], exams: EXAMS }),
      'GET /api/booking/clinics/by_ids': () => jsonResponse([{ id: 2, name: 'Sydney CBD' }]),
    });
    const store = await fresh();
    store.startFlow('/questionnaires', '?examSlug=mri-knee,ct-chest&selectedClinic=2');
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('asking'));
    expect(store.$questionnaireAbout.get()).toEqual({
      mode: 'before',
      exams: EXAMS,
      clinicName: 'Sydney CBD',
      forms: [
        { key: 'q-901', title: 'MRI safety questions', examNames: ['MRI Knee'] },
        { key: 'q-902', title: 'CT contrast screening', examNames: ['CT Chest'] },
      ],
    });
    expect(store.$questionnaireView.get()).toMatchObject({ position: 1, count: 2 });
  });

  it('R-4-quest-02 issue 13: an answer is saved with every exam booked and belongs to the exam of its modality', async () => {
    const byModality = { ...questionnaire, examSlugs: [], modalityIds: [1] };
    const fetch = stub({
      'GET /api/questionnaires': () =>
        jsonResponse({ ...list(), questionnaires: [byModality], exams: [...EXAMS].reverse() }),
      'POST /api/questionnaires/temporary_answers': () => jsonResponse({ id: 1 }),
      'POST /api/questionnaires/process_outcomes': () => jsonResponse(OUTCOME),
    });
    const store = await fresh();
    store.startFlow('/questionnaires', '?examSlug=ct-chest,mri-knee');
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('asking'));
    await store.submitAnswers({ pacemaker: 'no' });
    const saved = fetch.calls.find((call) => call.url.includes('temporary_answers'))!;
    expect(JSON.parse(String(saved.init.body))).toMatchObject({
      examSlug: 'mri-knee',
      examSlugs: ['ct-chest', 'mri-knee'],
    });
  });

  it('R-4-quest-03/11 PATIENT_NOTE: what the answers mean is shown before the slots; Continue goes on', async () => {
    const note = {
      message: 'message.questionnaire_note_claustrophobia',
      messageParams: { phone: '(02) 5550 0100' },
    };
    stub({
      'GET /api/questionnaires': () => jsonResponse({ ...list(), exams: EXAMS }),
      'POST /api/questionnaires/temporary_answers': () => jsonResponse({ id: 1 }),
      'POST /api/questionnaires/process_outcomes': () =>
        jsonResponse({ ...OUTCOME, notes: [note] }),
    });
    const store = await fresh();
    store.startFlow('/questionnaires', '?examSlug=mri-knee');
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('asking'));
    await store.submitAnswers({ claustrophobic: 'yes' });
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('result'));
    expect(store.$questionnaireView.get()).toEqual({ state: 'result', notes: [note] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.$questionnaireNavigation.get()).toBeNull();
    store.continueBooking();
    await vi.advanceTimersByTimeAsync(100);
    const target = store.$questionnaireNavigation.get() as { path: string };
    expect(target.path).toBe('/select-clinic');
  });

  it('R-4-quest-08/13, R-9-16: an exam change reloads the flow 400 ms later with the new exam', async () => {
    // Only the fake clock moves here: a busy machine must not push the 400 ms along.
    vi.useRealTimers();
    vi.useFakeTimers();
    stub({
      'GET /api/questionnaires': () => jsonResponse(list()),
      'POST /api/questionnaires/temporary_answers': () => jsonResponse({ id: 1 }),
      'POST /api/questionnaires/process_outcomes': () =>
        jsonResponse({ ...OUTCOME, newExamSlug: 'mri-knee-wide-bore' }),
      'POST /api/questionnaires/change_exam': () =>
        jsonResponse({ examSlug: 'mri-knee', newExamSlug: 'mri-knee-wide-bore' }),
    });
    const store = await fresh();
    store.startFlow('/iframe/questionnaires', '?examSlug=mri-knee');
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('asking'));
    await store.submitAnswers({ claustrophobic: 'yes' });
    await vi.advanceTimersByTimeAsync(399);
    expect(store.$questionnaireNavigation.get()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    const target = store.$questionnaireNavigation.get() as { path: string; search: string };
    expect(target.path).toBe('/iframe/questionnaires');
    const params = new URLSearchParams(target.search);
    expect(params.get('examSlug')).toBe('mri-knee-wide-bore');
    expect(params.get('changedExamSlug')).toBe('mri-knee');
  });

  it('R-4-quest-12: everything answered before shows questionnaires_already_answered', async () => {
    stub({ 'GET /api/questionnaires': () => jsonResponse(list([901])) });
    const store = await fresh();
    store.startFlow('/questionnaires', '?examSlug=mri-knee');
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('message'));
    expect(store.$questionnaireView.get()).toMatchObject({
      messageKey: 'message.questionnaires_already_answered',
      canContinue: true,
    });
  });

  it('R-8-05/06: a failed pain-score save goes to the deny page with showClose', async () => {
    stub({
      'POST /api/secured/appointments/summary': () =>
        jsonResponse({ appointments: [{ slug: 'apt-1', status: 'BOOKED', examSlug: 'mri-knee' }] }),
      'GET /api/secured/appointments/apt-1/questionnaires': () =>
        jsonResponse({ ...list(), questionnaires: [PAIN] }),
      'POST /api/secured/appointments/apt-1/pain_score': () =>
        errorResponse(500, 'message.error_general'),
    });
    const store = await fresh();
    store.startFlow(
      '/questionnaires',
      '?bookingKey=K1&types=PAIN_SCORE_INITIAL&backUrl=/appointments/K1',
    );
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('asking'));
    await store.submitAnswers({ pain: 4 });
    const target = store.$questionnaireNavigation.get() as { path: string; search: string };
    expect(target.path).toBe('/deny');
    const params = new URLSearchParams(target.search);
    expect(params.get('customMessage')).toBe('message.pain_score_problem');
    expect(params.get('showClose')).toBe('true');
    expect(params.get('redirectUrl')).toBe('/appointments/K1');
  });

  it('after booking: a saved pain score returns to the page marked answered, with no process_outcomes call (a booked key answers 409)', async () => {
    const fetch = stub({
      'POST /api/secured/appointments/summary': () =>
        jsonResponse({ appointments: [{ slug: 'apt-1', status: 'BOOKED', examSlug: 'mri-knee' }] }),
      'GET /api/secured/appointments/apt-1/questionnaires': () =>
        jsonResponse({ ...list(), questionnaires: [PAIN] }),
      'POST /api/secured/appointments/apt-1/pain_score': () => jsonResponse({ id: 1 }),
    });
    const store = await fresh();
    store.startFlow(
      '/questionnaires',
      '?bookingKey=K1&types=PAIN_SCORE_INITIAL&backUrl=/appointments/K1',
    );
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('asking'));
    await store.submitAnswers({ pain: 4 });
    expect(fetch.calls.some((c) => c.url.includes('process_outcomes'))).toBe(false);
    expect(store.$questionnaireNavigation.get()).toMatchObject({
      path: '/appointments/K1',
      search: '?answered=PAIN_SCORE_INITIAL',
    });
  });

  it('R-8-07: the staff protocol entry names the booking request by its slug and asks PROTOCOL only', async () => {
    const PROTOCOL = { ...questionnaire, id: 6, type: 'PROTOCOL', title: 'Radiologist protocol' };
    let failSave = true;
    const fetch = stub({
      'GET /api/secured/booking_requests/br-1/questionnaires': () =>
        jsonResponse({ ...list(), bookingKey: '', questionnaires: [PROTOCOL] }),
      'POST /api/secured/booking_requests/br-1/protocol': () =>
        failSave
          ? errorResponse(400, 'message.booking_request_waiting_protocol_error')
          : jsonResponse({ id: 1 }),
    });
    const store = await fresh();
    store.startFlow(
      '/questionnaires',
      '?types=FEEDBACK&bookingRequestSlug=br-1&backUrl=/booking-requests/done',
    );
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('asking'));
    const listed = fetch.calls.find((c) => c.url.includes('/questionnaires'))!;
    expect(new URL(listed.url, 'http://x').searchParams.get('types')).toBe('PROTOCOL');
    // No booking key: no summary call, no outcomes.
    expect(fetch.calls.some((c) => c.url.includes('summary'))).toBe(false);
    await store.submitAnswers({ protocol: 'standard' });
    expect(store.$questionnaireView.get()).toMatchObject({
      state: 'asking',
      errorKey: 'message.booking_request_waiting_protocol_error',
    });
    failSave = false;
    await store.submitAnswers({ protocol: 'standard' });
    await vi.waitFor(() =>
      expect(store.$questionnaireNavigation.get()).toMatchObject({
        path: '/booking-requests/done',
      }),
    );
    expect(fetch.calls.some((c) => c.url.includes('process_outcomes'))).toBe(false);
  });

  it('an unknown booking key is not found, without a Retry that could never succeed', async () => {
    stub({
      'POST /api/secured/appointments/summary': () => errorResponse(404, 'message.not_found'),
      'POST /api/secured/booking_requests/summary': () => errorResponse(404, 'message.not_found'),
    });
    const store = await fresh();
    store.startFlow('/questionnaires', '?bookingKey=UNKNOWN&types=PAIN_SCORE_INITIAL');
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('message'));
    expect(store.$questionnaireView.get()).toMatchObject({
      messageKey: 'message.appointment_not_found',
      tone: 'error',
      canRetry: false,
    });
  });

  it('a network failure while loading offers Retry', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const store = await fresh();
    store.startFlow('/questionnaires', '?examSlug=mri-knee');
    await vi.advanceTimersByTimeAsync(60_000); // the client's own retries of a GET
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('message'));
    expect(store.$questionnaireView.get()).toMatchObject({
      messageKey: 'message.error_general',
      canRetry: true,
    });
  });

  it('a run that is left (stopFlow) or replaced writes nothing late', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const store = await fresh();
    store.startFlow('/questionnaires', '?examSlug=mri-knee');
    store.stopFlow();
    answer(jsonResponse(list()));
    await vi.advanceTimersByTimeAsync(10);
    expect(store.$questionnaireView.get().state).toBe('loading');
  });

  it('a bookingRequestSlug that is not a slug is ignored', async () => {
    const store = await fresh();
    expect(
      store.parseContext('/questionnaires', '?bookingRequestSlug=../x').bookingRequestSlug,
    ).toBe(null);
    expect(store.parseContext('/questionnaires', '?bookingRequestSlug=br-1').mode).toBe('after');
  });

  it('R-8-07 a booking slug the server made may start with _ or - (base64url): the flow is about that booking', async () => {
    const store = await fresh();
    for (const slug of ['_qxM5TOJrc_S', '-b3Xk9aa_1zQ']) {
      const context = store.parseContext(
        '/questionnaires',
        `?types=PROTOCOL&bookingRequestSlug=${slug}`,
      );
      expect(context.bookingRequestSlug).toBe(slug);
      expect(context.mode).toBe('after');
    }
  });

  it('R-8-04: a failed save keeps the questionnaire open with message.error_answering_questionnaire', async () => {
    stub({
      'GET /api/questionnaires': () => jsonResponse(list()),
      'POST /api/questionnaires/temporary_answers': () =>
        errorResponse(400, 'message.error_answering_questionnaire'),
    });
    const store = await fresh();
    store.startFlow('/questionnaires', '?examSlug=mri-knee');
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('asking'));
    await store.submitAnswers({});
    expect(store.$questionnaireView.get()).toMatchObject({
      state: 'asking',
      saving: false,
      errorKey: 'message.error_answering_questionnaire',
    });
  });

  it('R-2.5-20: closing goes to the back URL; a foreign back URL is ignored for the default', async () => {
    stub({ 'GET /api/questionnaires': () => jsonResponse(list()) });
    const store = await fresh();
    store.startFlow('/questionnaires', '?examSlug=mri-knee&backUrl=%2F%3FexamSlug%3Dmri-knee');
    store.closeQuestionnaire();
    expect(store.$questionnaireNavigation.get()).toEqual({
      path: '/',
      search: '?examSlug=mri-knee',
      replace: false,
    });
    store.startFlow('/questionnaires', '?examSlug=mri-knee&backUrl=https%3A%2F%2Fevil.example');
    store.closeQuestionnaire();
    expect(store.$questionnaireNavigation.get()).toMatchObject({ path: '/' });
  });

  it('R-4-feedback-01/02/03, R-9-23: feedback thanks, then the redirect after 4000 ms; nothing to get means already answered', async () => {
    let given = false;
    stub({
      'POST /api/secured/appointments/summary': () =>
        jsonResponse({ appointments: [{ slug: 'apt-1', status: 'BOOKED', examSlug: 'mri-knee' }] }),
      'GET /api/secured/appointments/apt-1/feedback': () =>
        given
          ? new Response(null, { status: 204 })
          : jsonResponse({
              questionnaireId: 9,
              questionnaireResult: null,
              title: 'Feedback',
              modalSize: 'md',
              showClosingConfirmation: false,
              questionnaire: { examSlugs: [], modalityIds: [], json: questionnaire.json },
            }),
      'POST /api/secured/appointments/apt-1/feedback': () => {
        given = true;
        return jsonResponse({ id: 3 });
      },
      'POST /api/questionnaires/process_outcomes': () => jsonResponse(OUTCOME),
    });
    const store = await fresh();
    const search = '?bookingKey=K1&types=FEEDBACK&backUrl=/appointments/K1';
    store.startFlow('/questionnaires', search);
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('asking'));
    await store.submitAnswers({ rating: 5 });
    expect(store.$questionnaireView.get()).toMatchObject({
      messageKey: 'questionnaire.feedback.thanks',
    });
    // Not before the thanks has been on screen a while, and by 4000 ms. (An exact 3999/4000
    // boundary failed now and then: other timers of the flow run in the same fake clock.)
    await vi.advanceTimersByTimeAsync(3000);
    expect(store.$questionnaireNavigation.get()).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.$questionnaireNavigation.get()).toMatchObject({ path: '/appointments/K1' });
    store.startFlow('/questionnaires', search);
    await vi.waitFor(() => expect(store.$questionnaireView.get().state).toBe('message'));
    expect(store.$questionnaireView.get()).toMatchObject({
      messageKey: 'message.questionnaires_already_answered',
    });
  });
});
