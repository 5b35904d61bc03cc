import '../../widgets/auth/define';
import '../../widgets/deny/define';
import { sendKeys } from '@web/test-runner-commands';
import { authEnv, resetAuth } from '../../widgets/auth/auth.store';
import { stopKeepAlive } from '../../src/stores/keep-alive.store';
import { assert, equal, waitFor } from './assert';

type Navigated = CustomEvent<{ path: string; search: string; replace: boolean }>;

interface Recorded {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

const KEY = 'Abc123_-Abc123_-Abc123_-';
const realFetch = window.fetch.bind(window);
let calls: Recorded[] = [];
let navigations: Navigated[] = [];
/** The test is the host router: it takes the move, so the element does not follow it alone. */
const onNavigated = (event: Event) => {
  event.preventDefault();
  navigations.push(event as Navigated);
};

const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const error = (status: number, message: string) => json({ statusCode: status, message }, status);

interface Server {
  captcha?: () => Response | Promise<Response>;
  verify?: (body: Record<string, unknown>) => Response;
  patient?: (body: Record<string, unknown>) => Response;
  validate?: (body: Record<string, unknown>) => Response;
  send?: () => Response;
}

/** The authentication API, answered by the test. */
function stubApi(server: Server = {}): void {
  calls = [];
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), location.href);
    const method = (init.method ?? 'GET').toUpperCase();
    const body =
      typeof init.body === 'string'
        ? (JSON.parse(init.body) as Record<string, unknown>)
        : undefined;
    const known =
      url.pathname.startsWith('/api/authentication') || url.pathname === '/api/keep_alive';
    if (!known && url.pathname !== '/api/authenticated') return realFetch(input, init);
    calls.push({ method, path: url.pathname, body });
    switch (url.pathname) {
      case '/api/authentication/captcha_challenge':
        if (server.captcha) return server.captcha();
        return json({
          enabled: false,
          algorithm: 'SHA-256',
          challenge: '',
          salt: '',
          maxnumber: 0,
        });
      case '/api/authentication/verify_captcha':
        return server.verify?.(body ?? {}) ?? json({ result: false });
      case '/api/authentication/patient':
        return (
          server.patient?.(body ?? {}) ??
          json({
            authenticated: false,
            otpSent: { channel: 'email', sentTo: 'm•••@example.com', resendSeconds: 5 },
          })
        );
      case '/api/authentication/otp/send':
        return (
          server.send?.() ??
          json({ channel: 'email', sentTo: 'm•••@example.com', resendSeconds: 5 })
        );
      case '/api/authentication/otp/validate':
        return server.validate?.(body ?? {}) ?? json({ authenticated: true });
      case '/api/authenticated':
        return json({
          authenticated: calls.some(
            (c) => c.path.endsWith('validate') || c.path.endsWith('/patient'),
          ),
          user: null,
          roleTranslations: null,
        });
      default:
        return json(null, 204);
    }
  };
}

function mount(search: string, path = '/authentication'): HTMLElement {
  const element = document.createElement('imaging-auth');
  element.setAttribute('path', path);
  element.setAttribute('search', search);
  document.body.append(element);
  return element;
}

const APPOINTMENT = `?bookingKey=${KEY}&returnUrl=${encodeURIComponent(`/appointments/${KEY}`)}&type=APPOINTMENT`;
const root = (element: HTMLElement) => element.shadowRoot!;
const focused = (element: HTMLElement) => root(element).activeElement as HTMLElement | null;
const openDialog = (element: HTMLElement, title: string) =>
  waitFor(() => {
    const dialog = root(element).querySelector<HTMLDialogElement>('dialog[open]');
    return dialog?.querySelector('h2')?.textContent === title ? dialog : null;
  }, `the dialog "${title}"`);

