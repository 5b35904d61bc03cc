/**
 * Where the patient looks for a clinic (spec 4 "Location and slots"): by
 * region, the kiosk's saved place, lat/lng in the URL, the device's position
 * or a post code; the can't-locate modal, the default location and the
 * maximum distance (R-4-slots-01..06, R-1-12); and the clinics near that
 * place, nearest first.
 */
import { atom, computed, onMount } from 'nanostores';
import {
  getClinics,
  getCodeFromLocation,
  getPostalCodeLocation,
} from '../../src/api/booking-catalogue';
import type { BookingClinic, PostCodeLocation } from '../../src/contract/booking';
import { isAbortError, toApiError } from '../../src/api/errors';
import { NO_REGION } from '../../src/domain/booking/flow-params';
import {
  afterLookupFailure,
  exceedsMaximumDistance,
  locationSource,
  samePoint,
  type Point,
} from '../../src/domain/booking/location';
import { $bookingFormConfig } from '../../src/stores/config.store';
import { $booking, updateParams } from './booking.store';
import { kioskLocation, saveKioskLocation } from './kiosk-location';
import { $exams, $selectedExams } from './catalogue.store';
import { keyedLoader, valueOf, type Loadable } from '../../src/stores/loadable';

/** How the location in use was found. */
export type LocatedVia =
  | 'position'
  | 'post-code'
  | 'kiosk'
  /** R-4-slots-04: the look-up failed; the default location is used as it is. */
  | 'default'
  /** R-4-slots-05: every clinic was farther than the maximum distance. */
  | 'too-far';

export type LocationSearch =
  | { state: 'idle' }
  | { state: 'locating' }
  /** R-4-slots-03, R-8-17: the device could not tell where it is; the can't-locate modal asks for a post code. */
  | { state: 'unlocated' }
  | { state: 'located'; label: string | null; via: LocatedVia }
  | { state: 'failed'; messageKey: string };

export const $locationSearch = atom<LocationSearch>({ state: 'idle' });

interface ClinicQuery {
  examSlug: string | null;
  latitude: number | null;
  longitude: number | null;
  regionSlug: string | null;
}

/**
 * Clinics load per exam (R-4-slots-01): the first exam booked online, else
 * the first chosen; not before the catalogue says which exams those are.
 */
const $clinicQuery = computed(
  [$booking, $selectedExams, $exams],
  ({ params }, exams, catalogue): ClinicQuery | null => {
    if (catalogue.state === 'idle' || catalogue.state === 'loading') return null;
    const exam = exams.find((item) => !item.enquiryOnly) ?? exams[0];
    const hasPoint = params.lat !== null && params.lng !== null;
    return {
      examSlug: exam?.slug ?? null,
      latitude: hasPoint ? params.lat : null,
      longitude: hasPoint ? params.lng : null,
      regionSlug: !hasPoint && params.regionSlug !== NO_REGION ? params.regionSlug : null,
    };
  },
);

export const $clinics = atom<Loadable<BookingClinic[]>>({ state: 'idle' });
const clinicsLoader = keyedLoader($clinics, $clinicQuery, (query, signal) =>
  getClinics(query, { signal }),
);
onMount($clinics, () => {
  const stop = clinicsLoader.start();
  // R-4-slots-05 is checked on each list of clinics (after the listeners of this change).
  const unlisten = $clinics.listen(() => queueMicrotask(applyMaximumDistance));
  return () => {
    unlisten();
    stop();
  };
});

export function reloadClinics(): void {
  clinicsLoader.reload();
}

/** The clinics offered: only a clinic page's own clinic when the element names one. */
export const $clinicChoices = computed(
  [$clinics, $booking],
  (clinics, { params }): BookingClinic[] => {
    const all = valueOf(clinics) ?? [];
    return params.clinicId === null ? all : all.filter((clinic) => clinic.id === params.clinicId);
  },
);

export const $selectedClinic = computed(
  [$clinics, $booking],
  (clinics, { params }) =>
    valueOf(clinics)?.find((clinic) => clinic.id === params.selectedClinic) ?? null,
);

/** R-2.2-06: a region replaces any coordinates. */
export function chooseRegion(slug: string): void {
  updateParams({ regionSlug: slug || NO_REGION, lat: null, lng: null });
  $locationSearch.set({ state: 'idle' });
}

function searchFrom(point: Point, label: string | null, via: LocatedVia): void {
  updateParams({ lat: point.latitude, lng: point.longitude, regionSlug: NO_REGION });
  $locationSearch.set({ state: 'located', label, via });
}

function placeLabel(place: PostCodeLocation): string {
  return `${place.code} ${place.suburb}`.trim();
}

/** The part of the geolocation API the store needs; tests pass a fake. */
export type Locate = () => Promise<Point>;

const browserLocate: Locate = () =>
  new Promise((resolve, reject) => {
    const geolocation = globalThis.navigator?.geolocation;
    if (!geolocation) {
      reject(new Error('geolocation unavailable'));
      return;
    }
    geolocation.getCurrentPosition(
      (position) =>
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      reject,
      { timeout: 10_000, maximumAge: 300_000 },
    );
  });

