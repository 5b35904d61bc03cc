import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtures, stubBookingApi } from './test-api';

async function fresh(path = '/', search = '') {
  vi.resetModules();
  const booking = await import('./booking.store');
  const catalogue = await import('./catalogue.store');
  const flow = await import('./flow.store');
  const unbind = flow.$visibleStep.listen(() => undefined);
  await vi.waitFor(() => expect(catalogue.$exams.get().state).toBe('loaded'));
  booking.syncFromHost(path, search);
  return { ...booking, ...catalogue, ...flow, unbind };
}

const step = (store: Awaited<ReturnType<typeof fresh>>) => store.$booking.get().route.step;
const slot = {
  startTime: '2027-03-02T09:00:00+08:00',
  endTime: '2027-03-02T09:30:00+08:00',
  deviceId: 21,
};

beforeEach(() => {
  stubBookingApi();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('exam step and the order of the flow (spec 2.4, 4)', () => {
  it('R-2.2-11: one exam replaces the choice; several add and remove, slots staying with their exam', async () => {
    const store = await fresh();
    store.toggleExam('mri-knee');
    store.toggleExam('ct-chest');
    expect(store.$booking.get().params.examSlugs).toEqual(['ct-chest']);
    store.setProcedureTab('multiple');
    store.toggleExam('xray-knee');
    store.updateParams({ slots: [null, slot] });
    store.toggleExam('ct-chest');
    expect(store.$booking.get().params.examSlugs).toEqual(['xray-knee']);
    expect(store.$booking.get().params.slots).toEqual([slot]);
    store.toggleExam('mri-knee');
    store.setProcedureTab('single');
    expect(store.$booking.get().params.examSlugs).toEqual(['xray-knee']);
  });

  it('the picker lists the exams of the chosen modality or body part, by priority', async () => {
    const store = await fresh();
    const unbind = store.$pickerExams.listen(() => undefined);
    store.chooseModality('mri');
    await vi.waitFor(() => expect(store.$modalities.get().state).toBe('loaded'));
    expect(store.$pickerExams.get().map((exam) => exam.slug)).toEqual([
      'mri-brain-contrast',
      'mri-knee',
    ]);
    unbind();
    store.chooseBodyPart('knee');
    expect(store.$booking.get().params.modality).toBeNull();
    expect(store.$pickerExams.get().map((exam) => exam.slug)).toEqual(['xray-knee', 'mri-knee']);
  });

  it('R-1-27: only body parts with exams are offered', async () => {
    const store = await fresh();
    const unbind = store.$bookableBodyParts.listen(() => undefined);
    await vi.waitFor(() => expect(store.$bookableBodyParts.get().length).toBeGreaterThan(0));
    expect(store.$bookableBodyParts.get().map((part) => part.slug)).toEqual([
      'head',
      'chest',
      'knee',
    ]);
    unbind();
  });

  it('R-4-create-03/04: an enquiry-only exam is not combined with exams booked online', async () => {
    const store = await fresh();
    const [knee, brain] = [fixtures.exams[0]!, fixtures.exams[1]!];
    expect(store.canAddExam(brain, [knee])).toBe(false);
    expect(store.canAddExam(knee, [knee])).toBe(true);
  });

  it('continue goes to the clinic step, or to the slots when the clinic was chosen first', async () => {
    const store = await fresh('/', '?examSlug=ct-chest');
    store.continueFromExams();
    expect(step(store)).toBe('clinic');
    store.syncFromHost('/', '?examSlug=ct-chest&selectedClinic=2&navigateFromClinic=true');
    store.continueFromExams();
    expect(step(store)).toBe('slots');
  });

  it('R-1-11: an enquiry-only exam goes from the clinic straight to the request form', async () => {
    const store = await fresh('/select-region', '?examSlug=mri-brain-contrast');
    store.chooseClinic(2);
    expect(step(store)).toBe('form');
    expect(store.$booking.get().params.selectedClinic).toBe(2);
  });

  it('R-2.1-03: a clinic chosen before any exam leads to the exam step (navigateFromClinic)', async () => {
    const store = await fresh('/select-region', '');
    store.chooseClinic(3);
    expect(step(store)).toBe('exam');
    expect(store.$booking.get().params).toMatchObject({
      selectedClinic: 3,
      navigateFromClinic: true,
    });
  });

  it('a link to the form without a slot shows the slot step', async () => {
    const store = await fresh('/booking', '?examSlug=mri-knee&selectedClinic=2');
    expect(store.$visibleStep.get()).toBe('slots');
    store.alignStep();
    expect(store.$bookingUrl.get()).toMatchObject({ path: '/select-clinic', replace: true });
  });

  it('a clinic page preselects its exam and clinic; with no host router it asks to go on, and "Continue" opens the slots', async () => {
    const store = await fresh();
    // The widget then goes through the exam's questionnaires (questionnaire-step.ts) and continueFromExams.
    expect(store.applyPreselection({ examSlug: 'mri-knee', clinicId: 2, hostRouted: false })).toBe(
      true,
    );
    store.continueFromExams();
    expect(step(store)).toBe('slots');
    expect(store.$booking.get().params).toMatchObject({
      clinicId: 2,
      selectedClinic: 2,
      examSlugs: ['mri-knee'],
    });
  });

  it('with a host router, preselection fills the choices but the URL keeps the step', async () => {
    const store = await fresh('/', '?modality=ct');
    store.applyPreselection({
      examSlug: 'ct-chest',
      modality: 'mri',
      regionSlug: 'perth',
      hostRouted: true,
    });
    expect(step(store)).toBe('exam');
    expect(store.$booking.get().params).toMatchObject({
      modality: 'ct',
      examSlugs: ['ct-chest'],
      regionSlug: 'perth',
    });
  });
});
