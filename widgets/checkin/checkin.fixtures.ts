import type { CheckInState } from '../../src/contract/check-in';

/**
 * An appointment's check-in as the server answers it, for the tests that
 * stub the check-in calls (store, browser and UI tests): open now, nothing
 * done yet, 10:00 in Sydney.
 */
export function checkInState(patch: Partial<CheckInState> = {}): CheckInState {
  return {
    slug: 's1',
    enabled: true,
    canCheckIn: true,
    disabledReason: null,
    opensAt: '2026-11-26T09:00:00+11:00',
    closesAt: '2026-11-26T10:15:00+11:00',
    priorMinutes: 60,
    timeZone: 'Australia/Sydney',
    checkInPrepared: false,
    checkInPreparedSent: false,
    checkInSent: false,
    checkInSuccess: false,
    showGenderSelection: false,
    feedbackRequired: false,
    mode: 'SIMPLE',
    form: null,
    ...patch,
  };
}
