import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBookingApi } from './test-api';

/** The booking stores with the catalogue and the clinics loaded, and the funnel watched. */
async function watched() {
  vi.resetModules();
  const booking = await import('./booking.store');
  const catalogue = await import('./catalogue.store');
  const clinics = await import('./clinics.store');
  const flow = await import('./flow.store');
  const form = await import('./form-state.store');
  const { $funnel } = await import('../../src/stores/funnel.store');
  const unbind = [
    flow.$visibleStep.listen(() => undefined),
    catalogue.$modalities.listen(() => undefined),
    clinics.$clinicChoices.listen(() => undefined),
  ];
  await vi.waitFor(() => expect(catalogue.$exams.get().state).toBe('loaded'));
  await vi.waitFor(() => expect(catalogue.$modalities.get().state).toBe('loaded'));
  (await import('./funnel.store')).watchFunnel();
  const names = () => $funnel.get().map((event) => event.name);
  return {
    ...booking,
    ...catalogue,
    ...clinics,
    ...flow,
    ...form,
    $funnel,
    names,
    unbind: () => unbind.forEach((stop) => stop()),
  };
}

const navigated = (path: string) =>
  document.dispatchEvent(
    new CustomEvent('imaging-booking-navigated', { detail: { path, search: '' } }),
  );

beforeEach(() => {
  stubBookingApi();
  vi.stubGlobal('document', new EventTarget());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('R-4-create-14, R-7-calls-59: the booking flow as the analytics funnel sees it', () => {
  it('a booking through the flow reaches $funnel step by step, with names and the hashed e-mail', async () => {
    const store = await watched();
    await vi.waitFor(() => expect(store.names()).toEqual(['page_view']));
    store.chooseModality('mri');
    store.toggleExam('mri-knee');
    navigated('/questionnaires');
    await vi.waitFor(() =>
      expect(store.names().slice(1)).toEqual(['scan_type', 'search_availability', 'questionnaire']),
    );

    store.syncFromHost('/select-region', '?examSlug=mri-knee&modality=mri&regionSlug=sydney');
    await vi.waitFor(() => expect(store.$clinics.get().state).toBe('loaded'));
    store.chooseClinic(1);
    store.updateParams({
      slots: [
        {
          startTime: '2030-01-07T09:00:00+11:00',
          endTime: '2030-01-07T09:30:00+11:00',
          deviceId: 1,
        },
      ],
    });
    store.goToStep('form');
    await vi.waitFor(() =>
      expect(store.names().slice(4)).toEqual(['location', 'time_slot', 'form_start']),
    );

    store.$bookingForm.setKey('email', ' Mia.Nguyen@Example.com ');
    store.$submission.set({ state: 'submitting' });
    await vi.waitFor(() => expect(store.names().at(-1)).toBe('form_submitted'));
    const events = store.$funnel.get();
    expect(events.find((event) => event.name === 'scan_type')).toMatchObject({
      step: 1,
      scanType: 'MRI',
    });
    expect(events.find((event) => event.name === 'location')).toEqual({
      name: 'location',
      step: 4,
      procedureName: 'MRI Knee',
      locationName: 'Harbour Imaging Sydney CBD',
    });
    expect(events.at(-1)).toEqual({
      name: 'form_submitted',
      step: 7,
      procedureName: 'MRI Knee',
      locationName: 'Harbour Imaging Sydney CBD',
      emailHash: createHash('sha256').update('mia.nguyen@example.com').digest('hex'),
    });
    expect(JSON.stringify(events)).not.toMatch(/mia|nguyen/i);
    store.unbind();
  });
});
