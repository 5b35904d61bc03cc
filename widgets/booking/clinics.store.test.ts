import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type FakeFetch } from '../../src/api/testing';
import { callsTo, stubBookingApi } from './test-api';

let fetch: FakeFetch;

async function fresh(path = '/select-region', search = '?examSlug=mri-knee') {
  vi.resetModules();
  const booking = await import('./booking.store');
  const catalogue = await import('./catalogue.store');
  const clinics = await import('./clinics.store');
  booking.syncFromHost(path, search);
  const unbind = [
    clinics.$clinicChoices.listen(() => undefined),
    catalogue.$exams.listen(() => undefined),
  ];
  await vi.waitFor(() => expect(catalogue.$exams.get().state).toBe('loaded'));
  return { ...booking, ...clinics, unbind: () => unbind.forEach((stop) => stop()) };
}

const clinicCalls = () =>
  callsTo(fetch, 'GET /api/booking/clinics').map((call) => new URL(call.url, 'http://x').search);

beforeEach(() => {
  fetch = stubBookingApi();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('finding a clinic (spec 4 "Location and slots")', () => {
  it('R-4-slots-01/02: clinics load per exam, from the region or the query lat/lng', async () => {
    const store = await fresh('/select-region', '?examSlug=mri-knee&regionSlug=perth');
    await vi.waitFor(() => expect(store.$clinics.get().state).toBe('loaded'));
    store.updateParams({ lat: -33.87, lng: 151.21 });
    await vi.waitFor(() => expect(clinicCalls()).toHaveLength(2));
    expect(clinicCalls()).toEqual([
      '?examSlug=mri-knee&regionSlug=perth',
      '?examSlug=mri-knee&latitude=-33.87&longitude=151.21',
    ]);
    store.unbind();
  });

  it('R-2.2-06/07: a region replaces coordinates; a post code sets them and regionSlug becomes select-region', async () => {
    const store = await fresh('/select-region', '?examSlug=mri-knee&lat=-33&lng=151');
    store.chooseRegion('sydney');
    expect(store.$booking.get().params).toMatchObject({
      regionSlug: 'sydney',
      lat: null,
      lng: null,
    });
    await expect(store.searchPostCode(' 6000 ')).resolves.toBe(true);
    expect(store.$booking.get().params).toMatchObject({
      regionSlug: 'select-region',
      lat: -31.95,
      lng: 115.86,
    });
    expect(store.$locationSearch.get()).toEqual({
      state: 'located',
      label: '6000 Perth',
      via: 'post-code',
    });
    expect(callsTo(fetch, 'GET /api/booking/postal_code_location')[0]?.url).toContain('code=6000');
    store.unbind();
  });

  it('R-5-20: the post-code search submits only when a value is given', async () => {
    const store = await fresh();
    await expect(store.searchPostCode('   ')).resolves.toBe(false);
    expect(callsTo(fetch, 'GET /api/booking/postal_code_location')).toHaveLength(0);
    store.unbind();
  });

  it('an unknown post code shows message.postcode_not_found', async () => {
    fetch = stubBookingApi({
      'GET /api/booking/postal_code_location': () =>
        jsonResponse({ statusCode: 404, message: 'message.postcode_not_found' }, 404),
    });
    const store = await fresh();
    await expect(store.searchPostCode('0000')).resolves.toBe(false);
    expect(store.$locationSearch.get()).toEqual({
      state: 'failed',
      messageKey: 'message.postcode_not_found',
    });
    store.unbind();
  });

  it("R-4-slots-03, R-8-17: when the device cannot locate, the can't-locate modal asks for a post code", async () => {
    const store = await fresh();
    await store.locateMe(() => Promise.reject(new Error('denied')));
    expect(store.$locationSearch.get().state).toBe('unlocated');
    await store.locateMe(() => Promise.resolve({ latitude: -36.85, longitude: 174.76 }));
    expect(store.$booking.get().params).toMatchObject({
      lat: -36.85,
      lng: 174.76,
      regionSlug: 'select-region',
    });
    store.unbind();
  });

  it('a clinic page (clinicId) offers only its own clinic', async () => {
    const store = await fresh('/select-region', '?examSlug=mri-knee&clinicId=3');
    await vi.waitFor(() => expect(store.$clinics.get().state).toBe('loaded'));
    expect(store.$clinicChoices.get().map((clinic) => clinic.id)).toEqual([3]);
    expect(store.$selectedClinic.get()?.timeZone).toBe('Pacific/Auckland');
    store.unbind();
  });

  it('clinics load without an exam too (the embedded flow starts at the clinic, R-2.1-03)', async () => {
    const store = await fresh('/select-region', '');
    await vi.waitFor(() => expect(clinicCalls()).toEqual(['']));
    store.unbind();
  });
});
