/**
 * Where clinics are looked for (spec 4 "Location and slots", R-4-slots-02..06):
 * which source gives the location, what a failed look-up does, the
 * maximum-distance fallback to the default location, and the kiosk's
 * post-code cookie (R-3-56, R-9-26..28). Pure: no DOM, no calls.
 */

export interface Point {
  latitude: number;
  longitude: number;
}

export type LocationSource =
  /** A region is chosen: clinics of the region. */
  | { kind: 'region' }
  /** lat/lng in the query (a shared link, the post code or the position found earlier). */
  | { kind: 'query'; point: Point }
  /** A kiosk's saved post-code location. */
  | { kind: 'kiosk'; point: Point }
  /** Nothing yet: the location is looked up (the browser's position). */
  | { kind: 'lookup' };

export interface LocationInput {
  /** The chosen region, or null for none (select-region). */
  regionSlug: string | null;
  point: Point | null;
  kioskMode: boolean;
  /** The kiosk's saved post-code location, when one is saved. */
  kioskLocation: Point | null;
}

/**
 * R-4-slots-02: the location comes from a region, the kiosk or the query
 * lat/lng, otherwise it is looked up. What the URL says wins (it is what the
 * patient chose last); a kiosk's saved location fills an empty URL.
 */
export function locationSource(input: LocationInput): LocationSource {
  if (input.regionSlug) return { kind: 'region' };
  if (input.point) return { kind: 'query', point: input.point };
  if (input.kioskMode && input.kioskLocation) return { kind: 'kiosk', point: input.kioskLocation };
  return { kind: 'lookup' };
}

export type LookupFailure =
  /** R-4-slots-03: the can't-locate modal asks for a post code. */
  | 'ask-post-code'
  /** R-4-slots-04: the default location is used as it is. */
  | 'use-default'
  /** A location is already in use (or advanced booking): it stays, with a message. */
  | 'keep';

/**
 * R-4-slots-03/04: what a failed look-up does. Only when the flow was still
 * at the default location (no region, no point) and outside advanced
 * booking does it ask for a post code (showUnableToLocateWindow) or settle
 * on the default location.
 */
export function afterLookupFailure(input: {
  hasLocation: boolean;
  advancedBooking: boolean;
  showUnableToLocateWindow: boolean;
}): LookupFailure {
  if (input.hasLocation || input.advancedBooking) return 'keep';
  return input.showUnableToLocateWindow ? 'ask-post-code' : 'use-default';
}

/**
 * R-4-slots-05: true when every clinic found is farther than the configured
 * maximum (0 or less: no limit). Distances come with the clinics (nearest
 * first); no clinic at all is not "too far".
 */
export function exceedsMaximumDistance(
  clinics: readonly { distanceKm: number | null }[],
  maximumKm: number,
): boolean {
  if (!(maximumKm > 0)) return false;
  const distances = clinics.flatMap((clinic) =>
    clinic.distanceKm === null ? [] : [clinic.distanceKm],
  );
  return distances.length > 0 && distances.every((distance) => distance > maximumKm);
}

/** Whether two points are the same place (to 6 decimals, as the URL carries them). */
export function samePoint(a: Point | null, b: Point | null): boolean {
  if (!a || !b) return false;
  const round = (value: number) => Math.round(value * 1e6);
  return round(a.latitude) === round(b.latitude) && round(a.longitude) === round(b.longitude);
}

/** R-3-56: the kiosk cookie that holds the post-code location id. */
export const POSTAL_CODE_LOCATION_COOKIE = 'postalCodeLocationId';
/** R-9-26: kiosk cookies expire on 2030-12-31. */
export const KIOSK_COOKIE_EXPIRES = new Date(Date.UTC(2030, 11, 31)).toUTCString();
const EXPIRED = new Date(0).toUTCString();

/**
 * The `document.cookie` assignment that saves a kiosk cookie: expires
 * 2030-12-31 (R-9-26), path / (R-9-27), Secure on https.
 */
export function kioskCookie(
  name: string,
  value: string,
  options: { secure?: boolean } = {},
): string {
  const secure = options.secure ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; expires=${KIOSK_COOKIE_EXPIRES}; path=/; SameSite=Lax${secure}`;
}

/** R-9-28: the assignment that removes a kiosk cookie (same path, expired). */
export function removedKioskCookie(name: string): string {
  return `${name}=; expires=${EXPIRED}; path=/; SameSite=Lax`;
}

/** A cookie's value in a `document.cookie` string, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}
