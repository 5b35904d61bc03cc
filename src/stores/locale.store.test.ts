import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeFetch,
  errorResponse,
  jsonResponse,
  type FakeFetch,
  type RecordedRequest,
} from '../api/testing';

let fetch: FakeFetch;
let answer: (request: RecordedRequest) => Response;

async function fresh() {
  vi.resetModules();
  const store = await import('./locale.store');
  const { t } = await import('../i18n/i18n');
  return { ...store, t };
}

const translationCalls = () =>
  fetch.calls.filter((call) => call.url.startsWith('/api/assets/translations'));

beforeEach(() => {
  answer = (request) =>
    jsonResponse(
      request.url.endsWith('lang=mk') ? { 'menu.home': 'Дома' } : { 'menu.home': 'Start here' },
    );
  fetch = createFakeFetch((request) => answer(request));
  vi.stubGlobal('fetch', fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('locale store', () => {
  it('R-7-calls-02, R-7-calls-03: setLocale switches the texts and loads the provider bundle over them', async () => {
    const store = await fresh();
    await expect(store.setLocale('mk')).resolves.toBe('mk');
    expect(store.$locale.get()).toBe('mk');
    expect(translationCalls().map((call) => call.url)).toEqual([
      '/api/assets/translations?lang=mk',
    ]);
    expect(store.t('menu.home')).toBe('Дома');
    expect(store.t('menu.contact')).toBe('Контакт');
  });

  it('R-8-36: an unsupported locale logs a warning and English (Australia) is used', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = await fresh();
    await expect(store.setLocale('fr-FR')).resolves.toBe('en-AU');
    expect(warn).toHaveBeenCalled();
    expect(store.$locale.get()).toBe('en-AU');
  });

  it('the provider bundle of a locale is fetched once', async () => {
    const store = await fresh();
    await Promise.all([store.setLocale('en-NZ'), store.setLocale('en-NZ')]);
    await store.setLocale('en-NZ');
    expect(translationCalls()).toHaveLength(1);
  });

  it('a failed provider bundle keeps the base texts and is tried again next time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer = () => errorResponse(404, 'message.not_found');
    const store = await fresh();
    await store.setLocale('en-CA');
    expect(store.t('menu.home')).toBe('Home');
    answer = () => jsonResponse({ 'menu.home': 'Start here' });
    await store.setLocale('en-CA');
    expect(store.t('menu.home')).toBe('Start here');
  });

  it('applyProviderLocale follows the configuration until a locale is chosen', async () => {
    const store = await fresh();
    await store.applyProviderLocale('en_NZ');
    expect(store.$locale.get()).toBe('en-NZ');
    await store.setLocale('en-CA');
    await store.applyProviderLocale('mk');
    expect(store.$locale.get()).toBe('en-CA');
  });

  it('loads the provider bundle of the current locale when first watched', async () => {
    const store = await fresh();
    const unbind = store.$locale.listen(() => undefined);
    await vi.waitFor(() => expect(store.t('menu.home')).toBe('Start here'));
    expect(translationCalls().map((call) => call.url)).toEqual([
      '/api/assets/translations?lang=en-AU',
    ]);
    unbind();
  });
});

/** The Accept-Language each call sent (src/api/client.ts). */
const languages = () =>
  fetch.calls.map((call) => new Headers(call.init.headers).get('accept-language'));

/** The tab's sessionStorage, as far as the store uses it. */
function visitStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  } as Storage;
}

