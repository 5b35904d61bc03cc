import { describe, expect, it } from 'vitest';
import {
  afterLookupFailure,
  exceedsMaximumDistance,
  KIOSK_COOKIE_EXPIRES,
  kioskCookie,
  locationSource,
  POSTAL_CODE_LOCATION_COOKIE,
  readCookie,
  removedKioskCookie,
  samePoint,
} from './location';

const sydney = { latitude: -33.8688, longitude: 151.2093 };
const perth = { latitude: -31.95, longitude: 115.86 };
const none = { regionSlug: null, point: null, kioskMode: false, kioskLocation: null };

describe('where clinics are looked for (spec 4 "Location and slots")', () => {
  it('R-4-slots-02: region, then the query lat/lng, then the kiosk, otherwise a look-up', () => {
    expect(locationSource({ ...none, regionSlug: 'perth', point: sydney })).toEqual({
      kind: 'region',
    });
    expect(
      locationSource({ ...none, point: sydney, kioskMode: true, kioskLocation: perth }),
    ).toEqual({ kind: 'query', point: sydney });
    expect(locationSource({ ...none, kioskMode: true, kioskLocation: perth })).toEqual({
      kind: 'kiosk',
      point: perth,
    });
    expect(locationSource({ ...none, kioskLocation: perth })).toEqual({ kind: 'lookup' });
    expect(locationSource(none)).toEqual({ kind: 'lookup' });
  });

  it('R-4-slots-03/04: a failed look-up at the default location asks for a post code, or uses the default as it is', () => {
    const base = { hasLocation: false, advancedBooking: false };
    expect(afterLookupFailure({ ...base, showUnableToLocateWindow: true })).toBe('ask-post-code');
    expect(afterLookupFailure({ ...base, showUnableToLocateWindow: false })).toBe('use-default');
  });

  it('R-4-slots-03/04: not in advanced booking, and not when a location is already in use', () => {
    expect(
      afterLookupFailure({
        hasLocation: false,
        advancedBooking: true,
        showUnableToLocateWindow: true,
      }),
    ).toBe('keep');
    expect(
      afterLookupFailure({
        hasLocation: true,
        advancedBooking: false,
        showUnableToLocateWindow: true,
      }),
    ).toBe('keep');
  });

  it('R-4-slots-05: the default location is used when every clinic is farther than the maximum', () => {
    expect(exceedsMaximumDistance([{ distanceKm: 600 }, { distanceKm: 3000 }], 500)).toBe(true);
    expect(exceedsMaximumDistance([{ distanceKm: 400 }, { distanceKm: 3000 }], 500)).toBe(false);
    expect(exceedsMaximumDistance([{ distanceKm: 600 }], 0)).toBe(false); // no limit
    expect(exceedsMaximumDistance([], 500)).toBe(false);
    expect(exceedsMaximumDistance([{ distanceKm: null }], 500)).toBe(false);
    expect(samePoint(sydney, { latitude: -33.86880001, longitude: 151.2093 })).toBe(true);
    expect(samePoint(sydney, perth)).toBe(false);
    expect(samePoint(null, perth)).toBe(false);
  });

  it('R-4-slots-06, R-3-56, R-9-26/27: the kiosk cookie postalCodeLocationId expires 2030-12-31, path /', () => {
    expect(POSTAL_CODE_LOCATION_COOKIE).toBe('postalCodeLocationId');
    expect(KIOSK_COOKIE_EXPIRES).toBe('Tue, 31 Dec 2030 00:00:00 GMT');
    expect(kioskCookie(POSTAL_CODE_LOCATION_COOKIE, '42')).toBe(
      'postalCodeLocationId=42; expires=Tue, 31 Dec 2030 00:00:00 GMT; path=/; SameSite=Lax',
    );
    expect(kioskCookie('x', 'a b', { secure: true })).toBe(
      'x=a%20b; expires=Tue, 31 Dec 2030 00:00:00 GMT; path=/; SameSite=Lax; Secure',
    );
  });

  it('R-9-28: the kiosk cookie can be removed, and is read back from document.cookie', () => {
    expect(removedKioskCookie(POSTAL_CODE_LOCATION_COOKIE)).toBe(
      'postalCodeLocationId=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax',
    );
    expect(readCookie('a=1; postalCodeLocationId=42; b=x%20y', 'postalCodeLocationId')).toBe('42');
    expect(readCookie('a=1; b=x%20y', 'b')).toBe('x y');
    expect(readCookie('a=1', 'postalCodeLocationId')).toBeNull();
    expect(readCookie('', 'a')).toBeNull();
  });
});
