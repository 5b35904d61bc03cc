/**
 * The kiosk's cookies (spec 3 "Kiosk cookies", spec 9; issue 16 part 3):
 * kioskIdentity names the device (set once by staff in the device-name
 * modal), patientKioskIdentity marks the patient at the kiosk. Both expire
 * 2030-12-31, path /, and can be removed.
 */
import { atom } from 'nanostores';
import { KIOSK_COOKIES } from '../contract/check-in';
import { kioskCookie, readCookie, removedKioskCookie } from '../domain/booking/location';

/** The part of the browser this needs; tests pass a fake. */
export interface CookieJar {
  cookie: string;
}

function jar(): CookieJar | null {
  return typeof document === 'undefined' ? null : document;
}

const secure = () => typeof location !== 'undefined' && location.protocol === 'https:';

/** The device's name, or null before staff named it. */
export const $kioskDeviceName = atom<string | null>(null);

/** Reads the cookie again (the kiosk home opens: staff may have named or forgotten the device elsewhere). */
export function refreshDeviceName(cookies = jar()): void {
  $kioskDeviceName.set(readDeviceName(cookies));
}

export function readDeviceName(cookies = jar()): string | null {
  const name = cookies ? readCookie(cookies.cookie, KIOSK_COOKIES.device) : null;
  return name?.trim() ? name : null;
}

/** Saves the device's name (trimmed; an empty name is not a name). */
export function saveDeviceName(name: string, cookies = jar()): void {
  const trimmed = name.trim();
  if (!trimmed || !cookies) return;
  cookies.cookie = kioskCookie(KIOSK_COOKIES.device, trimmed, { secure: secure() });
  $kioskDeviceName.set(trimmed);
}

/** "Forget this device": the name goes, and the modal asks for it again. */
export function forgetDevice(cookies = jar()): void {
  if (cookies) cookies.cookie = removedKioskCookie(KIOSK_COOKIES.device);
  $kioskDeviceName.set(null);
}

export function readPatientKioskIdentity(cookies = jar()): string | null {
  return cookies ? readCookie(cookies.cookie, KIOSK_COOKIES.patient) : null;
}

export function setPatientKioskIdentity(value: string, cookies = jar()): void {
  if (cookies) cookies.cookie = kioskCookie(KIOSK_COOKIES.patient, value, { secure: secure() });
}

export function removePatientKioskIdentity(cookies = jar()): void {
  if (cookies) cookies.cookie = removedKioskCookie(KIOSK_COOKIES.patient);
}
