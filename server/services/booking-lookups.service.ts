/**
 * The second part of the booking catalogue (R-7-calls-32/37/38, R-7-calls-43):
 * clinics by ids, a clinic's exams, the post code nearest a location, the
 * clinics offering a group of exams, walk-in exams, enquiry exams and the
 * visits of mobile units.
 */
import type {
  BookingClinic,
  Exam,
  ExamGroup,
  MobileLocation,
  PostCodeLocation,
  WalkInExam,
} from '../../src/contract/booking.js';
import { findExamsBySlugs } from '../db/booking-catalogue.repo.js';
import {
  clinicExists,
  listClinicExams,
  listClinicIdsOfferingAll,
  listClinicsByIds,
  listEnquiryExams,
  listPostalCodes,
} from '../db/booking-lookups.repo.js';
import type { Queryable } from '../db/db.js';
import { listMobileLocations, listWalkInExams } from '../db/mobile-locations.repo.js';
import { ApiError } from '../http/errors.js';
import { distanceKm, type LatLng } from './booking-catalogue.service.js';
import type { PortalConfigService } from './portal-config.service.js';
import { isIsoDate, zonedDate } from '../../src/domain/time/zoned-time.js';

export interface MobileLocationQuery {
  clinicId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface BookingLookupService {
  clinicsByIds(ids: number[]): Promise<BookingClinic[]>;
  clinicExams(clinicId: number): Promise<Exam[]>;
  codeFromLocation(location: LatLng): Promise<PostCodeLocation>;
  groupExams(examSlugs: string[]): Promise<ExamGroup>;
  walkInExams(clinicId: number | undefined): Promise<WalkInExam[]>;
  enquiryExams(): Promise<Exam[]>;
  mobileLocations(query: MobileLocationQuery): Promise<MobileLocation[]>;
}

/** The nearest post code by great-circle distance (ties: the lower id). */
export function nearestPostCode(
  codes: readonly PostCodeLocation[],
  location: LatLng,
): PostCodeLocation | undefined {
  let best: PostCodeLocation | undefined;
  let bestKm = Infinity;
  for (const code of codes) {
    const km = distanceKm(location, code);
    if (km < bestKm) [best, bestKm] = [code, km];
  }
  return best;
}

export function createBookingLookupService(
  db: Queryable,
  options: { portalConfig: PortalConfigService; clock: () => Date },
): BookingLookupService {
  const { portalConfig, clock } = options;
  return {
    async clinicsByIds(ids) {
      const rows = await listClinicsByIds(db, ids);
      return [...new Set(ids)]
        .map((id) => rows.find((row) => row.id === id))
        .filter((row) => row !== undefined)
        .map((row) => ({ ...row, distanceKm: null }));
    },

    async clinicExams(clinicId) {
      if (!(await clinicExists(db, clinicId))) {
        throw new ApiError(404, 'message.clinic_not_found', `no clinic ${clinicId}`);
      }
      return listClinicExams(db, clinicId);
    },

    async codeFromLocation(location) {
      const nearest = nearestPostCode(await listPostalCodes(db), location);
      if (!nearest) throw new ApiError(404, 'message.postcode_not_found', 'no post codes');
      return nearest;
    },

    async groupExams(examSlugs) {
      const slugs = [...new Set(examSlugs)];
      const exams = await findExamsBySlugs(db, slugs);
      const missing = slugs.find((slug) => !exams.some((exam) => exam.slug === slug));
      if (missing !== undefined) throw new ApiError(404, 'message.exam_not_found', missing);
      const clinicIds = await listClinicIdsOfferingAll(
        db,
        exams.map((exam) => exam.id),
      );
      return { examSlugs: slugs, clinicIds };
    },

    async walkInExams(clinicId) {
      const { bookingForm } = await portalConfig.portalConfig();
      return bookingForm.walkInEnabled ? listWalkInExams(db, clinicId) : [];
    },

    enquiryExams: () => listEnquiryExams(db),

    async mobileLocations(query) {
      for (const date of [query.from, query.to]) {
        if (date !== undefined && !isIsoDate(date)) {
          throw new ApiError(400, 'message.bad_request', `bad date ${date}`);
        }
      }
      if (query.from && query.to && query.to < query.from) {
        throw new ApiError(400, 'message.bad_request', 'to is before from');
      }
      // Without from: the visits that have not ended yet anywhere on Earth.
      const from = query.from ?? zonedDate(clock().getTime(), 'Etc/GMT+12');
      return listMobileLocations(db, { ...query, from });
    },
  };
}
