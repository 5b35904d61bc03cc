import '../../widgets/appointment/define';
import '../../widgets/booking-request/define';
import summaryFixture from '../fixtures/appointment-summary.json';
import requestFixture from '../fixtures/booking-request-summary.json';
import { assert, equal, waitFor } from './assert';

/**
 * <imaging-appointment> and <imaging-booking-request> against a stubbed
 * secured API (the fixture middleware serves only public GETs): each test
 * says what the server answers and records what the element sent.
 */
type Answer = { status?: number; body?: unknown };
type Handler = (init: RequestInit | undefined, url: URL) => Answer;

const realFetch = globalThis.fetch;
let routes: Record<string, Handler> = {};
let calls: { method: string; path: string; body: unknown }[] = [];

function stubApi(next: Record<string, Handler>): void {
  routes = next;
  calls = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      location.href,
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return realFetch(input, init);
    calls.push({
      method,
      path: url.pathname + url.search,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    const answer = handler(init, url);
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

const KEY = summaryFixture.bookingKey;
const SLUG = 'apt-slug-1';
const BASE = '/api/secured/appointments';
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const navigations: { path: string; search: string }[] = [];
/** The test is the host router: it takes the move, so the element does not follow it alone. */
const onNavigated = (event: Event) => {
  event.preventDefault();
  navigations.push((event as CustomEvent<{ path: string; search: string }>).detail);
};

function mount(tag: string, path: string): HTMLElement {
  const element = document.createElement(tag);
  element.setAttribute('path', path);
  element.setAttribute('search', '');
  document.body.append(element);
  return element;
}

const shadow = (element: HTMLElement) => element.shadowRoot!;
const text = (element: HTMLElement) => shadow(element).textContent ?? '';
const button = (element: HTMLElement, label: string, within = '') =>
  waitFor(
    () =>
      [...shadow(element).querySelectorAll<HTMLButtonElement>(`${within} button`.trim())].find(
        (b) => b.textContent?.trim() === label && !b.disabled,
      ) ?? null,
    `button "${label}"`,
  );
const navigated = (path: string) =>
  waitFor(() => navigations.find((n) => n.path === path), `navigation to ${path}`);

beforeEach(() => {
  navigations.length = 0;
  document.addEventListener('imaging-navigated', onNavigated);
});
afterEach(() => {
  document.removeEventListener('imaging-navigated', onNavigated);
  document
    .querySelectorAll('imaging-appointment, imaging-booking-request')
    .forEach((e) => e.remove());
  globalThis.fetch = realFetch;
});

const summary =
  (patch: (s: typeof summaryFixture) => void = () => {}): Handler =>
  () => {
    const body = clone(summaryFixture);
    patch(body);
    return { body };
  };

/** The appointment has no questionnaires, consent forms or feedback (the server's empty answers). */
const noQuestionnaires: Record<string, Handler> = {
  [`GET ${BASE}/${SLUG}/questionnaires`]: () => ({
    body: {
      questionnaires: [],
      bookingKey: KEY,
      examQuestionnaireAnswers: [],
      allQuestionnaireAnswers: [],
    },
  }),
  [`GET ${BASE}/${SLUG}/consent_forms`]: () => ({
    body: { appointmentConsentForms: [], notifyPatient: false, consentForms: [], answers: [] },
  }),
  [`GET ${BASE}/${SLUG}/feedback`]: () => ({ status: 204 }),
};

const PAIN_SCORE = { id: 5, type: 'PAIN_SCORE_INITIAL', title: 'Pain score', json: { pages: [] } };

/** One required consent form, not answered yet. */
const requiredConsentFormPending = () => ({
  body: {
    appointmentConsentForms: [
      { consentFormId: 1, appointmentSlug: SLUG, required: true, answered: false },
    ],
    notifyPatient: true,
    consentForms: [],
    answers: [],
  },
});

describe('<imaging-appointment>', () => {
  it('R-2.4-29 R-3-31 shows the exam, the time in the clinic zone, the clinic with a map link and the preparation', async () => {
    stubApi({ [`POST ${BASE}/summary`]: summary() });
    const element = mount('imaging-appointment', `/appointments/${KEY}`);
    await waitFor(
      () => shadow(element).querySelector('h2')?.textContent === 'MRI Knee',
      'exam heading',
    );
    const page = text(element);
    assert(page.includes('Monday 23 November 2026'), 'clinic-local day');
    assert(/9:00\s?am AEDT/i.test(page), `clinic-local time with zone, got ${page}`);
    assert(page.includes('1 George Street, Sydney NSW 2000'), 'address');
    assert(page.includes('Remove all metal objects.'), 'preparation');
    assert(page.includes('Your referral from your doctor'), 'documents needed');
    const map = shadow(element).querySelector<HTMLAnchorElement>('a[target="_blank"]');
    assert(
      map?.href.includes('-33.8688') && map.href.includes('151.2093'),
      'map link with coordinates',
    );
    const calendar = [...shadow(element).querySelectorAll('a')].find(
      (a) => a.textContent === 'Add to calendar',
    );
    equal(calendar?.getAttribute('href'), `${BASE}/${SLUG}/calendar.ics`, 'calendar download');
    equal(
      calls[0]?.body && (calls[0].body as { bookingKey: string }).bookingKey,
      KEY,
      'the key goes in the body',
    );
    assert(!calls[0]?.path.includes(KEY), 'never in the URL');
  });

  it('confirm sends the confirm call and says so', async () => {
    stubApi({
      [`POST ${BASE}/summary`]: summary(),
      [`POST ${BASE}/${SLUG}/confirm`]: () => ({
        body: { ...clone(summaryFixture.appointments[0]), status: 'CONFIRMED' },
      }),
    });
    const element = mount('imaging-appointment', `/appointments/${KEY}`);
    (await button(element, 'Confirm attendance')).click();
    await waitFor(() => text(element).includes('your attendance is confirmed'), 'confirmed notice');
    // The status re-renders from the store apart from the notice (a busy machine shows them a frame apart).
    await waitFor(() => text(element).includes('Confirmed'), 'status shows Confirmed');
  });

  it('R-4-cancel-01/02/04 R-2.5-22 cancel: allowed → confirm modal → reason modal (required) → cancel', async () => {
    stubApi({
      [`POST ${BASE}/summary`]: summary(),
      [`GET ${BASE}/${SLUG}/can_change_status`]: () => ({
        body: { canChange: true, reason: null, priorMinutes: 1440 },
      }),
      ...noQuestionnaires,
      [`POST ${BASE}/${SLUG}/cancel`]: (init) => ({
        body: { slug: SLUG, status: 'CANCELED', ...(JSON.parse(String(init?.body)) as object) },
      }),
    });
    const element = mount('imaging-appointment', `/appointments/${KEY}`);
    (await button(element, 'Cancel appointment')).click();
    (await button(element, 'Yes, cancel it')).click();
    const form = await waitFor(
      () => shadow(element).querySelector<HTMLFormElement>('form.cancel-reason'),
      'reason form',
    );
    form.requestSubmit();
    await waitFor(() => text(element).includes('Choose a reason.'), 'reason required');
    const first = form.querySelector<HTMLInputElement>('input[type=radio]')!;
    equal(shadow(element).activeElement, first, 'focus on the first reason');
    first.click();
    form.querySelector('textarea')!.value = '';
    form.requestSubmit();
    await waitFor(
      () => text(element).includes('Your appointment has been cancelled.'),
      'cancelled notice',
    );
    const cancel = calls.find((c) => c.path.endsWith('/cancel'));
    equal(
      JSON.stringify(cancel?.body),
      JSON.stringify({ reason: { label: 'I am feeling better' }, note: '' }),
    );
    assert(
      calls.some((c) => c.path === `${BASE}/${SLUG}/can_change_status?action=CANCEL`),
      'asked first',
    );
  });

  it('R-8-29 cancel not allowed names the prior minutes', async () => {
    stubApi({
      [`POST ${BASE}/summary`]: summary(),
      [`GET ${BASE}/${SLUG}/can_change_status`]: () => ({
        body: { canChange: false, reason: 'PRIOR_MINUTES', priorMinutes: 1440 },
      }),
    });
    const element = mount('imaging-appointment', `/appointments/${KEY}`);
    (await button(element, 'Cancel appointment')).click();
    const alert = await waitFor(() => shadow(element).querySelector('[role=alert]'), 'alert');
    assert(
      alert.textContent!.includes('up to 24 hours before'),
      `prior minutes, got ${alert.textContent}`,
    );
    assert(!shadow(element).querySelector('dialog[open]'), 'no modal');
  });

  it('R-4-cancel-07 R-4-status-04 reschedule goes into the booking flow with status RESCHEDULED', async () => {
    stubApi({
      [`POST ${BASE}/summary`]: summary(),
      [`GET ${BASE}/${SLUG}/can_change_status`]: () => ({
        body: { canChange: true, reason: null, priorMinutes: 1440 },
      }),
    });
    const element = mount('imaging-appointment', `/iframe/appointments/${KEY}`);
    (await button(element, 'Reschedule')).click();
    const target = await navigated('/iframe/select-clinic');
    const params = new URLSearchParams(target.search);
    equal(params.get('status'), 'RESCHEDULED');
    equal(params.get('appointmentSlug'), SLUG);
    equal(params.get('examSlug'), 'mri-knee');
    equal(params.get('selectedClinic'), '1');
  });

  it('R-4-cancel-05 a walk-in cannot be rescheduled when the provider does not allow it', async () => {
    stubApi({ [`POST ${BASE}/summary`]: summary((s) => (s.appointments[0]!.walkIn = true)) });
    const element = mount('imaging-appointment', `/appointments/${KEY}`);
    (await button(element, 'Reschedule')).click();
    await waitFor(
      () => text(element).includes('Walk-in visits cannot be rescheduled online'),
      'walk-in message',
    );
    equal(navigations.length, 0, 'stays');
  });

  it('R-4-cancel-08 reschedule of a cancelled appointment says so', async () => {
    stubApi({
      [`POST ${BASE}/summary`]: summary(),
      [`GET ${BASE}/${SLUG}/can_change_status`]: () => ({
        body: { canChange: false, reason: 'APPOINTMENT_CANCELLED', priorMinutes: 1440 },
      }),
    });
    const element = mount('imaging-appointment', `/appointments/${KEY}`);
    (await button(element, 'Reschedule')).click();
    await waitFor(
      () => text(element).includes('A cancelled appointment cannot be rescheduled'),
      'cancelled message',
    );
  });

  it('R-6-09 a 401 goes to /authentication for this booking, keeping /iframe and kiosk mode', async () => {
    stubApi({
      [`POST ${BASE}/summary`]: () => ({
        status: 401,
        body: { statusCode: 401, message: 'message.unauthorized' },
      }),
    });
    const element = document.createElement('imaging-appointment');
    element.setAttribute('path', `/iframe/appointments/${KEY}`);
    element.setAttribute('search', '?kioskMode=true');
    document.body.append(element);
    const target = await navigated('/iframe/authentication');
    const params = new URLSearchParams(target.search);
    equal(params.get('bookingKey'), KEY);
    equal(params.get('returnUrl'), `/appointments/${KEY}`);
    equal(params.get('type'), 'APPOINTMENT');
    equal(params.get('kioskMode'), 'true');
  });

  it('R-4-deny-01 an appointment whose time has passed goes to /deny?status=EXPIRED', async () => {
    stubApi({ [`POST ${BASE}/summary`]: summary((s) => (s.appointments[0]!.expired = true)) });
    mount('imaging-appointment', `/appointments/${KEY}`);
    const target = await navigated('/deny');
    equal(target.search, '?status=EXPIRED');
  });

  it('R-4-deny-04 an appointment removed by the clinic goes to its deny message', async () => {
    stubApi({
      [`POST ${BASE}/summary`]: summary((s) => (s.appointments[0]!.status = 'REMOVED_BY_OPERATOR')),
    });
    mount('imaging-appointment', `/a/${KEY}`);
    equal((await navigated('/deny')).search, '?status=REMOVED_BY_OPERATOR');
  });

  it('R-2.1-17 the pain score opens the questionnaire page that returns here', async () => {
    stubApi({
      [`POST ${BASE}/summary`]: summary(),
      ...noQuestionnaires,
      [`GET ${BASE}/${SLUG}/questionnaires`]: () => ({
        body: {
          questionnaires: [PAIN_SCORE],
          bookingKey: KEY,
          examQuestionnaireAnswers: [],
          allQuestionnaireAnswers: [],
        },
      }),
    });
    const element = mount('imaging-appointment', `/appointments/${KEY}`);
    (await button(element, 'Pain score')).click();
    const target = await navigated('/questionnaires');
    equal(new URLSearchParams(target.search).get('types'), 'PAIN_SCORE_INITIAL');
    equal(new URLSearchParams(target.search).get('backUrl'), `/appointments/${KEY}`);
    equal(new URLSearchParams(target.search).get('appointmentSlug'), SLUG);
    assert(!text(element).includes('Consent forms'), 'no consent forms link without forms');
    assert(!text(element).includes('Give feedback'), 'no feedback link once given (204)');
  });

  it('consent forms and feedback links show when the server has them; consent opens CONSENT_FORM', async () => {
    stubApi({
      [`POST ${BASE}/summary`]: summary(),
      ...noQuestionnaires,
      [`GET ${BASE}/${SLUG}/consent_forms`]: requiredConsentFormPending,
      [`GET ${BASE}/${SLUG}/feedback`]: () => ({
        body: { questionnaireId: 9, questionnaireResult: null, title: 'Feedback' },
      }),
    });
    const element = mount('imaging-appointment', `/appointments/${KEY}`);
    await button(element, 'Give feedback');
    assert(!text(element).includes('Pain score'), 'no pain score link without one');
    (await button(element, 'Consent forms')).click();
    const target = await navigated('/questionnaires');
    equal(new URLSearchParams(target.search).get('types'), 'CONSENT_FORM');
  });

  it('spec 4 REQUIRED_ON_CONFIRMATION an unanswered required questionnaire shows the notice; its button opens it', async () => {
    const list = (answered: number[]) => () => ({
      body: {
        questionnaires: [
          { id: 7, type: 'REQUIRED_ON_CONFIRMATION', title: 'Before', json: { pages: [] } },
        ],
        bookingKey: KEY,
        examQuestionnaireAnswers: [],
        allQuestionnaireAnswers: answered.map((questionnaireId) => ({ questionnaireId })),
      },
    });
    stubApi({
      [`POST ${BASE}/summary`]: summary(),
      ...noQuestionnaires,
      [`GET ${BASE}/${SLUG}/questionnaires`]: list([]),
    });
    const element = mount('imaging-appointment', `/appointments/${KEY}`);
    const notice = await waitFor(
      () => shadow(element).querySelector('[part="required-action"]'),
      'the required-action notice',
    );
    equal(notice.querySelector('h2')?.textContent, 'One more step: a few questions');
    assert(
      calls.some((c) =>
        decodeURIComponent(c.path).endsWith(
          '/questionnaires?types=PAIN_SCORE_INITIAL,REQUIRED_ON_CONFIRMATION,DECLINE_APPOINTMENT',
        ),
      ),
      'one call for the listed types',
    );
    (await button(element, 'Answer the questions')).click();
    const target = await navigated('/questionnaires');
    const params = new URLSearchParams(target.search);
    equal(params.get('types'), 'REQUIRED_ON_CONFIRMATION');
    equal(params.get('backUrl'), `/appointments/${KEY}`);
    equal(params.get('appointmentSlug'), SLUG);
    element.remove();

    stubApi({
      [`POST ${BASE}/summary`]: summary(),
      ...noQuestionnaires,
      [`GET ${BASE}/${SLUG}/questionnaires`]: list([7]),
    });
    const answered = mount('imaging-appointment', `/appointments/${KEY}`);
    await waitFor(() => calls.find((c) => c.path.includes('/feedback')), 'the links loaded');
    await new Promise((r) => setTimeout(r, 50));
    assert(!shadow(answered).querySelector('[part="required-action"]'), 'no notice once answered');
  });

  it('spec 4 DECLINE_APPOINTMENT a pending appointment offers decline, which opens its questionnaire', async () => {
    stubApi({
      [`POST ${BASE}/summary`]: summary((s) => {
        s.appointments[0]!.status = 'PENDING';
      }),
      ...noQuestionnaires,
      [`GET ${BASE}/${SLUG}/questionnaires`]: () => ({
        body: {
          questionnaires: [
            { id: 8, type: 'DECLINE_APPOINTMENT', title: 'Decline', json: { pages: [] } },
          ],
          bookingKey: KEY,
          examQuestionnaireAnswers: [],
          allQuestionnaireAnswers: [],
        },
      }),
      [`GET ${BASE}/${SLUG}/can_change_status`]: () => ({
        body: { canChange: true, reason: null, priorMinutes: 1440 },
      }),
    });
    const element = mount('imaging-appointment', `/appointments/${KEY}`);
    (await button(element, 'Decline this appointment')).click();
    const target = await navigated('/questionnaires');
    equal(new URLSearchParams(target.search).get('types'), 'DECLINE_APPOINTMENT');
    assert(
      calls.some((c) => c.path === `${BASE}/${SLUG}/can_change_status?action=CANCEL`),
      'the cancel rules are asked first',
    );
  });

  it('R-4-cancel-03 R-4-quest-17 a cancel questionnaire is asked inside the cancel modal; its answer cancels, nothing else opens', async () => {
    const CANCEL_FORM = {
      id: 12,
      type: 'CANCEL_APPOINTMENT_PATIENT',
      title: 'Cancelling',
      json: {
        pages: [
          {
            name: 'p1',
            elements: [
              {
                type: 'radiogroup',
                name: 'why',
                title: 'Why are you cancelling?',
                isRequired: true,
                choices: ['I feel better', 'Another time suits me'],
              },
            ],
          },
        ],
      },
    };
    stubApi({
      [`POST ${BASE}/summary`]: summary(),
      [`GET ${BASE}/${SLUG}/can_change_status`]: () => ({
        body: { canChange: true, reason: null, priorMinutes: null },
      }),
      ...noQuestionnaires,
      [`GET ${BASE}/${SLUG}/questionnaires`]: (_init, url) => ({
        body: {
          questionnaires:
            url.searchParams.get('types') === 'CANCEL_APPOINTMENT_PATIENT' ? [CANCEL_FORM] : [],
          bookingKey: KEY,
          examQuestionnaireAnswers: [],
          allQuestionnaireAnswers: [],
        },
      }),
      [`POST ${BASE}/${SLUG}/questionnaire_answers`]: () => ({ body: { id: 1 } }),
    });
    const element = mount('imaging-appointment', `/appointments/${KEY}`);
    (await button(element, 'Cancel appointment')).click();
    (await button(element, 'Yes, cancel it')).click();
    const choice = await waitFor(
      () =>
        [
          ...shadow(element).querySelectorAll<HTMLInputElement>('dialog[open] input[type=radio]'),
        ].find((input) => input.value === 'I feel better'),
      'the questionnaire in the modal',
    );
    choice.click();
    (await button(element, 'Cancel appointment', 'dialog[open]')).click();
    await waitFor(
      () => text(element).includes('Your appointment has been cancelled.'),
      'cancelled notice',
    );
    const saved = calls.find((c) => c.path.endsWith('/questionnaire_answers'));
    equal(
      JSON.stringify((saved?.body as { questionnaireResult: unknown }).questionnaireResult),
      '{"why":"I feel better"}',
    );
    assert(!calls.some((c) => c.path.endsWith('/cancel')), 'one call: the answer cancels');
    assert(!shadow(element).querySelector('dialog[open]'), 'the modal closed');
  });

  it('a refused cancel keeps the modal open and says plainly the appointment is not cancelled', async () => {
    stubApi({
      [`POST ${BASE}/summary`]: summary(),
      [`GET ${BASE}/${SLUG}/can_change_status`]: () => ({
        body: { canChange: true, reason: null, priorMinutes: null },
      }),
      ...noQuestionnaires,
      [`POST ${BASE}/${SLUG}/cancel`]: () => ({
        status: 409,
        body: { statusCode: 409, message: 'message.cancel_not_allowed', error: 'Conflict' },
      }),
    });
    const element = mount('imaging-appointment', `/appointments/${KEY}`);
    (await button(element, 'Cancel appointment')).click();
    (await button(element, 'Yes, cancel it')).click();
    const form = await waitFor(
      () => shadow(element).querySelector<HTMLFormElement>('form.cancel-reason'),
      'reason form',
    );
    form.querySelector<HTMLInputElement>('input[type="radio"]')!.click();
    form.requestSubmit();
    await waitFor(
      () => form.textContent?.includes('Your appointment has NOT been cancelled.') ?? false,
      'not cancelled, in the modal',
    );
    assert(!text(element).includes('Your appointment has been cancelled.'), 'no success');
  });

  it('R-4-cancel-09 close with a required consent form unanswered asks first', async () => {
    stubApi({
      [`POST ${BASE}/summary`]: summary(),
      ...noQuestionnaires,
      [`GET ${BASE}/${SLUG}/consent_forms`]: requiredConsentFormPending,
    });
    const element = mount('imaging-appointment', `/appointments/${KEY}`);
    (await button(element, 'Done – go to the home page')).click();
    const dialog = await waitFor(
      () => shadow(element).querySelector('dialog[open]'),
      'consent confirmation',
    );
    assert(dialog.textContent!.includes('Consent forms are waiting'), 'confirmation title');
    assert(!navigations.some((n) => n.path === '/'), 'not home yet');
    (await button(element, 'Close anyway')).click();
    await navigated('/');
  });

  it('R-4-cancel-10 close goes home; the instructions modal opens and closes with Escape', async () => {
    stubApi({ [`POST ${BASE}/summary`]: summary(), ...noQuestionnaires });
    const element = mount('imaging-appointment', `/appointments/${KEY}`);
    (await button(element, 'Instructions')).click();
    const dialog = await waitFor(
      () => shadow(element).querySelector('dialog[open]'),
      'instructions',
    );
    assert(dialog.textContent!.includes('arrive 15 minutes'), 'instructions text');
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    await waitFor(() => !shadow(element).querySelector('dialog[open]'), 'closed');
    (await button(element, 'Done – go to the home page')).click();
    await navigated('/');
  });
});

describe('<imaging-booking-request>', () => {
  const RBASE = '/api/secured/booking_requests';

  it('R-2.4-37 R-3-30 shows the exams, clinic, patient and status', async () => {
    stubApi({ [`POST ${RBASE}/summary`]: () => ({ body: clone(requestFixture) }) });
    const element = mount(
      'imaging-booking-request',
      `/booking-requests/${requestFixture.bookingKey}`,
    );
    await waitFor(() => text(element).includes('MRI Breast'), 'exam');
    const page = text(element);
    assert(page.includes('Waiting for the clinic'), 'status');
    assert(page.includes('Mia Nguyen'), 'patient');
    assert(page.includes('Mornings please'), 'note');
  });

  it('R-2.3-19 one referral: view referral is a download link', async () => {
    stubApi({ [`POST ${RBASE}/summary`]: () => ({ body: clone(requestFixture) }) });
    const element = mount(
      'imaging-booking-request',
      `/booking-requests/${requestFixture.bookingKey}`,
    );
    const link = await waitFor(
      () =>
        [...shadow(element).querySelectorAll('a')].find((a) => a.textContent === 'View referral'),
      'referral link',
    );
    equal(link.getAttribute('href'), `${RBASE}/req-slug-1/download`);
  });

  it('R-2.3-20 several referrals: view referral opens the e-referral modal; R-2.3-17 booking info without exams', async () => {
    const body = clone(requestFixture);
    body.referrals = [
      { id: 7, fileName: 'referral.pdf' },
      { id: 8, fileName: 'letter.png' },
    ];
    body.exams = [];
    stubApi({ [`POST ${RBASE}/summary`]: () => ({ body }) });
    const element = mount(
      'imaging-booking-request',
      `/booking-requests/${requestFixture.bookingKey}`,
    );
    (await button(element, 'View referral')).click();
    const dialog = await waitFor(() => shadow(element).querySelector('dialog[open]'), 'modal');
    equal(dialog.querySelector('h2')?.textContent, 'e-referral');
    equal(dialog.querySelectorAll('a[download]').length, 2);
    await button(element, 'Booking info');
  });

  it('R-4-status-05 cancel after the confirmation modal', async () => {
    stubApi({
      [`POST ${RBASE}/summary`]: () => ({ body: clone(requestFixture) }),
      [`POST ${RBASE}/req-slug-1/cancel`]: () => ({
        body: { ...clone(requestFixture), status: 'CANCELED' },
      }),
    });
    const element = mount('imaging-booking-request', `/br/${requestFixture.bookingKey}`);
    (await button(element, 'Cancel request')).click();
    (await button(element, 'Yes, cancel it')).click();
    await waitFor(
      () => text(element).includes('Your booking request has been cancelled.'),
      'cancelled',
    );
    assert(!text(element).includes('Cancel request'), 'no cancel button any more');
  });

  it('a 401 goes to /authentication as a booking request', async () => {
    stubApi({
      [`POST ${RBASE}/summary`]: () => ({
        status: 401,
        body: { statusCode: 401, message: 'message.unauthorized' },
      }),
    });
    mount('imaging-booking-request', `/booking-requests/${requestFixture.bookingKey}`);
    const params = new URLSearchParams((await navigated('/authentication')).search);
    equal(params.get('type'), 'BOOKING_REQUEST');
    equal(params.get('isBookingRequest'), 'true');
    equal(params.get('returnUrl'), `/booking-requests/${requestFixture.bookingKey}`);
  });
});
