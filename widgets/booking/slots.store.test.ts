import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, never, type FakeFetch } from '../../src/api/testing';
import { bodyOf, callsTo, fixtures, stubBookingApi, type Route } from './test-api';

let fetch: FakeFetch;
const SLOTS = 'POST /api/booking/clinic_appointments';

async function fresh(
  search = '?examSlug=mri-knee&selectedClinic=2',
  routes: Record<string, Route> = {},
) {
  fetch = stubBookingApi(routes);
  vi.resetModules();
  const booking = await import('./booking.store');
  const clinics = await import('./clinics.store');
  const slots = {
    ...(await import('./slot-period.store')),
    ...(await import('./mobile-locations.store')),
    ...(await import('./next-available.store')),
    ...(await import('./slots.store')),
  };
  booking.syncFromHost('/select-clinic', search);
  const unbind = slots.$slots.listen(() => undefined);
  await vi.waitFor(() => expect(clinics.$selectedClinic.get()?.id).toBe(2));
  return { ...booking, ...slots, unbind };
}

const lastRequest = () => bodyOf(callsTo(fetch, SLOTS).at(-1));
const params = (store: Awaited<ReturnType<typeof fresh>>) => store.$booking.get().params;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-01T02:00:00Z')); // Monday 1 March, 10:00 in Perth
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('slot step (spec 4 "Location and slots")', () => {
  it("R-9-24: the week view loads this week's slots of the chosen clinic, in its local calendar", async () => {
    const store = await fresh();
    await vi.waitFor(() => expect(store.$slots.get().state).toBe('loaded'));
    expect(lastRequest()).toEqual({
      clinicIds: [2],
      examSlug: 'mri-knee',
      start: '2027-03-01',
      end: '2027-03-07',
      clinicAppointmentsView: 'WEEK',
      format: 'intervals',
    });
    expect(store.$freeSlots.get()).toHaveLength(3);
    expect(store.$period.get()).toMatchObject({ canGoBack: false, today: '2027-03-01' });
    store.unbind();
  });

  it('R-9-30: in en-CA the week starts on Sunday', async () => {
    const store = await fresh();
    const { setLocale } = await import('../../src/stores/locale.store');
    await setLocale('en-CA');
    expect(store.$period.get()).toMatchObject({ start: '2027-02-28', end: '2027-03-06' });
    store.unbind();
  });

  it('R-4-slots-10: switching to MONTH loads the month and clears the date and slot parameters', async () => {
    const slot = {
      startTime: '2027-03-02T09:00:00+08:00',
      endTime: '2027-03-02T09:30:00+08:00',
      deviceId: 21,
    };
    const store = await fresh(
      '?examSlug=mri-knee&selectedClinic=2&date=2027-03-02&week=2027-03-01',
    );
    store.updateParams({ slots: [slot] });
    store.setSlotsView('MONTH');
    expect(params(store)).toMatchObject({ slotsView: 'MONTH', dates: [], week: null, slots: [] });
    await vi.waitFor(() =>
      expect(lastRequest()).toMatchObject({
        start: '2027-03-01',
        end: '2027-03-31',
        clinicAppointmentsView: 'MONTH',
      }),
    );
    store.unbind();
  });

  it('R-4-slots-11: the time-of-day filter toggles a value in timeOfDay', async () => {
    const store = await fresh();
    store.toggleTimeOfDay('EVENING');
    store.toggleTimeOfDay('MORNING');
    expect(params(store).timeOfDay).toEqual(['MORNING', 'EVENING']);
    store.toggleTimeOfDay('EVENING');
    expect(params(store).timeOfDay).toEqual(['MORNING']);
    expect(store.$bookingUrl.get().search).toContain('timeOfDay=MORNING');
    store.unbind();
  });

  it('R-4-slots-12: a calendar date sets date for the exam in view and shows its week', async () => {
    // The clinic does not offer both exams together (group_exams): one exam at a time.
    const store = await fresh(
      '?procedureTab=multiple&examSlug=ct-chest,mri-knee&selectedClinic=2',
      {
        'GET /api/booking/group_exams': () =>
          jsonResponse({ examSlugs: ['ct-chest', 'mri-knee'], clinicIds: [] }),
      },
    );
    store.chooseSlot(fixtures.clinicAppointments[0]!.slots[0]!);
    expect(store.$activeExamIndex.get()).toBe(1);
    store.pickDate('2027-03-18');
    expect(params(store).dates).toEqual(['2027-03-02', '2027-03-18']);
    expect(params(store).week).toBe('2027-03-15');
    await vi.waitFor(() =>
      expect(lastRequest()).toMatchObject({ examSlug: 'mri-knee', start: '2027-03-15' }),
    );
    store.unbind();
  });

  it('previous and next week; never before this week', async () => {
    const store = await fresh();
    store.showPeriod(-1);
    expect(params(store).week).toBeNull();
    store.showPeriod(1);
    expect(params(store).week).toBe('2027-03-08');
    expect(store.$period.get().canGoBack).toBe(true);
    store.showPeriod(-1);
    expect(params(store).week).toBe('2027-03-01');
    store.unbind();
  });

  it('a chosen slot keeps its instant, device and clinic-local date', async () => {
    const store = await fresh();
    const slot = fixtures.clinicAppointments[0]!.slots[2]!;
    store.chooseSlot(slot);
    expect(params(store).slots[0]).toEqual({
      startTime: slot.startDateTime,
      endTime: slot.endDateTime,
      deviceId: 22,
    });
    expect(params(store).dates[0]).toBe('2027-03-04');
    store.unbind();
  });

  it('find next available jumps to the day of the first free slot, or says there is none', async () => {
    const store = await fresh();
    await store.showNextAvailable();
    expect(callsTo(fetch, 'GET /api/booking/find_next_available')[0]?.url).toContain(
      'from=2027-03-01',
    );
    expect(params(store)).toMatchObject({ dates: ['2027-03-09'], week: '2027-03-08' });
    store.unbind();
    const none = await fresh(undefined, {
      'GET /api/booking/find_next_available': () => errorResponse(404, 'message.not_found'),
    });
    await none.showNextAvailable();
    expect(none.$nextAvailable.get()).toEqual({ state: 'none' });
    none.unbind();
  });

  it('find next available can be stopped, and a late answer never moves a calendar the patient moved', async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = () => new Promise<Response>((resolve) => (answer = resolve));
    const store = await fresh(undefined, { 'GET /api/booking/find_next_available': pending });
    const asked = () => callsTo(fetch, 'GET /api/booking/find_next_available').length;
    const search = store.showNextAvailable();
    expect(store.$nextAvailable.get()).toEqual({ state: 'searching' });
    await vi.waitFor(() => expect(asked()).toBe(1));
    store.showPeriod(1); // the patient looks at next week meanwhile
    answer(jsonResponse(fixtures.nextAvailable));
    await search;
    expect(params(store).dates).toEqual([]);
    expect(store.$nextAvailable.get()).toEqual({ state: 'idle' });

    const stopped = store.showNextAvailable();
    await vi.waitFor(() => expect(asked()).toBe(2));
    store.cancelNextAvailable();
    expect(store.$nextAvailable.get()).toEqual({ state: 'idle' });
    await stopped;
    expect(params(store).dates).toEqual([]);
    store.unbind();
  });

  it('R-7-http-01: leaving the slot step cancels the pending slot request', async () => {
    const store = await fresh(undefined, { [SLOTS]: () => never() });
    await vi.waitFor(() => expect(callsTo(fetch, SLOTS)).toHaveLength(1));
    const signal = callsTo(fetch, SLOTS)[0]?.init.signal;
    store.goToStep('form', {
      slots: [{ startTime: '2027-03-02T01:00:00Z', endTime: '2027-03-02T01:30:00Z', deviceId: 21 }],
    });
    expect(signal?.aborted).toBe(true);
    store.unbind();
  });

  it('a failed slot load can be retried (R-4-slots-09 reload; a 503 is retried by the client itself, a 500 is shown)', async () => {
    let fail = true;
    const store = await fresh(undefined, {
      [SLOTS]: () =>
        fail
          ? errorResponse(500, 'message.x')
          : new Response(JSON.stringify(fixtures.clinicIntervals)),
    });
    await vi.waitFor(() => expect(store.$slots.get().state).toBe('failed'));
    fail = false;
    store.reloadSlots();
    await vi.waitFor(() => expect(store.$slots.get().state).toBe('loaded'));
    store.unbind();
  });
});
