/**
 * The end of a patient's turn at the kiosk (issue 16's kiosk complaints):
 * after a kiosk booking or check-in the page shows a short confirmation with
 * a visible countdown and Done; at zero or on Done the patient's turn ends
 * (logged out on the server, forgotten in cookies and storage, the kiosk
 * home in place of this page: src/stores/kiosk-session.ts).
 */
import { atom } from 'nanostores';
import { KIOSK_FINISH_SECONDS } from '../contract/check-in';
import { endKioskSession } from './kiosk-session';

export { KIOSK_FINISH_SECONDS };

/** Seconds left before the kiosk home; null when no countdown runs. */
export const $kioskFinish = atom<number | null>(null);

let tick: ReturnType<typeof setInterval> | undefined;

export function stopKioskFinish(): void {
  clearInterval(tick);
  tick = undefined;
  $kioskFinish.set(null);
}

/** Done, or the countdown reached zero. */
export function finishKioskNow(end: () => Promise<void> = endKioskSession): void {
  stopKioskFinish();
  void end();
}

export function startKioskFinish(
  seconds = KIOSK_FINISH_SECONDS,
  end: () => Promise<void> = endKioskSession,
): void {
  stopKioskFinish();
  $kioskFinish.set(seconds);
  tick = setInterval(() => {
    const left = ($kioskFinish.get() ?? 0) - 1;
    if (left <= 0) finishKioskNow(end);
    else $kioskFinish.set(left);
  }, 1000);
}
