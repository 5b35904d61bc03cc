import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, type FakeFetch } from '../../src/api/testing';
import config from '../../tests/fixtures/portal-config.json';
import { bodyOf, callsTo, fixtures, stubBookingApi, type Route } from './test-api';

let fetch: FakeFetch;
const SLOTS = 'POST /api/booking/clinic_appointments';
const HOLD = 'POST /api/booking/reserve_slots';
const RELEASE = 'DELETE /api/booking/reserve_slots/BK-TEST-0001';
const KEY = 'POST /api/booking/booking_key';
const REFERENCE = 'POST /api/booking/reference_appointments';

async function fresh(
  search = '?examSlug=mri-knee&selectedClinic=2',
  routes: Record<string, Route> = {},
  bookingForm: Partial<typeof config.bookingForm> = {},
) {
  fetch = stubBookingApi({
    'GET /api/config/portal': () =>
      jsonResponse({ ...config, bookingForm: { ...config.bookingForm, ...bookingForm } }),
    ...routes,
  });
  vi.resetModules();
  const settings = await import('../../src/stores/config.store');
  await settings.loadConfig();
  const booking = await import('./booking.store');
  const clinics = await import('./clinics.store');
  const slots = {
    ...(await import('./slot-period.store')),
    ...(await import('./mobile-locations.store')),
    ...(await import('./next-available.store')),
    ...(await import('./slots.store')),
  };
  const hold = await import('./hold.store');
  booking.syncFromHost('/select-clinic', search);
  const unbind = [
    slots.$slots.listen(() => undefined),
    slots.$combinations.listen(() => undefined),
    slots.$combinationMode.listen(() => undefined),
    slots.$mobileChoices.listen(() => undefined),
    slots.$freeSlots.listen(() => undefined),
    settings.$bookingFormConfig.listen(() => undefined),
  ];
  await vi.waitFor(() => expect(clinics.$selectedClinic.get()?.id).toBe(2));
  return { ...booking, ...slots, ...hold, unbind: () => unbind.forEach((stop) => stop()) };
}

