import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeFetch,
  errorResponse,
  jsonResponse,
  type RecordedRequest,
} from '../../src/api/testing';
import summaryFixture from '../../tests/fixtures/appointment-summary.json';

/**
 * The appointment store against a fake API: the cancel questionnaire
 * (R-4-cancel-03/04), the pending consent forms of the close (R-4-cancel-09)
 * and which questionnaire links the page offers.
 */
type Routes = Record<string, (request: RecordedRequest) => Response>;

const KEY = summaryFixture.bookingKey;
const SLUG = summaryFixture.appointments[0]!.slug;
const BASE = `/api/secured/appointments/${SLUG}`;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

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

const questionnaires = (items: { id: number; type: string }[], answeredIds: number[] = []) => ({
  questionnaires: items.map((item) => ({ ...item, title: 'Q', json: { pages: [] } })),
  bookingKey: KEY,
  examQuestionnaireAnswers: [],
  allQuestionnaireAnswers: answeredIds.map((questionnaireId) => ({ questionnaireId })),
});

const consent = (forms: { required: boolean; answered: boolean }[]) => ({
  appointmentConsentForms: forms.map((form, index) => ({
    consentFormId: index + 1,
    appointmentSlug: SLUG,
    ...form,
  })),
  notifyPatient: forms.some((form) => form.required && !form.answered),
  consentForms: [],
  answers: [],
});

function summaryRoute(patch: (s: typeof summaryFixture) => void = () => {}) {
  return () => {
    const body = clone(summaryFixture);
    body.appointments[0]!.status = 'BOOKED';
    body.appointments[0]!.expired = false;
    patch(body);
    return jsonResponse(body);
  };
}

async function shown(routes: Routes, context = { prefix: '', kioskMode: false }) {
  vi.resetModules();
  const fetch = stub({ 'POST /api/secured/appointments/summary': summaryRoute(), ...routes });
  const store = {
    ...(await import('./appointment.store')),
    ...(await import('./questionnaire-links.store')),
    ...(await import('./cancel.store')),
  };
  await store.showAppointment({ bookingKey: KEY, ...context });
  return { store, fetch };
}

