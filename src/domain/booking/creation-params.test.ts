import { describe, expect, it } from 'vitest';
import { emptyFlowState } from './flow-params';
import { outcomeInsuranceTypeId, replacedAppointment, rescheduleOf } from './creation-params';

describe('creation parameters from the booking URL', () => {
  it('insuranceTypeId: a positive 32-bit integer, else nothing is sent', () => {
    expect(outcomeInsuranceTypeId([['insuranceTypeId', '12']])).toBe(12);
    for (const bad of ['', '0', '-1', 'x', '1.5', '03', '2147483648'])
      expect(outcomeInsuranceTypeId([['insuranceTypeId', bad]])).toBeNull();
    expect(outcomeInsuranceTypeId([])).toBeNull();
  });

  it('R-4-status-04: a reschedule or change names the appointment it replaces; a new booking names none', () => {
    const state = emptyFlowState();
    expect(replacedAppointment(state)).toEqual({});
    const rescheduled = { ...state, status: 'RESCHEDULED', extra: [['appointmentSlug', 'apt-1']] };
    expect(replacedAppointment(rescheduled as typeof state)).toEqual({
      appointmentSlug: 'apt-1',
      status: 'RESCHEDULED',
    });
    const other = { ...state, status: 'BOOKED', extra: [['appointmentSlug', 'apt-1']] };
    expect(replacedAppointment(other as typeof state)).toEqual({});
  });

  it('R-4-status-04 rescheduleOf: the status and the current start from the URL; a bad instant is dropped', () => {
    const state = emptyFlowState();
    expect(rescheduleOf(state)).toBeNull();
    const moving = {
      ...state,
      status: 'RESCHEDULED',
      extra: [
        ['appointmentSlug', 'apt-1'],
        ['rescheduleFrom', '2026-11-30T08:00:00+11:00'],
      ],
    } as typeof state;
    expect(rescheduleOf(moving)).toEqual({
      status: 'RESCHEDULED',
      from: '2026-11-30T08:00:00+11:00',
    });
    const bad = {
      ...moving,
      extra: [
        ['appointmentSlug', 'apt-1'],
        ['rescheduleFrom', 'soon'],
      ],
    };
    expect(rescheduleOf(bad as typeof state)).toEqual({ status: 'RESCHEDULED', from: null });
  });
});
