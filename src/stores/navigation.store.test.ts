import { describe, expect, it } from 'vitest';
import { clinicAppointmentRequests } from '../api/request-group';
import {
  $navigating,
  cancelOnNavigation,
  endNavigation,
  startNavigation,
} from './navigation.store';

describe('navigation store (R-2.3-36)', () => {
  it('the loading overlay shows from the start to the end of a navigation', () => {
    startNavigation();
    expect($navigating.get()).toBe(true);
    endNavigation();
    expect($navigating.get()).toBe(false);
  });

  it('R-7-http-01: navigating to a booking path cancels pending clinic-appointment requests', () => {
    const pending = clinicAppointmentRequests.track();
    startNavigation('/iframe/booking');
    expect(pending.aborted).toBe(true);
    endNavigation();
  });

  it('R-7-http-01: navigating to another page leaves them running', () => {
    const pending = clinicAppointmentRequests.track();
    startNavigation('/appointments/ABC123');
    expect(pending.aborted).toBe(false);
    endNavigation();
    clinicAppointmentRequests.cancelAll();
  });

  it('R-7-http-01 cancelOnNavigation: a booking path cancels pending clinic-appointment requests; another page does not', () => {
    const first = clinicAppointmentRequests.track();
    expect(cancelOnNavigation('/iframe/select-clinic?examSlug=ct-head')).toBe(true);
    expect(first.aborted).toBe(true);
    const second = clinicAppointmentRequests.track();
    expect(cancelOnNavigation('/appointments/ABC123')).toBe(false);
    expect(second.aborted).toBe(false);
    clinicAppointmentRequests.cancelAll();
  });
});
