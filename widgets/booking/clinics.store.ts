/**
 * Where the patient looks for a clinic (spec 4 "Location and slots"): by
 * region, by their device's position, or by post code; and the clinics
 * near that place, nearest first (R-4-slots-01/02, R-1-12).
 */
import { atom, computed, onMount } from 'nanostores';
import { getClinics, getPostalCodeLocation, getRegions } from '../../src/api/booking';
import type { BookingClinic, Region } from '../../src/api/booking.contract';
import { isAbortError, toApiError } from '../../src/api/errors';
import { NO_REGION } from '../../src/domain/booking/flow-params';
import { $booking, updateParams } from './booking.store';
import { $exams, $selectedExams } from './catalogue.store';
import { keyedLoader, loadOnce, valueOf, type Loadable } from './loadable';

export const $regions = atom<Loadable<Region[]>>({ state: 'idle' });
onMount(
  $regions,
  loadOnce($regions, () => getRegions()),
);

export type LocationSearch =
  | { state: 'idle' }
  | { state: 'locating' }
  /** R-4-slots-03, R-8-17: the device could not tell where it is; the can't-locate modal asks for a post code. */
  | { state: 'unlocated' }
  | { state: 'located'; label: string | null }
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
onMount($clinics, () => clinicsLoader.start());

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

export const $selectedRegion = computed(
  [$regions, $booking],
  (regions, { params }) =>
    valueOf(regions)?.find((region) => region.slug === params.regionSlug) ?? null,
);

/** R-2.2-06: a region replaces any coordinates. */
export function chooseRegion(slug: string): void {
  updateParams({ regionSlug: slug || NO_REGION, lat: null, lng: null });
  $locationSearch.set({ state: 'idle' });
}

function searchFrom(latitude: number, longitude: number, label: string | null): void {
  updateParams({ lat: latitude, lng: longitude, regionSlug: NO_REGION });
  $locationSearch.set({ state: 'located', label });
}

/** The part of the geolocation API the store needs; tests pass a fake. */
export type Locate = () => Promise<{ latitude: number; longitude: number }>;

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

/** "Use my location"; when it fails the can't-locate modal asks for a post code (R-4-slots-03). */
export async function locateMe(locate: Locate = browserLocate): Promise<void> {
  $locationSearch.set({ state: 'locating' });
  try {
    const { latitude, longitude } = await locate();
    searchFrom(latitude, longitude, null);
  } catch {
    $locationSearch.set({ state: 'unlocated' });
  }
}

/** Closes the can't-locate modal without a post code. */
export function dismissLocationProblem(): void {
  $locationSearch.set({ state: 'idle' });
}

/** R-5-20: looks up a post code (only when one is given) and searches from there. */
export async function searchPostCode(code: string): Promise<boolean> {
  const trimmed = code.trim();
  if (!trimmed) return false;
  $locationSearch.set({ state: 'locating' });
  try {
    const place = await getPostalCodeLocation(trimmed);
    searchFrom(place.latitude, place.longitude, `${place.code} ${place.suburb}`.trim());
    return true;
  } catch (error) {
    if (isAbortError(error)) return false;
    const apiError = toApiError(error);
    const messageKey = apiError.status === 404 ? 'message.postcode_not_found' : apiError.messageKey;
    $locationSearch.set({ state: 'failed', messageKey });
    return false;
  }
}