const params = (store: Awaited<ReturnType<typeof fresh>>) => store.$booking.get().params;
const slot = fixtures.clinicAppointments[0]!.slots[0]!;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-01T02:00:00Z')); // Monday 1 March, 10:00 in Perth
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('slot holds (spec 7 "reserve slots")', () => {
  it('a chosen slot is held with a new booking key, kept in the URL as bookingKey', async () => {
    const store = await fresh();
    store.chooseSlot(slot);
    await vi.waitFor(() => expect(store.$hold.get().state).toBe('held'));
    expect(callsTo(fetch, KEY)).toHaveLength(1);
    expect(params(store).bookingKey).toBe('BK-TEST-0001');
    expect(store.$bookingUrl.get().search).toContain('bookingKey=BK-TEST-0001');
    expect(bodyOf(callsTo(fetch, HOLD)[0])).toEqual({
      bookingKey: 'BK-TEST-0001',
      holds: [
        { examSlug: 'mri-knee', clinicId: 2, deviceId: 21, startDateTime: slot.startDateTime },
      ],
    });
    expect(store.$hold.get()).toMatchObject({ expiresAt: '2027-03-01T02:10:00Z' });
    store.unbind();
  });

  it("another time releases the key's hold first, then holds the new one with the same key", async () => {
    const store = await fresh('?examSlug=mri-knee&selectedClinic=2&bookingKey=BK-TEST-0001');
    store.chooseSlot(slot);
    await vi.waitFor(() => expect(store.$hold.get().state).toBe('held'));
    store.chooseSlot(fixtures.clinicAppointments[0]!.slots[1]!);
    await vi.waitFor(() => expect(callsTo(fetch, HOLD)).toHaveLength(2));
    expect(callsTo(fetch, KEY)).toHaveLength(0);
    expect(callsTo(fetch, RELEASE)).toHaveLength(1);
    expect(
      (bodyOf(callsTo(fetch, HOLD)[1]) as { holds: { deviceId: number }[] }).holds[0]?.deviceId,
    ).toBe(21);
    store.unbind();
  });

  it('R-4-slots-07..09: a hold refused with 409 opens the slot-conflict modal; after it the slot leaves the URL and the slots reload', async () => {
    const store = await fresh('?examSlug=mri-knee&selectedClinic=2', {
      [HOLD]: () => errorResponse(409, 'message.slot_conflict'),
    });
    await vi.waitFor(() => expect(store.$slots.get().state).toBe('loaded'));
    store.chooseSlot(slot);
    await vi.waitFor(() => expect(store.$holdConflict.get()).toBe(true));
    const before = callsTo(fetch, SLOTS).length;
    store.acknowledgeHoldConflict();
    expect(store.$holdConflict.get()).toBe(false);
    expect(store.$bookingUrl.get().search).not.toMatch(/startTime|endTime|deviceId/);
    await vi.waitFor(() => expect(callsTo(fetch, SLOTS).length).toBeGreaterThan(before));
    store.unbind();
  });

  it('a key from an old link that the server refuses (409 message.booking_key_invalid) is replaced, not taken for a conflict', async () => {
    let attempt = 0;
    const store = await fresh('?examSlug=mri-knee&selectedClinic=2&bookingKey=OLD', {
      [HOLD]: () =>
        attempt++ === 0
          ? errorResponse(409, 'message.booking_key_invalid')
          : jsonResponse(fixtures.reserveSlots),
    });
    store.chooseSlot(slot);
    await vi.waitFor(() => expect(store.$hold.get().state).toBe('held'));
    expect(store.$holdConflict.get()).toBe(false);
    expect(params(store).bookingKey).toBe('BK-TEST-0001');
    expect(
      callsTo(fetch, HOLD).map((call) => (bodyOf(call) as { bookingKey: string }).bookingKey),
    ).toEqual(['OLD', 'BK-TEST-0001']);
    store.unbind();
  });

  it('a server without holds (404) leaves the booking as it is: no message, no conflict', async () => {
    const store = await fresh('?examSlug=mri-knee&selectedClinic=2', {
      [HOLD]: () => errorResponse(404, 'message.not_found'),
    });
    store.chooseSlot(slot);
    await vi.waitFor(() => expect(store.$hold.get().state).toBe('unavailable'));
    expect(store.$holdConflict.get()).toBe(false);
    expect(params(store).slots[0]?.deviceId).toBe(21);
    store.unbind();
  });
});

describe('R-9-25: the week starting today', () => {
  it("R-9-25: with weekStartsToday the week view starts on today's date in the clinic's zone", async () => {
    vi.setSystemTime(new Date('2027-03-03T02:00:00Z')); // Wednesday in Perth
    const store = await fresh('?examSlug=mri-knee&selectedClinic=2', {}, { weekStartsToday: true });
    await vi.waitFor(() => expect(store.$slots.get().state).toBe('loaded'));
    expect(store.$period.get()).toMatchObject({ start: '2027-03-03', end: '2027-03-09' });
    expect(bodyOf(callsTo(fetch, SLOTS).at(-1))).toMatchObject({
      start: '2027-03-03',
      end: '2027-03-09',
    });
    store.showPeriod(1);
    expect(params(store).week).toBe('2027-03-10');
    store.unbind();
  });

  it('R-9-30: otherwise the week starts on Monday (en-AU)', async () => {
    vi.setSystemTime(new Date('2027-03-03T02:00:00Z'));
    const store = await fresh();
    expect(store.$period.get()).toMatchObject({ start: '2027-03-01', end: '2027-03-07' });
    store.unbind();
  });
});

