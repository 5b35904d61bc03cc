import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type FakeFetch } from '../../src/api/testing';
import config from '../../tests/fixtures/portal-config.json';
import { callsTo, fixtures, stubBookingApi, type Route } from './test-api';

let fetch: FakeFetch;

/** document.cookie as a browser keeps it: assignments set or (expired) remove one cookie. */
function cookieJar() {
  const jar = new Map<string, string>();
  const assigned: string[] = [];
  return {
    assigned,
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(assignment: string) {
      assigned.push(assignment);
      const [pair = '', ...attributes] = assignment.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/.test(a));
      if (expired) jar.delete(name.trim());
      else jar.set(name.trim(), value);
    },
  };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

type BookingForm = typeof config.bookingForm;

async function fresh(
  path: string,
  search: string,
  options: { bookingForm?: Partial<BookingForm>; routes?: Record<string, Route> } = {},
) {
  fetch = stubBookingApi({
    'GET /api/config/portal': () =>
      jsonResponse({ ...config, bookingForm: { ...config.bookingForm, ...options.bookingForm } }),
    ...options.routes,
  });
  vi.resetModules();
  const settings = await import('../../src/stores/config.store');
  await settings.loadConfig();
  const booking = await import('./booking.store');
  const catalogue = await import('./catalogue.store');
  const clinics = await import('./clinics.store');
  booking.syncFromHost(path, search);
  const unbind = [
    clinics.$clinicChoices.listen(() => undefined),
    catalogue.$exams.listen(() => undefined),
    settings.$bookingFormConfig.listen(() => undefined),
  ];
  await vi.waitFor(() => expect(catalogue.$exams.get().state).toBe('loaded'));
  const point = () => {
    const { lat, lng, regionSlug } = booking.$booking.get().params;
    return { lat, lng, regionSlug };
  };
  return { ...booking, ...clinics, point, unbind: () => unbind.forEach((stop) => stop()) };
}

