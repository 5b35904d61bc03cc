/**
 * The keep-alive ping of spec 7 (R-7-calls-51, R-9-03): while a patient
 * session is authenticated, POST /api/keep_alive every `keepAliveSeconds`
 * (provider setting, default 600 s) so the 15-minute idle expiry does not end
 * a session the patient is still reading. Started by the authentication flow
 * after login; any widget may start or stop it.
 */
import { atom } from 'nanostores';
import { keepAlive } from '../api/patient-auth';
import { isApiError } from '../api/errors';
import { $authenticated } from './user.store';

export const DEFAULT_KEEP_ALIVE_SECONDS = 600;

/** Whether the ping runs. */
export const $keepAlive = atom(false);

let timer: ReturnType<typeof setInterval> | undefined;
let unsubscribe: (() => void) | undefined;

export function stopKeepAlive(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
  unsubscribe?.();
  unsubscribe = undefined;
  $keepAlive.set(false);
}

async function ping(): Promise<void> {
  try {
    await keepAlive();
  } catch (error) {
    // The session is gone (the client's 401 policy logs out); nothing left to keep alive.
    if (isApiError(error) && error.status === 401) stopKeepAlive();
  }
}

/** Starts (or restarts) the ping; it stops by itself when the session ends. */
export function startKeepAlive(seconds: number = DEFAULT_KEEP_ALIVE_SECONDS): void {
  stopKeepAlive();
  const interval = Math.max(1, seconds) * 1000;
  timer = setInterval(() => void ping(), interval);
  $keepAlive.set(true);
  // Logging out (a 401, the menu, the kiosk timer) ends the ping.
  unsubscribe = $authenticated.listen((authenticated) => {
    if (!authenticated) stopKeepAlive();
  });
}