describe('several exams at one clinic (reference appointments)', () => {
  const TWO = '?procedureTab=multiple&examSlug=mri-knee,ct-chest&selectedClinic=2';

  it('R-7-calls-33/37: when the clinic offers every exam (group_exams), combinations in order come from reference_appointments', async () => {
    const store = await fresh(TWO);
    await vi.waitFor(() => expect(store.$combinations.get()).toHaveLength(2));
    expect(callsTo(fetch, 'GET /api/booking/group_exams')[0]?.url).toContain(
      'examSlugs=mri-knee,ct-chest',
    );
    expect(bodyOf(callsTo(fetch, REFERENCE)[0])).toEqual({
      clinicId: 2,
      examSlugs: ['mri-knee', 'ct-chest'],
      start: '2027-03-01',
      end: '2027-03-07',
    });
    expect(callsTo(fetch, SLOTS)).toHaveLength(0);
    store.unbind();
  });

  it('R-4-slots-12: picking a combination sets date, startTime, endTime and deviceId per exam index, and holds both', async () => {
    const store = await fresh(TWO);
    await vi.waitFor(() => expect(store.$combinations.get()).toHaveLength(2));
    store.chooseCombination(store.$combinations.get()[0]!);
    const search = new URLSearchParams(store.$bookingUrl.get().search);
    expect(search.get('date')).toBe('2027-03-02,2027-03-02');
    expect(search.get('startTime')).toBe('2027-03-02T09:00:00+08:00,2027-03-02T09:45:00+08:00');
    expect(search.get('endTime')).toBe('2027-03-02T09:30:00+08:00,2027-03-02T10:00:00+08:00');
    expect(search.get('deviceId')).toBe('21,25');
    await vi.waitFor(() => expect(store.$hold.get().state).toBe('held'));
    expect((bodyOf(callsTo(fetch, HOLD)[0]) as { holds: unknown[] }).holds).toHaveLength(2);
    store.unbind();
  });

  it('a clinic that does not offer every exam keeps one exam at a time', async () => {
    const store = await fresh(TWO, {
      'GET /api/booking/group_exams': () =>
        jsonResponse({ examSlugs: ['mri-knee', 'ct-chest'], clinicIds: [1] }),
    });
    await vi.waitFor(() => expect(callsTo(fetch, SLOTS)).toHaveLength(1));
    expect(store.$combinationMode.get()).toBe(false);
    expect(callsTo(fetch, REFERENCE)).toHaveLength(0);
    store.unbind();
  });
});

describe('mobile locations', () => {
  it('R-7-calls-38: the mobile locations of the clinic for the dates in view are offered', async () => {
    const store = await fresh();
    await vi.waitFor(() => expect(store.$mobileChoices.get()).toHaveLength(1));
    expect(callsTo(fetch, 'GET /api/booking/mobile_locations')[0]?.url).toBe(
      '/api/booking/mobile_locations?clinicId=2&from=2027-03-01&to=2027-03-07',
    );
    store.unbind();
  });

  it('R-2.2-10, R-3-35: choosing one passes mobileLocationToken and mobileLocationId; only its dates have slots', async () => {
    const store = await fresh();
    await vi.waitFor(() => expect(store.$mobileChoices.get()).toHaveLength(1));
    store.chooseSlot(slot);
    store.chooseMobileLocation(fixtures.mobileLocations[0]!);
    expect(params(store)).toMatchObject({ mobileLocationId: 41, slots: [] });
    expect(store.$bookingUrl.get().search).toContain('mobileLocationId=41');
    await vi.waitFor(() =>
      expect(bodyOf(callsTo(fetch, SLOTS).at(-1))).toMatchObject({ mobileLocationToken: '41' }),
    );
    await vi.waitFor(() => expect(store.$slots.get().state).toBe('loaded'));
    // The fixture answers with 2 and 4 March; the location is there on 4 and 5 March only.
    expect(store.$freeSlots.get().map((item) => item.startDateTime)).toEqual([
      '2027-03-04T17:30:00+08:00',
    ]);
    store.chooseMobileLocation(null);
    expect(params(store).mobileLocationId).toBeNull();
    store.unbind();
  });
});
