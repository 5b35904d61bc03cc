/**
 * The kiosk's idle watcher (spec 4 "Kiosk inactivity", spec 9; issue 16
 * part 3): while kiosk mode is on, kioskNoActivitySeconds without activity
 * opens the inactivity warning, which counts down KIOSK_WARNING_SECONDS;
 * activity or Cancel ends the warning and watching starts again; Home or
 * zero ends watching and calls the expiry (the kiosk session ends).
 *
 * Pure of the DOM: the activity listeners are in kiosk-activity.ts, and the
 * expiry is passed in, so the rules are tested with fake timers.
 */
import { atom } from 'nanostores';
import { KIOSK_WARNING_SECONDS } from '../contract/check-in';

export type IdlePhase = 'off' | 'watching' | 'warning';

export interface IdleState {
  phase: IdlePhase;
  /** Seconds left on the warning's countdown (0 outside the warning). */
  remaining: number;
}

export const $kioskIdle = atom<IdleState>({ phase: 'off', remaining: 0 });

export interface IdleOptions {
  /** kioskNoActivitySeconds of the configuration. */
  idleSeconds: number;
  /** Home or the end of the countdown: the kiosk session ends. */
  onExpire: () => void;
  /**
   * Nothing to clear (the kiosk home with no patient in it): the idle time
   * passes without a warning and without a reload, and watching goes on.
   */
  quiet?: () => boolean;
  warningSeconds?: number;
}

let options: IdleOptions | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let tick: ReturnType<typeof setInterval> | undefined;

function clearTimers(): void {
  clearTimeout(idleTimer);
  clearInterval(tick);
  idleTimer = undefined;
  tick = undefined;
}

function watch(): void {
  clearTimers();
  if (!options) return;
  // Every mouse move lands here: the store changes (and the modal renders) only when the phase does.
  if ($kioskIdle.get().phase !== 'watching') $kioskIdle.set({ phase: 'watching', remaining: 0 });
  idleTimer = setTimeout(warn, Math.max(1, options.idleSeconds) * 1000);
}

function warn(): void {
  if (!options) return;
  if (options.quiet?.()) return watch();
  const seconds = options.warningSeconds ?? KIOSK_WARNING_SECONDS;
  $kioskIdle.set({ phase: 'warning', remaining: seconds });
  tick = setInterval(() => {
    const remaining = $kioskIdle.get().remaining - 1;
    if (remaining <= 0) expire();
    else $kioskIdle.set({ phase: 'warning', remaining });
  }, 1000);
}

function expire(): void {
  const onExpire = options?.onExpire;
  stopIdleWatch();
  onExpire?.();
}

/** A kiosk-mode message said true: watch (again, with these options). */
export function startIdleWatch(next: IdleOptions): void {
  options = next;
  watch();
}

/** A kiosk-mode message said false, or the kiosk session ended: nothing watches. */
export function stopIdleWatch(): void {
  clearTimers();
  options = null;
  $kioskIdle.set({ phase: 'off', remaining: 0 });
}

/**
 * Mouse, keyboard, touch, scroll or another tab's storage: the idle time
 * starts over, a warning closes. Keys and taps inside the open warning
 * (`inWarning`) answer it instead: Tab moves between its buttons, Escape is Cancel.
 */
export function reportActivity(inWarning = false): void {
  if (!options) return;
  if (inWarning && $kioskIdle.get().phase === 'warning') return;
  watch();
}

/** action.cancel: the session stays and watching starts again. */
export function cancelIdleWarning(): void {
  if (options) watch();
}

/** action.home: watching ends and the kiosk session ends now. */
export function goHomeNow(): void {
  if (options) expire();
}
