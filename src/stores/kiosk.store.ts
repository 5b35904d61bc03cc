/**
 * Kiosk mode (R-6-10, R-6-11): set from the `kiosk-mode` attribute, the
 * kioskMode query parameter or a kiosk-mode message (R-4-kiosk-01/02).
 */
import { atom } from 'nanostores';

export const $kioskMode = atom(false);

export function setKioskMode(on: boolean): void {
  $kioskMode.set(on);
}
