/**
 * The booking catalogue (R-7-calls-32/33/37/38): modalities, body parts,
 * exams, regions, post codes, and clinics by exam and location, nearest
 * first by great-circle distance.
 */
import type {
  BodyPart,
  BookingClinic,
  Exam,
  Modality,
  PostCodeLocation,
  Region,
} from '../../src/contract/booking.js';
import {
  findPostalCode,
  listBodyParts,
  listBookingClinics,
  listExams,
  listModalities,
  listRegions,
} from '../db/booking-catalogue.repo.js';
import type { Queryable } from '../db/db.js';
import { ApiError } from '../http/errors.js';
import { requireExam } from './availability.service.js';

const EARTH_RADIUS_KM = 6371.0088;
/** regionSlug's value when no region is chosen (R-2.2-07). */
export const NO_REGION = 'select-region';

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in km (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface ClinicSearch {
  examSlug?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  regionSlug?: string | undefined;
}

export interface BookingCatalogueService {
  modalities(): Promise<Modality[]>;
  bodyParts(): Promise<BodyPart[]>;
  exams(filter: {
    modalityId?: number | undefined;
    bodyPart?: string | undefined;
  }): Promise<Exam[]>;
  regions(): Promise<Region[]>;
  postalCodeLocation(code: string, country?: string): Promise<PostCodeLocation>;
  clinics(search: ClinicSearch): Promise<BookingClinic[]>;
}

export function createBookingCatalogueService(db: Queryable): BookingCatalogueService {
  return {
    modalities: () => listModalities(db),
    bodyParts: () => listBodyParts(db),
    exams: (filter) => listExams(db, filter),
    regions: () => listRegions(db),

    async postalCodeLocation(code, country) {
      const location = await findPostalCode(db, code, country);
      if (!location) throw new ApiError(404, 'message.postcode_not_found', `no post code ${code}`);
      return location;
    },

    async clinics(search) {
      const hasLat = search.latitude !== undefined;
      if (hasLat !== (search.longitude !== undefined)) {
        throw new ApiError(400, 'message.bad_request', 'latitude and longitude go together');
      }
      const exam = search.examSlug ? await requireExam(db, search.examSlug) : undefined;
      const regionSlug = search.regionSlug === NO_REGION ? undefined : search.regionSlug;
      const rows = await listBookingClinics(db, { examId: exam?.id, regionSlug });
      const origin =
        search.latitude !== undefined && search.longitude !== undefined
          ? { latitude: search.latitude, longitude: search.longitude }
          : undefined;
      const clinics = rows.map((row) => ({
        ...row,
        distanceKm: origin ? Math.round(distanceKm(origin, row) * 100) / 100 : null,
      }));
      if (origin) clinics.sort((a, b) => (a.distanceKm ?? 0) - (b.distanceKm ?? 0) || a.id - b.id);
      return clinics;
    },
  };
}
