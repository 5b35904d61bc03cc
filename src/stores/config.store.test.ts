import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalConfig } from '../contract/portal';
import { createFakeFetch, errorResponse, jsonResponse, type FakeFetch } from '../api/testing';

const CONFIG = {
  app: { jsLocale: 'en-AU', version: '1.2.3', versionHash: 'abc1234', kioskNoActivitySeconds: 90 },
  integration: { sentryDSN: '', mapsKey: 'key' },
  bodyFigure: { gradientColor: '#123456' },
  radiology: {
    name: 'Harbour Imaging',
    longName: 'Harbour Imaging Pty Ltd',
    readOnlyAccess: false,
  },
  application: { otpResendSeconds: 5 },
  bookingRequest: { bookingRequestsDownloadReferralEnabled: true },
  bookingForm: { validReferralContentTypes: ['application/pdf'] },
} as unknown as PortalConfig;

let fetch: FakeFetch;
let answer: (url: string) => Response;

async function fresh() {
  vi.resetModules();
  const store = await import('./config.store');
  const locale = await import('./locale.store');
  return { ...store, ...locale };
}

beforeEach(() => {
  answer = (url) =>
    url.startsWith('/api/config/portal') ? jsonResponse(CONFIG) : jsonResponse({});
  fetch = createFakeFetch((request) => answer(request.url));
  vi.stubGlobal('fetch', fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('config store (spec 3)', () => {
  it('loadConfig loads GET /api/config/portal and fills every section selector', async () => {
    const store = await fresh();
    await expect(store.loadConfig()).resolves.toEqual(CONFIG);
    expect(store.$config.get()).toEqual(CONFIG);
    expect(store.$appConfig.get()).toEqual(CONFIG.app);
    expect(store.$integrationConfig.get()).toEqual(CONFIG.integration);
    expect(store.$bodyFigureConfig.get()).toEqual(CONFIG.bodyFigure);
    expect(store.$radiologyConfig.get()).toEqual(CONFIG.radiology);
    expect(store.$applicationConfig.get()).toEqual(CONFIG.application);
    expect(store.$bookingRequestConfig.get()).toEqual(CONFIG.bookingRequest);
    expect(store.$bookingFormConfig.get()).toEqual(CONFIG.bookingForm);
  });

  it('concurrent loads share one request', async () => {
    const store = await fresh();
    await Promise.all([store.loadConfig(), store.loadConfig()]);
    expect(fetch.calls.filter((call) => call.url === '/api/config/portal')).toHaveLength(1);
  });

  it('loads lazily when a section is first read', async () => {
    const store = await fresh();
    const unbind = store.$radiologyConfig.listen(() => undefined);
    await vi.waitFor(() => expect(store.$radiologyConfig.get()).toEqual(CONFIG.radiology));
    unbind();
  });

  it('R-8-21: a failure leaves the config empty and sets $configError with the status message', async () => {
    answer = () => errorResponse(500, 'message.internal');
    const store = await fresh();
    await expect(store.loadConfig()).resolves.toBeNull();
    expect(store.$config.get()).toBeNull();
    expect(store.$configError.get()?.messageKey).toBe('message.error_status_500');
  });

  it('R-1-25: the provider language (app.jsLocale) becomes the locale', async () => {
    answer = (url) =>
      url.startsWith('/api/config/portal')
        ? jsonResponse({ ...CONFIG, app: { ...CONFIG.app, jsLocale: 'mk' } })
        : jsonResponse({});
    const store = await fresh();
    await store.loadConfig();
    await vi.waitFor(() => expect(store.$locale.get()).toBe('mk'));
    await vi.waitFor(() =>
      expect(fetch.calls.map((call) => call.url)).toContain('/api/assets/translations?lang=mk'),
    );
    // The Macedonian texts load lazily: wait for them, or their import outlives the test file.
    await (await import('../i18n/bundles')).loadBaseBundle('mk');
  });

  it('a locale chosen by the element wins over app.jsLocale', async () => {
    answer = (url) =>
      url.startsWith('/api/config/portal')
        ? jsonResponse({ ...CONFIG, app: { ...CONFIG.app, jsLocale: 'mk' } })
        : jsonResponse({});
    const store = await fresh();
    await store.setLocale('en-NZ');
    await store.loadConfig();
    expect(store.$locale.get()).toBe('en-NZ');
  });
});
