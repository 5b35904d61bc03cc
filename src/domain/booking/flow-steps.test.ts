import { describe, expect, it } from 'vitest';
import { nextStep, reachableStep, type FlowFacts } from './flow-steps';

const none: FlowFacts = {
  hasExams: false,
  hasClinic: false,
  needsSlots: false,
  allSlotsChosen: false,
};
const ready: FlowFacts = {
  hasExams: true,
  hasClinic: true,
  needsSlots: true,
  allSlotsChosen: true,
};

describe('order of the booking flow', () => {
  it('R-2.1-03: the clinic step opens without an exam (the embedded flow starts there)', () => {
    expect(reachableStep('clinic', none)).toBe('clinic');
    expect(nextStep('clinic', { ...none, hasClinic: true })).toBe('exam');
  });

  it('a link to a later step shows the earliest step that still needs a choice', () => {
    expect(reachableStep('slots', none)).toBe('exam');
    expect(reachableStep('form', { ...ready, hasClinic: false })).toBe('clinic');
    expect(reachableStep('form', { ...ready, allSlotsChosen: false })).toBe('slots');
    expect(reachableStep('form', ready)).toBe('form');
  });

  it('R-1-11: an enquiry-only choice has no slot step: clinic, then the request form', () => {
    const enquiry = { ...ready, needsSlots: false, allSlotsChosen: false };
    expect(reachableStep('slots', enquiry)).toBe('form');
    expect(nextStep('clinic', enquiry)).toBe('form');
  });

  it('a clinic chosen first (navigateFromClinic) skips the clinic step after the exam', () => {
    expect(nextStep('exam', { ...ready, allSlotsChosen: false })).toBe('slots');
    expect(nextStep('exam', { ...ready, hasClinic: false })).toBe('clinic');
  });
});
