import { describe, expect, it } from 'vitest';
import {
  canChangeStatus,
  cancelGoesAhead,
  notAllowedMessage,
  priorTime,
  walkInBlocked,
  type ChangeInput,
} from './change-rules';

const START = Date.parse('2026-11-23T09:00:00+11:00');
const base: ChangeInput = {
  status: 'BOOKED',
  startMs: START,
  nowMs: START - 3 * 86_400_000,
  priorMinutes: 1440,
  enquireOnly: false,
  action: 'CANCEL',
};

describe('R-3-50 canChangeStatus', () => {
  it('allows a live appointment outside the prior minutes', () => {
    expect(canChangeStatus(base)).toEqual({ canChange: true, reason: null, priorMinutes: 1440 });
  });
  it('answers APPOINTMENT_CANCELLED for a cancelled or otherwise final appointment', () => {
    for (const status of ['CANCELED', 'REMOVED_BY_OPERATOR', 'COMPLETED'] as const)
      expect(canChangeStatus({ ...base, status }).reason).toBe('APPOINTMENT_CANCELLED');
  });
  it('answers PRIOR_MINUTES within the limit, to the minute', () => {
    expect(canChangeStatus({ ...base, nowMs: START - 1440 * 60_000 }).canChange).toBe(true);
    expect(canChangeStatus({ ...base, nowMs: START - 1439 * 60_000 })).toEqual({
      canChange: false,
      reason: 'PRIOR_MINUTES',
      priorMinutes: 1440,
    });
  });
  it('R-4-cancel-01 ENQUIRE_ONLY lets a cancel go ahead but not a reschedule', () => {
    const cancel = canChangeStatus({ ...base, enquireOnly: true });
    expect(cancel.reason).toBe('ENQUIRE_ONLY');
    expect(cancelGoesAhead(cancel)).toBe(true);
    expect(canChangeStatus({ ...base, enquireOnly: true, action: 'RESCHEDULE' }).canChange).toBe(
      false,
    );
  });
});

describe('R-4-cancel-08 R-8-28 R-8-29 notAllowedMessage', () => {
  it('names the cancelled appointment, the prior minutes, or a generic refusal', () => {
    expect(
      notAllowedMessage('RESCHEDULE', {
        canChange: false,
        reason: 'APPOINTMENT_CANCELLED',
        priorMinutes: 60,
      }).key,
    ).toBe('appointment.reschedule_not_allowed_cancelled');
    expect(
      notAllowedMessage('CANCEL', { canChange: false, reason: 'PRIOR_MINUTES', priorMinutes: 60 }),
    ).toEqual({
      key: 'appointment.cancel_not_allowed_prior_minutes',
      params: { priorMinutes: 60 },
    });
    expect(
      notAllowedMessage('RESCHEDULE', {
        canChange: false,
        reason: 'ENQUIRE_ONLY',
        priorMinutes: 60,
      }).key,
    ).toBe('appointment.reschedule_not_allowed');
  });
  it('reads whole hours as hours', () => {
    expect(priorTime(1440)).toEqual({ key: 'appointment.prior_hours', params: { count: 24 } });
    expect(priorTime(90)).toEqual({ key: 'appointment.prior_minutes', params: { count: 90 } });
  });
});

describe('R-4-cancel-05 walk-ins', () => {
  it('blocks a walk-in unless the provider allows it', () => {
    expect(walkInBlocked(true, false)).toBe(true);
    expect(walkInBlocked(true, true)).toBe(false);
    expect(walkInBlocked(false, false)).toBe(false);
  });
});
