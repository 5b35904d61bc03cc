import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FUNNEL_VIEW,
  FUNNEL_STEPS,
  funnelEvents,
  hashEmail,
  normaliseEmail,
  type FunnelView,
} from './funnel';

const view = (patch: Partial<FunnelView>): FunnelView => ({ ...EMPTY_FUNNEL_VIEW, ...patch });
const names = (before: FunnelView, after: FunnelView) =>
  funnelEvents(before, after).map((event) => event.name);

/** One patient's way through the flow, view by view. */
const exam = view({ step: 'exam' });
const scanType = view({ step: 'exam', scanType: 'MRI' });
const chosen = view({ step: 'exam', scanType: 'MRI', procedures: ['MRI Knee'] });
const questionnaires = { ...chosen, inQuestionnaires: true };
const clinicStep = { ...chosen, step: 'clinic' as const };
const clinic = {
  ...clinicStep,
  step: 'slots' as const,
  location: { id: 7, name: 'Harbour Imaging Perth CBD' },
};
const slot = { ...clinic, slots: ['2030-01-07T09:00:00+08:00'], allSlotsChosen: true };
const form = { ...slot, step: 'form' as const };
const submitting = { ...form, submitting: true };
const completed = { ...form, completed: 1, kind: 'appointment' as const };

describe('R-4-create-14: the booking funnel, steps 0 to 7', () => {
  it('names eleven events in the spec order, numbered 0 to 7', () => {
    expect(Object.entries(FUNNEL_STEPS)).toEqual([
      ['page_view', 0],
      ['procedure_type', 1],
      ['scan_type', 1],
      ['body_part', 1],
      ['search_availability', 2],
      ['questionnaire', 3],
      ['location', 4],
      ['time_slot', 5],
      ['form_start', 6],
      ['form_submitted', 7],
      ['booking_completed', 7],
    ]);
  });

  it('a booking through every step fires each event once, in order', () => {
    const journey = [
      EMPTY_FUNNEL_VIEW,
      exam,
      scanType,
      chosen,
      questionnaires,
      clinicStep,
      clinic,
      slot,
      form,
      submitting,
      completed,
    ];
    const fired = journey.slice(1).flatMap((after, i) => names(journey[i]!, after));
    expect(fired).toEqual([
      'page_view',
      'scan_type',
      'search_availability',
      'questionnaire',
      'location',
      'time_slot',
      'form_start',
      'form_submitted',
      'booking_completed',
    ]);
  });

  it('the page view is reported once, not on later changes', () => {
    expect(names(EMPTY_FUNNEL_VIEW, exam)).toEqual(['page_view']);
    expect(names(exam, scanType)).toEqual(['scan_type']);
  });

  it('the procedure type is reported when the patient changes it, not for the default', () => {
    expect(names(exam, { ...exam, procedureTab: 'multiple' })).toEqual(['procedure_type']);
    expect(funnelEvents(exam, { ...exam, procedureTab: 'multiple' })[0]).toMatchObject({
      step: 1,
      procedureType: 'multiple',
    });
  });

  it('a body part chosen on the figure is step 1 with its name', () => {
    expect(funnelEvents(exam, { ...exam, bodyPart: 'Knee' })).toEqual([
      { name: 'body_part', step: 1, bodyPart: 'Knee' },
    ]);
  });

  it('without questionnaires, search availability fires on leaving the exam step', () => {
    expect(names(chosen, clinicStep)).toEqual(['search_availability']);
  });

  it('R-7-calls-59: events carry the procedure and location names', () => {
    const [event] = funnelEvents(slot, form);
    expect(event).toEqual({
      name: 'form_start',
      step: 6,
      procedureName: 'MRI Knee',
      locationName: 'Harbour Imaging Perth CBD',
    });
    expect(funnelEvents(form, completed)[0]).toMatchObject({
      name: 'booking_completed',
      bookingKind: 'appointment',
    });
  });

  it('several exams are named together', () => {
    const two = view({ step: 'clinic', procedures: ['MRI Knee', 'Chest X-ray'] });
    expect(funnelEvents(exam, two)[0]).toMatchObject({ procedureName: 'MRI Knee, Chest X-ray' });
  });

  it('a new choice is reported again; the same choice is not', () => {
    const otherClinic = { ...clinic, location: { id: 8, name: 'Harbour Imaging Bondi' } };
    expect(names(clinic, otherClinic)).toEqual(['location']);
    expect(names(clinic, { ...clinic })).toEqual([]);
    const otherSlot = { ...slot, slots: ['2030-01-07T10:00:00+08:00'] };
    expect(names(slot, otherSlot)).toEqual(['time_slot']);
  });

  it('a time slot counts once every exam that needs one has one', () => {
    const half = { ...clinic, slots: ['2030-01-07T09:00:00+08:00', ''], allSlotsChosen: false };
    expect(names(clinic, half)).toEqual([]);
    expect(names(half, { ...half, slots: ['a', 'b'], allSlotsChosen: true })).toEqual([
      'time_slot',
    ]);
  });

  it('a second booking on the same page is reported again', () => {
    expect(names(completed, { ...completed, completed: 2 })).toEqual(['booking_completed']);
  });

  it('a flow opened at the form (a reload) reports the steps its address shows', () => {
    expect(names(EMPTY_FUNNEL_VIEW, form)).toEqual([
      'page_view',
      'scan_type',
      'search_availability',
      'location',
      'time_slot',
      'form_start',
    ]);
  });

  it('a clinic page starts at the clinic: location before the exam, no search yet', () => {
    const clinicFirst = view({ step: 'clinic', location: { id: 7, name: 'Perth CBD' } });
    expect(names(EMPTY_FUNNEL_VIEW, clinicFirst)).toEqual(['page_view', 'location']);
  });
});

describe('R-7-calls-59: the hashed patient e-mail', () => {
  it('is SHA-256 hex of the trimmed, lower-cased e-mail, as the server computes patientEmailHash', async () => {
    const expected = createHash('sha256').update('mia.thompson@example.org').digest('hex');
    expect(normaliseEmail('  Mia.Thompson@Example.ORG ')).toBe('mia.thompson@example.org');
    expect(await hashEmail('  Mia.Thompson@Example.ORG ')).toBe(expected);
  });

  it('is left out when there is no e-mail', async () => {
    expect(await hashEmail('   ')).toBeUndefined();
  });
});
