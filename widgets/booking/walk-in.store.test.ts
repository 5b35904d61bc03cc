import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type FakeFetch } from '../../src/api/testing';
import config from '../../tests/fixtures/portal-config.json';
import { callsTo, stubBookingApi } from './test-api';

let fetch: FakeFetch;

async function fresh(path: string, search: string, walkInEnabled = true) {
  fetch = stubBookingApi({
    'GET /api/config/portal': () =>
      jsonResponse({ ...config, bookingForm: { ...config.bookingForm, walkInEnabled } }),
  });
  vi.resetModules();
  const settings = await import('../../src/stores/config.store');
  await settings.loadConfig();
  const booking = await import('./booking.store');
  const catalogue = await import('./catalogue.store');
  const flow = await import('./flow.store');
  const walkIn = await import('./walk-in.store');
  booking.syncFromHost(path, search);
  const unbind = [
    walkIn.$walkInPairing.listen(() => undefined),
    catalogue.$exams.listen(() => undefined),
    settings.$bookingFormConfig.listen(() => undefined),
  ];
  await vi.waitFor(() => expect(catalogue.$exams.get().state).toBe('loaded'));
  return { ...booking, ...flow, ...walkIn, unbind: () => unbind.forEach((stop) => stop()) };
}

afterEach(() => vi.unstubAllGlobals());

describe('walk-in (spec 4 "Walk-in")', () => {
  it('R-4-slots-17, R-7-calls-37: two modalities and a walk-in at the chosen clinic make a pairing', async () => {
    const store = await fresh(
      '/select-clinic',
      '?procedureTab=multiple&examSlug=mri-knee,xray-knee&selectedClinic=2',
    );
    await vi.waitFor(() => expect(store.$walkInPairing.get()).not.toBeNull());
    expect(callsTo(fetch, 'GET /api/booking/walk_in_exams')[0]?.url).toContain('clinicId=2');
    expect(store.$walkInPairing.get()?.walkInExams.map((exam) => exam.slug)).toEqual(['xray-knee']);
    expect(store.walkInFor({ name: 'X-ray Knee', modalityId: 3 })?.name).toBe('X-ray Knee walk-in');
    expect(store.walkInFor({ name: 'Chest X-ray', modalityId: 3 })).toBeNull();
    store.unbind();
  });

  it('R-4-slots-18: afterwards only the other exam is booked, procedureTab single (two modalities)', async () => {
    const store = await fresh(
      '/select-clinic',
      '?procedureTab=multiple&examSlug=xray-knee,mri-knee&selectedClinic=2',
    );
    await vi.waitFor(() => expect(store.$walkInPairing.get()).not.toBeNull());
    store.acceptWalkIn();
    expect(store.$booking.get().params).toMatchObject({
      procedureTab: 'single',
      examSlugs: ['mri-knee'],
    });
    expect(store.$acceptedWalkIns.get().map((walkIn) => walkIn.name)).toEqual([
      'X-ray Knee walk-in',
    ]);
    expect(store.$walkInPairing.get()).toBeNull();
    store.unbind();
  });

  it('R-4-slots-18: with more than two modalities procedureTab stays multiple', async () => {
    const store = await fresh(
      '/select-clinic',
      '?procedureTab=multiple&examSlug=mri-knee,ct-chest,xray-knee&selectedClinic=2',
    );
    await vi.waitFor(() => expect(store.$walkInPairing.get()).not.toBeNull());
    store.acceptWalkIn();
    expect(store.$booking.get().params).toMatchObject({
      procedureTab: 'multiple',
      examSlugs: ['mri-knee', 'ct-chest'],
    });
    store.unbind();
  });

  it('walk-ins are not asked for when the configuration turns them off', async () => {
    const store = await fresh(
      '/select-clinic',
      '?procedureTab=multiple&examSlug=mri-knee,xray-knee&selectedClinic=2',
      false,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(fetch, 'GET /api/booking/walk_in_exams')).toHaveLength(0);
    expect(store.$walkInPairing.get()).toBeNull();
    store.unbind();
  });

  it("R-4-slots-15: 'back' from the booking-request info modal returns to / with procedureTab multiple for several exams, else single", async () => {
    const several = await fresh(
      '/select-region',
      '?procedureTab=multiple&examSlug=mri-knee,ct-chest',
    );
    several.backFromRequestInfo();
    expect(several.$bookingUrl.get()).toMatchObject({ path: '/', replace: false });
    expect(several.$booking.get().params.procedureTab).toBe('multiple');
    several.unbind();
    const one = await fresh('/', '?procedureTab=multiple&examSlug=mri-brain-contrast');
    one.backFromRequestInfo();
    expect(one.$bookingUrl.get()).toMatchObject({ path: '/', replace: true });
    expect(one.$booking.get().params.procedureTab).toBe('single');
    one.unbind();
  });
});
