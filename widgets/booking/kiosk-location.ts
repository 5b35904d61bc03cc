/**
 * The kiosk's post-code location (R-4-slots-06, R-3-56, R-9-26..28): in
 * kiosk mode the id of a post-code location the patient searched is saved in
 * the cookie postalCodeLocationId (2030-12-31, path /). The place itself is
 * kept beside it in localStorage, so the kiosk can use it without a call; it
 * counts only while the cookie holds its id, so removing the cookie forgets it.
 */
import type { PostCodeLocation } from '../../src/contract/booking';
import {
  kioskCookie,
  POSTAL_CODE_LOCATION_COOKIE,
  readCookie,
  removedKioskCookie,
} from '../../src/domain/booking/location';

const STORAGE_KEY = 'imaging-booking.postal-code-location';

/** The parts of the browser this needs; tests pass fakes. */
export interface KioskStorage {
  cookies: { cookie: string };
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  secure: boolean;
}

function browser(): KioskStorage | null {
  if (typeof document === 'undefined') return null;
  let storage: Storage | null;
  try {
    storage = globalThis.localStorage ?? null;
  } catch {
    storage = null; // storage blocked (a sandboxed frame)
  }
  return { cookies: document, storage, secure: location.protocol === 'https:' };
}

export function saveKioskLocation(place: PostCodeLocation, env = browser()): void {
  if (!env) return;
  env.cookies.cookie = kioskCookie(POSTAL_CODE_LOCATION_COOKIE, String(place.id), {
    secure: env.secure,
  });
  try {
    env.storage?.setItem(STORAGE_KEY, JSON.stringify(place));
  } catch {
    // Quota or privacy mode: the cookie alone still marks the kiosk.
  }
}

/** The saved location, when the cookie still names it. */
export function kioskLocation(env = browser()): PostCodeLocation | null {
  if (!env) return null;
  const id = readCookie(env.cookies.cookie, POSTAL_CODE_LOCATION_COOKIE);
  if (!id) return null;
  try {
    const place = JSON.parse(
      env.storage?.getItem(STORAGE_KEY) ?? 'null',
    ) as PostCodeLocation | null;
    return place && String(place.id) === id && Number.isFinite(place.latitude) ? place : null;
  } catch {
    return null;
  }
}

/** R-9-28: the kiosk cookie (and the place kept beside it) can be removed. */
export function forgetKioskLocation(env = browser()): void {
  if (!env) return;
  env.cookies.cookie = removedKioskCookie(POSTAL_CODE_LOCATION_COOKIE);
  env.storage?.removeItem(STORAGE_KEY);
}
