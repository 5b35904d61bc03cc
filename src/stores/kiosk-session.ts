/**
 * The end of a patient's turn at the kiosk (spec 4 "Kiosk inactivity";
 * issue 16's kiosk complaints): the patient session is logged out, what the
 * portal kept of the patient in the tab's storage is removed, and the kiosk
 * home replaces the current page. A full load, not a route change: no store
 * keeps the patient in memory, and location.replace keeps the finished page
 * out of the history, so Back cannot show it again.
 */
import { KIOSK_COOKIES } from '../contract/check-in';
import { readCookie, removedKioskCookie } from '../domain/booking/location';
import { logOut } from './user.store';

/** Set when a patient's turn ended in this tab (demo/portal/kiosk-mode.ts guardKioskHistory). */
export const TURN_ENDED_KEY = 'imaging-kiosk.turn-ended';

/** Kept for the device, not the patient: the closed banner, the kiosk's saved place, the turn marker. */
const DEVICE_KEYS = new Set([
  'imaging-portal.closeBanner',
  'imaging-booking.postal-code-location',
  TURN_ENDED_KEY,
]);

/** The kiosk home under the current shell. */
export function kioskHome(path = location.pathname): string {
  const prefix = path.startsWith('/iframe/') ? '/iframe' : '';
  return `${prefix}/kiosk?kioskMode=true`;
}

/** Everything in the tab's and the browser's storage except the device's own keys. */
export function forgetPatientStorage(stores: (Storage | null)[] = browserStores()): void {
  for (const store of stores) {
    if (!store) continue;
    for (const key of Object.keys(store)) if (!DEVICE_KEYS.has(key)) store.removeItem(key);
  }
}

function browserStores(): (Storage | null)[] {
  const read = (get: () => Storage) => {
    try {
      return get();
    } catch {
      return null; // storage blocked (a sandboxed frame)
    }
  };
  return [read(() => sessionStorage), read(() => localStorage)];
}

/** Whether the tab still holds something of a patient (storage or the patientKioskIdentity cookie). */
export function hasPatientTraces(stores: (Storage | null)[] = browserStores()): boolean {
  const kept = stores.some(
    (store) => store && Object.keys(store).some((key) => !DEVICE_KEYS.has(key)),
  );
  return kept || readCookie(document.cookie, KIOSK_COOKIES.patient) !== null;
}

/** Whether this page is the kiosk home itself. */
export function onKioskHome(path = location.pathname): boolean {
  return path === kioskHome(path).split('?')[0];
}

/**
 * The kiosk home opens: whatever a patient left (the header's Home link in
 * the middle of a turn) is forgotten and their session logged out, without
 * a reload. The home then holds nothing, so idling there does nothing.
 */
export function clearPatientTurn(): Promise<void> {
  forgetPatientStorage();
  document.cookie = removedKioskCookie(KIOSK_COOKIES.patient);
  return logOut();
}

function markTurnEnded(): void {
  try {
    sessionStorage.setItem(TURN_ENDED_KEY, '1');
  } catch {
    // storage blocked: the navigation type still tells a page reached by Back
  }
}

/** Whether a patient's turn ended in this tab: every later page load of a patient's page is history. */
export function turnEndedInThisTab(): boolean {
  try {
    return sessionStorage.getItem(TURN_ENDED_KEY) !== null;
  } catch {
    return false;
  }
}

let ending: Promise<void> | null = null;

/** Logs the patient out, forgets them and opens the kiosk home in place of this page. */
export function endKioskSession(): Promise<void> {
  ending ??= (async () => {
    forgetPatientStorage();
    markTurnEnded();
    document.cookie = removedKioskCookie(KIOSK_COOKIES.patient);
    await logOut();
    // A page kept in the back-forward cache would come back as it is now: empty it first.
    document.body.replaceChildren();
    location.replace(kioskHome());
  })().finally(() => {
    ending = null;
  });
  return ending;
}