const here = { latitude: -33.87, longitude: 151.21 };
const granted = () => Promise.resolve('granted' as const);
const denied = () => Promise.resolve('denied' as const);
const prompt = () => Promise.resolve('prompt' as const);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('location rules (spec 4 "Location and slots")', () => {
  it('R-4-slots-02: a region or the query lat/lng is the location; nothing is looked up', async () => {
    const store = await fresh('/select-region', '?examSlug=mri-knee&regionSlug=perth');
    const locate = vi.fn(() => Promise.resolve(here));
    await store.resolveLocation(locate, granted);
    store.updateParams({ regionSlug: 'select-region', lat: -31.9, lng: 115.8 });
    await store.resolveLocation(locate, granted);
    expect(locate).not.toHaveBeenCalled();
    expect(store.point()).toEqual({ lat: -31.9, lng: 115.8, regionSlug: 'select-region' });
    store.unbind();
  });

  it('R-4-slots-02, R-7-calls-32: otherwise the position is looked up (when the browser allows it) and labelled with its suburb (code_from_location)', async () => {
    const store = await fresh('/select-region', '?examSlug=mri-knee');
    await store.resolveLocation(() => Promise.resolve(here), granted);
    expect(store.point()).toEqual({ lat: -33.87, lng: 151.21, regionSlug: 'select-region' });
    expect(store.$locationSearch.get()).toEqual({
      state: 'located',
      label: 'Sydney',
      via: 'position',
    });
    expect(callsTo(fetch, 'GET /api/booking/code_from_location')[0]?.url).toContain(
      'latitude=-33.87&longitude=151.21',
    );
    store.unbind();
  });

  it('the browser is not asked for the position before the patient asks (no prompt on arrival)', async () => {
    const store = await fresh('/select-region', '?examSlug=mri-knee');
    const locate = vi.fn(() => Promise.resolve(here));
    await store.resolveLocation(locate, prompt);
    expect(locate).not.toHaveBeenCalled();
    expect(store.$locationSearch.get()).toEqual({ state: 'idle' });
    store.unbind();
  });

  it("R-4-slots-03, R-8-17: a failed look-up at the default location opens the can't-locate modal (showUnableToLocateWindow)", async () => {
    const store = await fresh('/select-region', '?examSlug=mri-knee');
    await store.resolveLocation(() => Promise.reject(new Error('denied')), denied);
    expect(store.$locationSearch.get()).toEqual({ state: 'unlocated' });
    store.dismissLocationProblem();
    await store.locateMe(() => Promise.reject(new Error('timeout')));
    expect(store.$locationSearch.get()).toEqual({ state: 'unlocated' });
    store.unbind();
  });

  it('R-4-slots-04: with showUnableToLocateWindow off the default location is used as it is', async () => {
    const store = await fresh('/select-region', '?examSlug=mri-knee', {
      bookingForm: { showUnableToLocateWindow: false },
    });
    await store.locateMe(() => Promise.reject(new Error('denied')));
    expect(store.point()).toEqual({ lat: -33.8688, lng: 151.2093, regionSlug: 'select-region' });
    expect(store.$locationSearch.get()).toMatchObject({ state: 'located', via: 'default' });
    store.unbind();
  });

  it('R-4-slots-03/04: not in advanced booking, nor when a location is in use: a message, the location stays', async () => {
    const advanced = await fresh('/advanced-booking', '?examSlug=mri-knee');
    await advanced.locateMe(() => Promise.reject(new Error('denied')));
    expect(advanced.$locationSearch.get()).toEqual({
      state: 'failed',
      messageKey: 'booking.clinic.locate_failed',
    });
    advanced.unbind();
    const located = await fresh('/select-region', '?examSlug=mri-knee&lat=-31.9&lng=115.8');
    await located.locateMe(() => Promise.reject(new Error('denied')));
    expect(located.$locationSearch.get().state).toBe('failed');
    expect(located.point()).toMatchObject({ lat: -31.9, lng: 115.8 });
    located.unbind();
  });

  it('R-4-slots-05: when every clinic is farther than maximumDistanceKm, the default location is used', async () => {
    const far = fixtures.clinics
      .filter((clinic) => clinic.id !== 2)
      .map((clinic) => ({ ...clinic, distanceKm: 9000 }));
    let calls = 0;
    const store = await fresh('/select-region', '?examSlug=mri-knee&lat=51.5&lng=-0.12', {
      routes: {
        'GET /api/booking/clinics': () => jsonResponse(calls++ === 0 ? far : fixtures.clinics),
      },
    });
    await vi.waitFor(() => expect(store.point()).toMatchObject({ lat: -33.8688, lng: 151.2093 }));
    expect(store.$locationSearch.get()).toMatchObject({ state: 'located', via: 'too-far' });
    await vi.waitFor(() => expect(store.$clinics.get().state).toBe('loaded'));
    expect(store.point()).toMatchObject({ lat: -33.8688 }); // no loop once at the default location
    store.unbind();
  });

  it('R-4-slots-06, R-9-26/27: in kiosk mode the post code location id is saved in the postalCodeLocationId cookie, and the kiosk uses it next time', async () => {
    const jar = cookieJar();
    const storage = memoryStorage();
    vi.stubGlobal('document', jar);
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('location', { protocol: 'https:' });
    const kiosk = await fresh('/select-region', '?examSlug=mri-knee&kioskMode=true');
    await kiosk.searchPostCode('6000');
    expect(jar.assigned).toEqual([
      'postalCodeLocationId=1; expires=Tue, 31 Dec 2030 00:00:00 GMT; path=/; SameSite=Lax; Secure',
    ]);
    kiosk.unbind();

    const next = await fresh('/select-region', '?examSlug=mri-knee&kioskMode=true');
    await next.resolveLocation(() => Promise.reject(new Error('no GPS')), prompt);
    expect(next.point()).toMatchObject({ lat: -31.95, lng: 115.86 });
    expect(next.$locationSearch.get()).toEqual({
      state: 'located',
      label: '6000 Perth',
      via: 'kiosk',
    });

    // R-9-28: removing the cookie forgets the kiosk location.
    const { forgetKioskLocation, kioskLocation } = await import('./kiosk-location');
    forgetKioskLocation();
    expect(jar.cookie).toBe('');
    expect(kioskLocation()).toBeNull();
    next.unbind();
  });

  it('outside kiosk mode a post code sets no cookie', async () => {
    const jar = cookieJar();
    vi.stubGlobal('document', jar);
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('location', { protocol: 'http:' });
    const store = await fresh('/select-region', '?examSlug=mri-knee');
    await store.searchPostCode('6000');
    expect(jar.assigned).toEqual([]);
    store.unbind();
  });
});

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