describe("R-1-25 the patient's language, kept for the visit (issue 13 part 8)", () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', visitStorage()));

  it('choosing a language switches the texts at once and keeps it in sessionStorage', async () => {
    const store = await fresh();
    await expect(store.chooseLocale('mk')).resolves.toBe('mk');
    expect(store.t('menu.contact')).toBe('Контакт');
    expect(sessionStorage.getItem('imaging-portal.locale')).toBe('mk');
  });

  it("after a reload the choice wins over the element's locale attribute and the provider's language", async () => {
    sessionStorage.setItem('imaging-portal.locale', 'mk');
    const store = await fresh();
    await expect(store.setLocale('en-AU')).resolves.toBe('mk');
    await store.applyProviderLocale('en-NZ');
    expect(store.$locale.get()).toBe('mk');
  });

  it('without an attribute, the remembered choice applies when an element connects', async () => {
    sessionStorage.setItem('imaging-portal.locale', 'mk');
    const store = await fresh();
    await expect(store.setLocale(null)).resolves.toBe('mk');
  });

  it('with nothing chosen, an element without an attribute leaves the locale alone', async () => {
    const store = await fresh();
    await expect(store.setLocale(null)).resolves.toBe('en-AU');
    await store.applyProviderLocale('en-NZ');
    expect(store.$locale.get()).toBe('en-NZ');
  });

  it('every API call says which language the patient reads (Accept-Language)', async () => {
    const store = await fresh();
    await store.loadProviderBundle('en-AU');
    await store.chooseLocale('mk');
    expect(languages()).toEqual(['en-AU', 'mk']);
  });

  it('the same locale again re-renders nothing', async () => {
    const store = await fresh();
    await store.chooseLocale('mk');
    const { $i18nVersion } = await import('../i18n/i18n');
    const version = $i18nVersion.get();
    await store.setLocale('mk');
    expect($i18nVersion.get()).toBe(version);
  });
});

describe("R-1-25 the patient's language outlives the tab (issue 13: the patient's return)", () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', visitStorage());
    vi.stubGlobal('localStorage', visitStorage());
  });

  it('a choice is kept in localStorage too: a new tab opens in it', async () => {
    const store = await fresh();
    await store.chooseLocale('mk');
    expect(localStorage.getItem('imaging-portal.locale')).toBe('mk');
    // A new tab: its sessionStorage is empty, localStorage is the same.
    vi.stubGlobal('sessionStorage', visitStorage());
    const next = await fresh();
    await expect(next.setLocale(null)).resolves.toBe('mk');
    await next.applyProviderLocale('en-NZ');
    expect(next.$locale.get()).toBe('mk');
  });

  it('an explicit locale attribute still wins over a choice made in an earlier visit', async () => {
    localStorage.setItem('imaging-portal.locale', 'mk');
    const store = await fresh();
    await expect(store.setLocale('en-AU')).resolves.toBe('en-AU');
  });

  it('R-8-36 a kept value the portal does not ship is ignored', async () => {
    localStorage.setItem('imaging-portal.locale', 'fr-FR');
    const store = await fresh();
    expect(store.keptLocale()).toBeNull();
    await store.applyProviderLocale('en-NZ');
    expect(store.$locale.get()).toBe('en-NZ');
  });

  it("a link's ?lang= (an e-mail) becomes the choice; an unsupported one warns and changes nothing", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = await fresh();
    await expect(store.applyLinkLocale('mk-MK')).resolves.toBe('mk');
    expect(localStorage.getItem('imaging-portal.locale')).toBe('mk');
    expect(sessionStorage.getItem('imaging-portal.locale')).toBe('mk');
    await expect(store.applyLinkLocale('xx<script>')).resolves.toBe('mk');
    expect(warn).toHaveBeenCalled();
    expect(localStorage.getItem('imaging-portal.locale')).toBe('mk');
  });

  it('R-8-36 a value in the tab’s storage the portal does not ship never overrides the element’s locale (issue 13 attack run)', async () => {
    for (const planted of ['"><img src=x onerror=alert(1)>', 'fr-FR', '__proto__', '']) {
      sessionStorage.setItem('imaging-portal.locale', planted);
      const store = await fresh();
      expect(store.rememberedLocale()).toBeNull();
      await expect(store.setLocale('mk')).resolves.toBe('mk');
      await store.applyProviderLocale('en-NZ');
      expect(store.$locale.get()).toBe('mk');
    }
  });
});
