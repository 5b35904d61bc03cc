import { describe, expect, it } from 'vitest';
import { denySearch, denyStatusOf } from './deny';

describe('R-4-status-01 denyStatusOf', () => {
  it('shows the page while any appointment is live', () => {
    expect(denyStatusOf([{ status: 'BOOKED', expired: false }])).toBeNull();
    expect(
      denyStatusOf([
        { status: 'CANCELED', expired: false },
        { status: 'CONFIRMED', expired: false },
      ]),
    ).toBeNull();
  });
  it('R-4-deny-01 an ended booking is EXPIRED', () => {
    expect(denyStatusOf([{ status: 'BOOKED', expired: true }])).toBe('EXPIRED');
    expect(denyStatusOf([{ status: 'CANCELED', expired: true }])).toBe('EXPIRED');
  });
  it('R-4-deny-02..05 names the status the clinic or patient set', () => {
    for (const status of [
      'DECLINED_BY_PATIENT',
      'REMOVED_BY_OPERATOR',
      'DELETED',
      'ON_HOLD',
    ] as const)
      expect(denyStatusOf([{ status, expired: false }])).toBe(status);
  });
  it('an empty booking is not denied here (the server answered 403 already)', () => {
    expect(denyStatusOf([])).toBeNull();
  });
  it('builds the deny search with kiosk mode', () => {
    expect(denySearch('EXPIRED', false)).toBe('?status=EXPIRED');
    expect(denySearch('CANCELED', true)).toBe('?status=CANCELED&kioskMode=true');
  });

  it('R-4-status-04 a cancelled appointment that was moved shows its page (where it went), not the deny page', () => {
    expect(
      denyStatusOf([{ status: 'CANCELED', expired: false, movedTo: { date: '2026-12-01' } }]),
    ).toBeNull();
  });

  it('R-4-status-03 a cancelled booking that has not ended shows its page, marked cancelled (issue 13)', () => {
    expect(denyStatusOf([{ status: 'CANCELED', expired: false, movedTo: null }])).toBeNull();
    expect(
      denyStatusOf([
        { status: 'CANCELED', expired: false },
        { status: 'CANCELED', expired: false },
      ]),
    ).toBeNull();
  });
});