async function type(text: string): Promise<void> {
  await sendKeys({ type: text });
}
async function press(key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await sendKeys({ press: key });
}
/** The accessible description of an input (what aria-describedby points at). */
function description(element: HTMLElement, input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => root(element).getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('<imaging-auth>', () => {
  beforeEach(() => {
    resetAuth();
    navigations = [];
    document.addEventListener('imaging-navigated', onNavigated);
  });
  afterEach(() => {
    document.removeEventListener('imaging-navigated', onNavigated);
    document.querySelectorAll('imaging-auth, imaging-deny').forEach((element) => element.remove());
    window.fetch = realFetch;
    authEnv.now = () => Date.now();
    authEnv.cookiesEnabled = () => navigator.cookieEnabled;
    stopKeepAlive();
  });

  it('R-4-auth-01..03 R-2.4-14 R-2.4-15: date of birth then code, by keyboard only, then to the returnUrl', async () => {
    stubApi();
    const element = mount(APPOINTMENT);
    const dialog = await openDialog(element, 'View your appointment');
    // The day field has the focus; the fields are numeric.
    await waitFor(
      () => focused(element)?.getAttribute('autocomplete') === 'bday-day',
      'focus on day',
    );
    equal(focused(element)?.getAttribute('inputmode'), 'numeric');
    await type('29');
    await press('Tab');
    await type('2');
    await press('Tab');
    await type('1984');
    await press('Tab');
    equal(focused(element)?.getAttribute('autocomplete'), 'tel-national', 'contact number next');
    await press('Enter');
    const code = await openDialog(element, 'Enter your code');
    assert(!dialog.open || dialog !== code, 'the date of birth dialog closed');
    const patient = calls.find((c) => c.path === '/api/authentication/patient');
    equal(
      JSON.stringify(patient?.body),
      JSON.stringify({
        bookingKey: KEY,
        dateOfBirth: '1984-02-29',
        contactNumber: '',
        isBookingRequest: false,
      }),
    );
    await waitFor(
      () => focused(element)?.getAttribute('autocomplete') === 'one-time-code',
      'focus on the code',
    );
    equal(focused(element)?.getAttribute('inputmode'), 'numeric');
    assert(code.textContent!.includes('m•••@example.com'), 'says where the code went');
    await type('123456');
    await press('Enter');
    const navigated = await waitFor(() => navigations[0], 'navigation');
    equal(navigated.detail.path, `/appointments/${KEY}`);
    equal(navigated.detail.search, '');
    equal(calls.find((c) => c.path.endsWith('validate'))?.body?.code, '123456');
  });

  it('R-5-01 R-5-02 R-5-05: validation errors are tied to their inputs and take the focus', async () => {
    stubApi();
    const element = mount(APPOINTMENT);
    const dialog = await openDialog(element, 'View your appointment');
    dialog.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    const day = await waitFor(
      () =>
        dialog.querySelector<HTMLInputElement>('input[autocomplete=bday-day][aria-invalid=true]'),
      'day marked invalid',
    );
    equal(focused(element), day, 'focus on the first error');
    equal(description(element, day), 'Enter your date of birth.');
    // A future date.
    await type('1');
    await press('Tab');
    await type('1');
    await press('Tab');
    await type(String(new Date().getFullYear() + 1));
    await press('Tab');
    await type('04123456789');
    await press('Enter');
    await waitFor(
      () => description(element, day) === 'Date of birth cannot be in the future.',
      'future error',
    );
    const contact = dialog.querySelector<HTMLInputElement>('input[autocomplete=tel-national]')!;
    equal(contact.getAttribute('aria-invalid'), 'true');
    assert(
      description(element, contact).includes('Please enter a valid contact number.'),
      description(element, contact),
    );
    equal(calls.filter((c) => c.path === '/api/authentication/patient').length, 0, 'nothing sent');
  });

  it('R-8-01: a wrong date of birth shows message.authentication_error as an alert in the dialog', async () => {
    stubApi({ patient: () => error(403, 'message.authentication_error') });
    const element = mount(APPOINTMENT);
    const dialog = await openDialog(element, 'View your appointment');
    await waitFor(() => focused(element)?.getAttribute('autocomplete') === 'bday-day', 'focus');
    await type('1');
    await press('Tab');
    await type('1');
    await press('Tab');
    await type('1990');
    await press('Enter');
    const alert = await waitFor(
      () =>
        [...dialog.querySelectorAll('[role=alert]')].find((a) =>
          a.textContent?.includes('could not verify'),
        ),
      'the authentication error',
    );
    const day = dialog.querySelector('input[autocomplete=bday-day]')!;
    assert(
      (day.getAttribute('aria-describedby') ?? '').includes(alert.id),
      'error tied to the fields',
    );
  });

  it('R-5-08 R-5-09: resend is disabled with a visible countdown, then sends a new code', async () => {
    let now = 1_000_000;
    authEnv.now = () => now;
    stubApi();
    const element = mount(`${APPOINTMENT}&dateOfBirth=1984-02-29`);
    const dialog = await openDialog(element, 'Enter your code');
    const resend = dialog.querySelector<HTMLButtonElement>('[part=resend]')!;
    equal(resend.disabled, true);
    equal(resend.textContent, 'Send a new code in 5 s');
    now += 2100;
    await waitFor(() => resend.textContent === 'Send a new code in 3 s', 'countdown 3', 2000);
    now += 3000;
    await waitFor(
      () => !resend.disabled && resend.textContent === 'Send a new code',
      'resend enabled',
      2000,
    );
    resend.click();
    await waitFor(
      () => calls.some((c) => c.path === '/api/authentication/otp/send'),
      'resend call',
    );
    await waitFor(
      () => resend.disabled && resend.textContent === 'Send a new code in 5 s',
      'countdown again',
    );
  });

  it('R-4-auth-09: a dateOfBirth in the URL is submitted at once with an empty contact number (authenticating state)', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    stubApi();
    const inner = window.fetch;
    window.fetch = async (input, init) => {
      if (String(input).includes('/api/authentication/patient')) await gate;
      return inner(input, init);
    };
    const element = mount(`${APPOINTMENT}&dateOfBirth=1984-02-29`);
    const status = await waitFor(
      () => root(element).querySelector('[role=status]'),
      'authenticating',
    );
    equal(status.textContent, 'Authenticating…');
    equal(root(element).querySelector('[part=auth]')?.getAttribute('data-state'), 'authenticating');
    release();
    await openDialog(element, 'Enter your code');
    equal(calls.find((c) => c.path === '/api/authentication/patient')?.body?.contactNumber, '');
  });

  it('R-4-auth-04: a booking request needs no code and goes straight to its page, ?shared=true kept', async () => {
    stubApi({ patient: () => json({ authenticated: true, otpSent: null }) });
    const element = mount(
      `?bookingKey=${KEY}&returnUrl=${encodeURIComponent(`/booking-requests/${KEY}`)}&type=BOOKING_REQUEST&isBookingRequest=true&dateOfBirth=1984-02-29&shared=true`,
    );
    const navigated = await waitFor(() => navigations[0], 'navigation');
    equal(navigated.detail.path, `/booking-requests/${KEY}`);
    equal(navigated.detail.search, '?shared=true');
    equal(
      calls.find((c) => c.path === '/api/authentication/patient')?.body?.isBookingRequest,
      true,
    );
    assert(!calls.some((c) => c.path.includes('otp')), 'no code');
    assert(element.isConnected, 'still mounted');
  });

  it('R-8-02 R-4-auth-10: a wrong code is announced; max attempts go to /deny?maxAttempts=true (keeping /iframe)', async () => {
    let tries = 0;
    stubApi({
      validate: () => {
        tries += 1;
        return tries < 2
          ? error(403, 'message.authentication_otp_error')
          : error(429, 'message.max_attempts_reached');
      },
    });
    const element = mount(`${APPOINTMENT}&dateOfBirth=1984-02-29`, '/iframe/authentication');
    const dialog = await openDialog(element, 'Enter your code');
    await waitFor(
      () => focused(element)?.getAttribute('autocomplete') === 'one-time-code',
      'focus',
    );
    await type('111111');
    await press('Enter');
    const input = dialog.querySelector<HTMLInputElement>('input[autocomplete=one-time-code]')!;
    await waitFor(() => input.getAttribute('aria-invalid') === 'true', 'code marked invalid');
    assert(
      description(element, input).includes('The code is incorrect'),
      description(element, input),
    );
    assert(
      [...dialog.querySelectorAll('[role=alert]')].some((a) =>
        a.textContent?.includes('The code is incorrect'),
      ),
      'announced',
    );
    equal(focused(element), input, 'focus back on the code');
    await type('222222');
    await press('Enter');
    const navigated = await waitFor(() => navigations[0], 'deny');
    equal(navigated.detail.path, '/iframe/deny');
    equal(navigated.detail.search, '?maxAttempts=true');
  });

  it('R-5-06 R-5-07: the code must be exactly 6 digits', async () => {
    stubApi();
    const element = mount(`${APPOINTMENT}&dateOfBirth=1984-02-29`);
    const dialog = await openDialog(element, 'Enter your code');
    await waitFor(
      () => focused(element)?.getAttribute('autocomplete') === 'one-time-code',
      'focus',
    );
    await type('12a45');
    await press('Enter');
    const input = dialog.querySelector<HTMLInputElement>('input[autocomplete=one-time-code]')!;
    equal(input.value, '1245', 'letters are dropped');
    await waitFor(
      () => description(element, input).includes('Enter the 6 digits of the code.'),
      'length error',
    );
    assert(!calls.some((c) => c.path.endsWith('validate')), 'nothing sent');
  });

  it('R-2.4-11 R-5-10: cookies off shows the banner and replaces the server message', async () => {
    authEnv.cookiesEnabled = () => false;
    stubApi({ patient: () => error(403, 'message.authentication_error') });
    const element = mount(`${APPOINTMENT}&dateOfBirth=1984-02-29`);
    const banner = await waitFor(
      () => root(element).querySelector('[part=cookies-banner]'),
      'banner',
    );
    equal(banner.textContent, 'Cookies are disabled in your browser. Enable cookies to continue.');
    const dialog = await openDialog(element, 'View your appointment');
    await waitFor(
      () =>
        [...dialog.querySelectorAll('[role=alert]')].filter((a) =>
          a.textContent?.includes('Cookies are disabled'),
        ).length === 2,
      'cookie message instead of the server message',
    );
    assert(!dialog.textContent!.includes('could not verify'), 'server message replaced');
  });

  it('R-7-calls-28: with the CAPTCHA on, the proof of work is solved and verified before the date of birth is sent', async () => {
    const salt = 'abc123';
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}42`));
    const challenge = Array.from(new Uint8Array(digest), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
    let verified: Record<string, unknown> | undefined;
    stubApi({
      captcha: () => json({ enabled: true, algorithm: 'SHA-256', challenge, salt, maxnumber: 100 }),
      verify: (body) => {
        verified = JSON.parse(atob(String(body.token))) as Record<string, unknown>;
        return json({ result: true });
      },
    });
    mount(`${APPOINTMENT}&dateOfBirth=1984-02-29`);
    await waitFor(
      () => calls.some((c) => c.path === '/api/authentication/patient'),
      'authentication',
    );
    equal(verified?.number, 42);
    const order = calls.map((c) => c.path);
    assert(
      order.indexOf('/api/authentication/verify_captcha') <
        order.indexOf('/api/authentication/patient'),
      order.join(),
    );
  });

  it('R-4-auth-06: without bookingKey, returnUrl and type nothing is done', async () => {
    stubApi();
    const element = mount('?bookingKey=x');
    await waitFor(() => root(element).querySelector('h1'), 'heading');
    await new Promise((r) => setTimeout(r, 100));
    equal(root(element).querySelector('dialog[open]'), null);
    equal(calls.filter((c) => c.path.startsWith('/api/authentication/p')).length, 0);
  });
});

describe('<imaging-deny>', () => {
  afterEach(() => document.querySelectorAll('imaging-deny').forEach((element) => element.remove()));

  function deny(search: string): HTMLElement {
    const element = document.createElement('imaging-deny');
    element.setAttribute('search', search);
    document.body.append(element);
    return element;
  }

  it('R-4-deny-08 R-4-deny-12: the max-attempts message, and Close only with showClose and redirectUrl', async () => {
    // A foreign address gets no Close (a crafted link must not lead away); the provider's own does.
    const element = deny('?maxAttempts=true&showClose=true&redirectUrl=https://evil.example/x');
    await waitFor(() => root(element).querySelector('[part=message]'), 'message');
    equal(root(element).querySelector('a[part=close]'), null);
    element.setAttribute(
      'search',
      '?maxAttempts=true&showClose=true&redirectUrl=https://example.org/',
    );
    const message = await waitFor(() => root(element).querySelector('[part=message]'), 'message');
    assert(message.textContent!.startsWith('Too many attempts'), message.textContent!);
    await waitFor(() => root(element).querySelector('a[part=close]'), 'Close');
    equal(
      root(element).querySelector('a[part=close]')?.getAttribute('href'),
      'https://example.org/',
    );
    element.setAttribute('search', '?status=CANCELED&redirectUrl=https://example.org/');
    await waitFor(() => message.textContent === 'This appointment has been cancelled.', 'canceled');
    equal(root(element).querySelector('a[part=close]'), null);
  });
});