/** Whether the browser already allows the position: 'granted', 'denied' or 'prompt' (asked only on a click). */
export type PositionPermission = () => Promise<PermissionState | 'unknown'>;

const browserPermission: PositionPermission = async () => {
  try {
    const status = await globalThis.navigator?.permissions?.query({ name: 'geolocation' });
    return status?.state ?? 'unknown';
  } catch {
    return 'unknown';
  }
};

function currentPoint(): Point | null {
  const { params } = $booking.get();
  return params.lat !== null && params.lng !== null
    ? { latitude: params.lat, longitude: params.lng }
    : null;
}

function defaultLocation(): Point | null {
  return $bookingFormConfig.get()?.defaultLocation ?? null;
}

/** A position found: clinics near it, labelled with its suburb (GET code_from_location) when known. */
async function usePosition(point: Point): Promise<void> {
  searchFrom(point, null, 'position');
  try {
    const place = await getCodeFromLocation(point);
    const search = $locationSearch.get();
    if (search.state === 'located' && search.via === 'position' && samePoint(point, currentPoint()))
      $locationSearch.set({ ...search, label: place.suburb || placeLabel(place) });
  } catch {
    // No label: "clinics nearest to you".
  }
}

/**
 * R-4-slots-03/04: a look-up failed. At the default location (no region,
 * no point) outside advanced booking the can't-locate modal asks for a post
 * code (showUnableToLocateWindow), or the default location is used as it is.
 */
function lookupFailed(): void {
  const { params, route } = $booking.get();
  const config = $bookingFormConfig.get();
  const action = afterLookupFailure({
    hasLocation: currentPoint() !== null || params.regionSlug !== NO_REGION,
    advancedBooking: route.home === '/advanced-booking',
    showUnableToLocateWindow: config?.showUnableToLocateWindow ?? true,
  });
  const fallback = defaultLocation();
  if (action === 'ask-post-code') $locationSearch.set({ state: 'unlocated' });
  else if (action === 'use-default' && fallback) searchFrom(fallback, null, 'default');
  else $locationSearch.set({ state: 'failed', messageKey: 'booking.clinic.locate_failed' });
}

/** "Use my location"; when it fails, R-4-slots-03/04 decide. */
export async function locateMe(locate: Locate = browserLocate): Promise<void> {
  $locationSearch.set({ state: 'locating' });
  let point: Point;
  try {
    point = await locate();
  } catch {
    lookupFailed();
    return;
  }
  await usePosition(point);
}

/**
 * R-4-slots-02: when the clinic step opens, the location comes from a
 * region or the URL's lat/lng (nothing to do), the kiosk's saved place, or
 * is looked up: the device's position when the browser already allows it
 * (no permission prompt before the patient asks), a failure when it refuses.
 */
export async function resolveLocation(
  locate: Locate = browserLocate,
  permission: PositionPermission = browserPermission,
): Promise<void> {
  const { params } = $booking.get();
  const kiosk = params.kioskMode ? kioskLocation() : null;
  const source = locationSource({
    regionSlug: params.regionSlug !== NO_REGION ? params.regionSlug : null,
    point: currentPoint(),
    kioskMode: params.kioskMode,
    kioskLocation: kiosk,
  });
  if (source.kind === 'kiosk' && kiosk) {
    searchFrom(source.point, placeLabel(kiosk), 'kiosk');
    return;
  }
  if (source.kind !== 'lookup' || $locationSearch.get().state !== 'idle') return;
  const state = await permission();
  if (state === 'granted') await locateMe(locate);
  else if (state === 'denied') lookupFailed();
}

/**
 * R-4-slots-05: when every clinic found is farther than the configured
 * maximum distance, the default location is used instead.
 */
export function applyMaximumDistance(): void {
  const clinics = $clinics.get();
  const point = currentPoint();
  const config = $bookingFormConfig.get();
  const fallback = config?.defaultLocation ?? null;
  if (clinics.state !== 'loaded' || !point || !fallback || samePoint(point, fallback)) return;
  if (!exceedsMaximumDistance(clinics.value, config?.maximumDistanceKm ?? 0)) return;
  searchFrom(fallback, null, 'too-far');
}

/** Closes the can't-locate modal without a post code. */
export function dismissLocationProblem(): void {
  $locationSearch.set({ state: 'idle' });
}

/**
 * R-5-20: looks up a post code (only when one is given) and searches from
 * there; R-4-slots-06: in kiosk mode its location id is saved in a cookie.
 */
export async function searchPostCode(code: string): Promise<boolean> {
  const trimmed = code.trim();
  if (!trimmed) return false;
  $locationSearch.set({ state: 'locating' });
  try {
    const place = await getPostalCodeLocation(trimmed);
    searchFrom(place, placeLabel(place), 'post-code');
    if ($booking.get().params.kioskMode) saveKioskLocation(place);
    return true;
  } catch (error) {
    if (isAbortError(error)) return false;
    const apiError = toApiError(error);
    const messageKey = apiError.status === 404 ? 'message.postcode_not_found' : apiError.messageKey;
    $locationSearch.set({ state: 'failed', messageKey });
    return false;
  }
}
