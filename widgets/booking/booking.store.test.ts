import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBookingApi } from './test-api';

async function fresh() {
  vi.resetModules();
  const store = await import('./booking.store');
  const requests = await import('../../src/api/request-group');
  return { ...store, ...requests };
}

beforeEach(() => {
  stubBookingApi();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('$booking: the flow state in the URL (spec 2.1, 2.2)', () => {
  it('R-2.2-09/10: the host URL sets the step and the choices', async () => {
    const store = await fresh();
    store.syncFromHost('/select-clinic', '?examSlug=mri-knee&selectedClinic=2&slotsView=MONTH');
    const { route, params } = store.$booking.get();
    expect(route.step).toBe('slots');
    expect(params).toMatchObject({
      examSlugs: ['mri-knee'],
      selectedClinic: 2,
      slotsView: 'MONTH',
    });
    expect(store.$bookingUrl.get()).toMatchObject({
      path: '/select-clinic',
      search:
        '?procedureTab=single&examSlug=mri-knee&regionSlug=select-region&selectedClinic=2&slotsView=MONTH',
    });
  });

  it('an echo of our own URL, in any parameter order, changes nothing', async () => {
    const store = await fresh();
    store.syncFromHost('/select-region', '?examSlug=ct-chest&regionSlug=perth');
    const before = store.$booking.get();
    store.syncFromHost('/select-region', '?regionSlug=perth&procedureTab=single&examSlug=ct-chest');
    expect(store.$booking.get()).toBe(before);
  });

  it('moving a step is a new history entry; changing a choice within a step replaces it', async () => {
    const store = await fresh();
    store.goToStep('clinic', { examSlugs: ['ct-chest'] });
    expect(store.$bookingUrl.get()).toMatchObject({ path: '/select-region', replace: false });
    store.updateParams({ regionSlug: 'perth' });
    expect(store.$bookingUrl.get()).toMatchObject({
      search: '?procedureTab=single&examSlug=ct-chest&regionSlug=perth',
      replace: true,
    });
  });

  it('R-7-http-01: moving to another booking step cancels pending clinic-appointment requests', async () => {
    const store = await fresh();
    const signal = store.clinicAppointmentRequests.track();
    store.updateParams({ week: '2027-03-01' });
    expect(signal.aborted).toBe(false);
    store.goToStep('form');
    expect(signal.aborted).toBe(true);
  });

  it('R-2.1-01: inside /iframe every step stays in the embedded shell', async () => {
    const store = await fresh();
    store.syncFromHost('/iframe/select-region', '');
    store.goToStep('slots');
    expect(store.$bookingUrl.get().path).toBe('/iframe/select-clinic');
  });

  it('R-2.1-27: a flow entered at /advanced-booking returns there and confirms without prefix', async () => {
    const store = await fresh();
    store.syncFromHost('/advanced-booking', '');
    store.goToStep('clinic');
    store.goToStep('exam');
    expect(store.$bookingUrl.get().path).toBe('/advanced-booking');
    store.goToStep('confirmation', {}, { bookingKey: 'K1', kind: 'appointment' });
    expect(store.$bookingUrl.get().path).toBe('/appointments/K1');
  });

  it('R-2.1-22: a confirmation URL carries kioskMode', async () => {
    const store = await fresh();
    store.syncFromHost('/booking', '?examSlug=ct-chest&kioskMode=true');
    store.goToStep('confirmation', {}, { bookingKey: 'K1', kind: 'booking-request' });
    expect(store.$bookingUrl.get()).toMatchObject({
      path: '/booking-requests/K1',
      search: '?kioskMode=true',
    });
  });

  it('starting over clears the choices but keeps kiosk mode and the host parameters', async () => {
    const store = await fresh();
    store.syncFromHost('/booking', '?examSlug=ct-chest&kioskMode=true&utm_source=clinic');
    store.startOver();
    expect(store.$bookingUrl.get()).toMatchObject({
      path: '/',
      search: '?kioskMode=true&utm_source=clinic',
    });
  });

  it('R-4-create-11: a navigation outside the flow keeps the shell prefix', async () => {
    const store = await fresh();
    store.syncFromHost('/iframe/booking', '');
    store.navigateOutside('/deny', '?customMessage=message.x');
    expect(store.$externalNavigation.get()).toEqual({
      path: '/iframe/deny',
      search: '?customMessage=message.x',
    });
  });
});
