import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthenticationStatus, User } from '../contract/portal';
import {
  createFakeFetch,
  errorResponse,
  jsonResponse,
  type FakeFetch,
  type RecordedRequest,
} from '../api/testing';

const DOCTOR: User = {
  username: 'jsmith',
  userId: 'u-1',
  organization: null,
  currentDoctor: { firstName: 'Jane', lastName: 'Smith' },
};
const STATUS: AuthenticationStatus = {
  authenticated: true,
  user: DOCTOR,
  roleTranslations: '{"menu.home":"Referrer home"}',
};

let fetch: FakeFetch;
let answer: (request: RecordedRequest) => Response;

async function fresh() {
  vi.resetModules();
  const store = await import('./user.store');
  const { api } = await import('../api/client');
  const { t } = await import('../i18n/i18n');
  return { ...store, api, t };
}

const calls = (method: string, url: string) =>
  fetch.calls.filter((call) => call.method === method && call.url === url);

beforeEach(() => {
  answer = (request) =>
    request.url === '/api/authenticated'
      ? jsonResponse(STATUS)
      : new Response(null, { status: 204 });
  fetch = createFakeFetch((request) => answer(request));
  vi.stubGlobal('fetch', fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('user store (spec 4 store actions)', () => {
  it('R-4-kiosk-10, R-6-03: loadUser loads GET /api/authenticated, stores the user and applies the role translations', async () => {
    const store = await fresh();
    await expect(store.loadUser()).resolves.toEqual(STATUS);
    expect(store.$user.get()).toEqual(DOCTOR);
    expect(store.$authenticated.get()).toBe(true);
    expect(store.t('menu.home')).toBe('Referrer home');
  });

  it('R-4-kiosk-11: user loaded replaces the stored user', async () => {
    const store = await fresh();
    store.userLoaded(STATUS);
    const other: User = {
      ...DOCTOR,
      username: 'akhan',
      userId: 'u-2',
      organization: 'Northside Clinic',
    };
    store.userLoaded({ authenticated: true, user: other, roleTranslations: null });
    expect(store.$user.get()).toEqual(other);
    expect(store.t('menu.home')).toBe('Home');
  });

  it('R-4-kiosk-12: logOut posts /api/logout and log-out success clears the user and role texts', async () => {
    const store = await fresh();
    store.userLoaded(STATUS);
    await store.logOut();
    expect(calls('POST', '/api/logout')).toHaveLength(1);
    expect(store.$user.get()).toBeNull();
    expect(store.$authenticated.get()).toBe(false);
    expect(store.t('menu.home')).toBe('Home');
  });

  it('logOut clears the user even when the logout call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer = () => errorResponse(500, 'message.internal');
    const store = await fresh();
    store.userLoaded(STATUS);
    await store.logOut();
    expect(store.$user.get()).toBeNull();
  });

  it('concurrent logOuts send one logout call', async () => {
    const store = await fresh();
    await Promise.all([store.logOut(), store.logOut()]);
    expect(calls('POST', '/api/logout')).toHaveLength(1);
  });

  it('R-7-http-03, R-6-09: a 401 from any other call logs the client out', async () => {
    answer = (request) =>
      request.url.startsWith('/api/secured')
        ? errorResponse(401, 'message.unauthorized')
        : new Response(null, { status: 204 });
    const store = await fresh();
    store.userLoaded(STATUS);
    await expect(store.api('/api/secured/appointments/42')).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(store.$user.get()).toBeNull());
    // The server has no session for it: no logout call that could end a newer one.
    expect(calls('POST', '/api/logout')).toHaveLength(0);
  });

  it('R-6-09, R-4-auth-12: a 401 from the authenticated-status call means anonymous, without a logout call', async () => {
    answer = () => errorResponse(401, 'message.unauthorized');
    const store = await fresh();
    store.userLoaded(STATUS);
    await expect(store.loadUser()).resolves.toEqual({
      authenticated: false,
      user: null,
      roleTranslations: null,
    });
    expect(store.$user.get()).toBeNull();
    expect(calls('POST', '/api/logout')).toHaveLength(0);
  });

  it('another failure of loadUser keeps the user and sets $userError', async () => {
    answer = () => errorResponse(500, 'message.internal');
    const store = await fresh();
    store.userLoaded(STATUS);
    await expect(store.loadUser()).resolves.toBeNull();
    expect(store.$user.get()).toEqual(DOCTOR);
    expect(store.$userError.get()?.messageKey).toBe('message.error_status_500');
  });

  it('loads the user lazily when something first watches it', async () => {
    const store = await fresh();
    const unbind = store.$user.listen(() => undefined);
    await vi.waitFor(() => expect(store.$user.get()).toEqual(DOCTOR));
    unbind();
  });
});
