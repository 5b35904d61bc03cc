import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assetUrl, getTranslations } from './assets';
import { getAuthenticated, logout } from './auth';
import { setApiBase } from './client';
import { getContactClinics, getPortalConfig, getTerms } from './config';
import { createFakeFetch, jsonResponse, type FakeFetch } from './testing';

let fetch: FakeFetch;

beforeEach(() => {
  fetch = createFakeFetch((request) =>
    request.url.endsWith('/terms')
      ? new Response('<p>Terms</p>', { headers: { 'content-type': 'text/html' } })
      : jsonResponse({ url: request.url }),
  );
  vi.stubGlobal('fetch', fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setApiBase('');
});

describe('resource calls (spec 7)', () => {
  it('getPortalConfig: GET /api/config/portal', async () => {
    await getPortalConfig();
    expect(fetch.calls[0]).toMatchObject({ url: '/api/config/portal', method: 'GET' });
  });

  it('R-7-calls-06 getContactClinics: GET /api/config/contact', async () => {
    await getContactClinics();
    expect(fetch.calls[0]).toMatchObject({ url: '/api/config/contact', method: 'GET' });
  });

  it('R-7-calls-07 getTerms: GET /api/config/terms as text', async () => {
    await expect(getTerms()).resolves.toBe('<p>Terms</p>');
  });

  it('R-7-calls-02 getTranslations: GET /api/assets/translations?lang=', async () => {
    await getTranslations('en-NZ');
    expect(fetch.calls[0]?.url).toBe('/api/assets/translations?lang=en-NZ');
  });

  it('R-7-calls-05 getAuthenticated: GET /api/authenticated', async () => {
    await getAuthenticated();
    expect(fetch.calls[0]).toMatchObject({ url: '/api/authenticated', method: 'GET' });
  });

  it('logout: POST /api/logout', async () => {
    await logout();
    expect(fetch.calls[0]).toMatchObject({ url: '/api/logout', method: 'POST' });
  });

  it('every call passes its AbortSignal on', async () => {
    const controller = new AbortController();
    await getPortalConfig({ signal: controller.signal });
    expect(fetch.calls[0]?.init.signal).toBe(controller.signal);
  });

  it('setApiBase points calls and asset URLs at the provider API', async () => {
    setApiBase('https://provider.example/');
    await getPortalConfig();
    expect(fetch.calls[0]?.url).toBe('https://provider.example/api/config/portal');
    expect(assetUrl('favicon')).toBe('https://provider.example/api/assets/application/favicon');
  });

  it('R-7-calls-04 assetUrl is same-origin by default; a trailing /api in api-base is tolerated', () => {
    expect(assetUrl('header_tablet')).toBe('/api/assets/application/header_tablet');
    setApiBase('https://provider.example/api');
    expect(assetUrl('header')).toBe('https://provider.example/api/assets/application/header');
  });
});
