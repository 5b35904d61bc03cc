import { describe, expect, it } from 'vitest';
import { $kioskMode, setKioskMode } from './kiosk.store';

describe('kiosk store (R-6-10)', () => {
  it('kiosk mode is off until set, and can be switched off again', () => {
    expect($kioskMode.get()).toBe(false);
    setKioskMode(true);
    expect($kioskMode.get()).toBe(true);
    setKioskMode(false);
    expect($kioskMode.get()).toBe(false);
  });
});