const NO_LINKS: Routes = {
  [`GET ${BASE}/questionnaires`]: () => jsonResponse(questionnaires([])),
  [`GET ${BASE}/consent_forms`]: () => jsonResponse(consent([])),
  [`GET ${BASE}/feedback`]: () => new Response(null, { status: 204 }),
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('appointment store: where outcomes show (issue 13 part 6)', () => {
  it('R-4-cancel-01 a refused change shows below the buttons, with the clinic to call', async () => {
    const { store } = await shown({
      ...NO_LINKS,
      [`GET ${BASE}/can_change_status`]: () =>
        jsonResponse({ canChange: false, reason: 'PRIOR_MINUTES', priorMinutes: 1440 }),
    });
    await expect(store.checkCancel(SLUG)).resolves.toBe(false);
    expect(store.$notice.get()).toMatchObject({
      tone: 'error',
      slug: SLUG,
      at: store.ACTIONS,
      phone: '02 9000 0000',
      text: { key: 'appointment.cancel_not_allowed_prior_minutes' },
    });
  });

  it('R-4-cancel-03 closing the cancel dialogs without cancelling says it stays booked, below the buttons', async () => {
    const { store } = await shown(NO_LINKS);
    store.keepAppointment(SLUG);
    expect(store.$notice.get()).toMatchObject({
      tone: 'info',
      slug: SLUG,
      at: store.ACTIONS,
      text: { key: 'appointment.kept' },
    });
  });
});

describe('appointment store: cancel (spec 4)', () => {
  it('R-4-cancel-03 R-4-quest-17 a cancel questionnaire that applies is asked in the modal; its answer cancels in one call', async () => {
    const { store, fetch } = await shown(
      {
        ...NO_LINKS,
        [`GET ${BASE}/questionnaires`]: () =>
          jsonResponse(questionnaires([{ id: 12, type: 'CANCEL_APPOINTMENT_PATIENT' }])),
        [`POST ${BASE}/questionnaire_answers`]: () => jsonResponse({ id: 1 }),
      },
      { prefix: '/iframe', kioskMode: true },
    );
    const questionnaire = await store.cancelQuestionnaire(SLUG);
    expect(questionnaire?.id).toBe(12);
    const asked = fetch.calls.find(
      (call) => call.url.includes('/questionnaires') && call.url.includes('CANCEL'),
    )!;
    expect(new URL(asked.url, 'http://x').searchParams.get('types')).toBe(
      'CANCEL_APPOINTMENT_PATIENT',
    );
    // Its answer cancels in one call (R-4-quest-17): no separate cancel, no page to leave.
    const outcome = await store.cancel(SLUG, {
      questionnaire: questionnaire!,
      answers: { why: 'x' },
    });
    expect(outcome).toEqual({ cancelled: true });
    const saved = fetch.calls.find((call) => call.url.endsWith(`/${SLUG}/questionnaire_answers`));
    expect(saved && JSON.parse(String(saved.init.body))).toMatchObject({
      questionnaireId: 12,
      questionnaireResult: { why: 'x' },
    });
    expect(fetch.calls.some((call) => call.url.endsWith('/cancel'))).toBe(false);
    expect(store.$navigation.get()).toBeNull();
    const summary = store.$summary.get();
    expect(summary.state === 'loaded' && summary.value.appointments[0]!.status).toBe('CANCELED');
    expect(store.$busy.get()).toBeNull();
  });

  it('a refused cancel leaves the appointment booked and says plainly it is not cancelled', async () => {
    const { store } = await shown({
      ...NO_LINKS,
      [`POST ${BASE}/cancel`]: () => errorResponse(409, 'message.cancel_not_allowed'),
    });
    const outcome = await store.cancel(SLUG, { reason: { label: 'x' }, note: '' });
    expect(outcome).toEqual({ cancelled: false, messageKey: 'message.cancel_not_allowed' });
    const summary = store.$summary.get();
    expect(summary.state === 'loaded' && summary.value.appointments[0]!.status).not.toBe(
      'CANCELED',
    );
    expect(store.$notice.get()).toMatchObject({
      tone: 'error',
      slug: SLUG,
      text: {
        key: 'appointment.not_cancelled',
        params: { reasonKey: 'message.cancel_not_allowed' },
      },
    });
  });

  it('R-4-cancel-04 without a cancel questionnaire it cancels with the reason and says so', async () => {
    const { store, fetch } = await shown({
      ...NO_LINKS,
      [`POST ${BASE}/cancel`]: () => jsonResponse({}),
    });
    const pending = store.cancel(SLUG, { reason: { label: 'Feeling better' }, note: 'thanks' });
    expect(store.$busy.get()).toBe('cancel');
    expect(await pending).toEqual({ cancelled: true });
    const sent = fetch.calls.find((call) => call.url.endsWith('/cancel'))!;
    expect(JSON.parse(String(sent.init.body))).toEqual({
      reason: { label: 'Feeling better' },
      note: 'thanks',
    });
    const summary = store.$summary.get();
    expect(summary.state === 'loaded' && summary.value.appointments[0]!.status).toBe('CANCELED');
    expect(store.$notice.get()?.text.key).toBe('appointment.cancelled');
    expect(store.$navigation.get()).toBeNull();
    expect(store.$questionnaireLinks.get()[SLUG]).toBeUndefined();
  });

  it('R-4-cancel-04 an answered cancel questionnaire is not asked again', async () => {
    const { store } = await shown({
      ...NO_LINKS,
      [`GET ${BASE}/questionnaires`]: () =>
        jsonResponse(questionnaires([{ id: 12, type: 'CANCEL_APPOINTMENT_PATIENT' }], [12])),
    });
    expect(await store.cancelQuestionnaire(SLUG)).toBeNull();
  });
});

describe('appointment store: close (R-4-cancel-09/10)', () => {
  it('a required consent form without an answer is pending', async () => {
    const { store } = await shown({
      ...NO_LINKS,
      [`GET ${BASE}/consent_forms`]: () =>
        jsonResponse(
          consent([
            { required: true, answered: false },
            { required: false, answered: false },
          ]),
        ),
    });
    expect(await store.closeNeedsConfirmation()).toBe(SLUG);
  });

  it('answered or optional forms are not pending; a failed check goes home', async () => {
    const { store } = await shown({
      ...NO_LINKS,
      [`GET ${BASE}/consent_forms`]: () =>
        jsonResponse(
          consent([
            { required: true, answered: true },
            { required: false, answered: false },
          ]),
        ),
    });
    expect(await store.closeNeedsConfirmation()).toBeNull();
    stub({ [`GET ${BASE}/consent_forms`]: () => errorResponse(500, 'message.server_error') });
    expect(await store.closeNeedsConfirmation()).toBeNull();
  });

  it('a cancelled appointment has no pending forms', async () => {
    vi.resetModules();
    const fetch = stub({
      'POST /api/secured/appointments/summary': summaryRoute((s) => {
        s.appointments.push({ ...clone(s.appointments[0]!), slug: 'other', status: 'CANCELED' });
      }),
      ...NO_LINKS,
    });
    const store = {
      ...(await import('./appointment.store')),
      ...(await import('./questionnaire-links.store')),
      ...(await import('./cancel.store')),
    };
    await store.showAppointment({ bookingKey: KEY, prefix: '', kioskMode: false });
    await store.closeNeedsConfirmation();
    expect(fetch.calls.some((call) => call.url.includes('/other/'))).toBe(false);
  });

  it('the consent forms link names the appointment', async () => {
    const { store } = await shown(NO_LINKS);
    store.openQuestionnaire('CONSENT_FORM', SLUG);
    const params = new URLSearchParams(store.$navigation.get()!.search);
    expect(params.get('types')).toBe('CONSENT_FORM');
    expect(params.get('appointmentSlug')).toBe(SLUG);
  });
});

describe('appointment store: questionnaire links', () => {
  it('offers each link only when the server has something for it', async () => {
    const { store } = await shown({
      [`GET ${BASE}/questionnaires`]: () =>
        jsonResponse(questionnaires([{ id: 5, type: 'PAIN_SCORE_INITIAL' }])),
      [`GET ${BASE}/consent_forms`]: () =>
        jsonResponse(consent([{ required: true, answered: true }])),
      [`GET ${BASE}/feedback`]: () => new Response(null, { status: 204 }),
    });
    await vi.waitFor(() => expect(store.$questionnaireLinks.get()[SLUG]).toBeDefined());
    expect(store.$questionnaireLinks.get()[SLUG]).toEqual({
      painScore: true,
      consentForms: true,
      feedback: false,
      required: false,
      decline: false,
    });
  });

  it('R-4-feedback-03 feedback not given yet is offered; failed checks offer nothing', async () => {
    const { store } = await shown({
      [`GET ${BASE}/questionnaires`]: () => errorResponse(500, 'message.server_error'),
      [`GET ${BASE}/consent_forms`]: () => jsonResponse(consent([])),
      [`GET ${BASE}/feedback`]: () =>
        jsonResponse({ questionnaireId: 9, questionnaireResult: null, title: 'Feedback' }),
    });
    await vi.waitFor(() => expect(store.$questionnaireLinks.get()[SLUG]).toBeDefined());
    expect(store.$questionnaireLinks.get()[SLUG]).toEqual({
      painScore: false,
      consentForms: false,
      feedback: true,
      required: false,
      decline: false,
    });
  });

  it('asks for the three listed after-booking types in one call', async () => {
    const { store, fetch } = await shown(NO_LINKS);
    await vi.waitFor(() => expect(store.$questionnaireLinks.get()[SLUG]).toBeDefined());
    const call = fetch.calls.find((r) => r.url.includes('/questionnaires'));
    expect(new URL(call!.url, 'http://localhost').searchParams.get('types')).toBe(
      'PAIN_SCORE_INITIAL,REQUIRED_ON_CONFIRMATION,DECLINE_APPOINTMENT',
    );
  });

  it('spec 4 REQUIRED_ON_CONFIRMATION an unanswered one is required; an answered one is not', async () => {
    const listed = [{ id: 7, type: 'REQUIRED_ON_CONFIRMATION' }];
    const open = await shown({
      ...NO_LINKS,
      [`GET ${BASE}/questionnaires`]: () => jsonResponse(questionnaires(listed)),
    });
    await vi.waitFor(() => expect(open.store.$questionnaireLinks.get()[SLUG]).toBeDefined());
    expect(open.store.$questionnaireLinks.get()[SLUG]?.required).toBe(true);
    open.store.openQuestionnaire('REQUIRED_ON_CONFIRMATION', SLUG);
    const params = new URLSearchParams(open.store.$navigation.get()!.search);
    expect(params.get('types')).toBe('REQUIRED_ON_CONFIRMATION');
    expect(params.get('backUrl')).toBe(`/appointments/${KEY}`);
    expect(params.get('appointmentSlug')).toBe(SLUG);

    const done = await shown({
      ...NO_LINKS,
      [`GET ${BASE}/questionnaires`]: () => jsonResponse(questionnaires(listed, [7])),
    });
    await vi.waitFor(() => expect(done.store.$questionnaireLinks.get()[SLUG]).toBeDefined());
    expect(done.store.$questionnaireLinks.get()[SLUG]?.required).toBe(false);
  });
});

describe('appointment store: decline (spec 4 DECLINE_APPOINTMENT)', () => {
  const declineListed: Routes = {
    ...NO_LINKS,
    [`GET ${BASE}/questionnaires`]: () =>
      jsonResponse(questionnaires([{ id: 8, type: 'DECLINE_APPOINTMENT' }])),
  };

  async function pending(routes: Routes, status = 'PENDING') {
    vi.resetModules();
    const fetch = stub({
      'POST /api/secured/appointments/summary': summaryRoute((s) => {
        s.appointments[0]!.status = status;
      }),
      ...routes,
    });
    const store = {
      ...(await import('./appointment.store')),
      ...(await import('./questionnaire-links.store')),
      ...(await import('./cancel.store')),
    };
    await store.showAppointment({ bookingKey: KEY, prefix: '', kioskMode: false });
    await vi.waitFor(() => expect(store.$questionnaireLinks.get()[SLUG]).toBeDefined());
    return { store, fetch };
  }

  it('a pending appointment may be declined; a booked one is cancelled instead', async () => {
    expect((await pending(declineListed)).store.$questionnaireLinks.get()[SLUG]?.decline).toBe(
      true,
    );
    expect(
      (await pending(declineListed, 'BOOKED')).store.$questionnaireLinks.get()[SLUG]?.decline,
    ).toBe(false);
  });

  it('opens the decline questionnaire when the cancel rules allow it', async () => {
    const { store } = await pending({
      ...declineListed,
      [`GET ${BASE}/can_change_status`]: () =>
        jsonResponse({ canChange: true, reason: null, priorMinutes: 1440 }),
    });
    await store.decline(SLUG);
    const target = store.$navigation.get()!;
    expect(target.path).toBe('/questionnaires');
    const params = new URLSearchParams(target.search);
    expect(params.get('types')).toBe('DECLINE_APPOINTMENT');
    expect(params.get('appointmentSlug')).toBe(SLUG);
    expect(params.get('backUrl')).toBe(`/appointments/${KEY}`);
  });

  it('shows the not-allowed message and stays when the rules refuse', async () => {
    const { store } = await pending({
      ...declineListed,
      [`GET ${BASE}/can_change_status`]: () =>
        jsonResponse({ canChange: false, reason: 'PRIOR_MINUTES', priorMinutes: 1440 }),
    });
    await store.decline(SLUG);
    expect(store.$navigation.get()).toBeNull();
    expect(store.$notice.get()?.tone).toBe('error');
  });
});

describe('appointment store: an action during a reload', () => {
  it('R-1-02 a confirmation answered while the summary reloads is not lost when the older summary arrives', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reloads = 0;
    const { store } = await shown({
      ...NO_LINKS,
      'POST /api/secured/appointments/summary': (() => {
        reloads += 1;
        return reloads === 1 ? summaryRoute()() : gate.then(() => summaryRoute()());
      }) as unknown as Routes[string],
      [`POST ${BASE}/confirm`]: () =>
        jsonResponse({ ...clone(summaryFixture.appointments[0]!), status: 'CONFIRMED' }),
    });
    const reload = store.showAppointment({ bookingKey: KEY, prefix: '', kioskMode: false });
    await store.confirm(SLUG);
    release();
    await reload;
    const summary = store.$summary.get();
    expect(summary.state === 'loaded' && summary.value.appointments[0]!.status).toBe('CONFIRMED');
    expect(store.$notice.get()?.text).toEqual({ key: 'appointment.confirmed' });
  });
});
