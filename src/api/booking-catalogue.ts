/**
 * The catalogue calls of spec 7 (R-7-calls-32, R-7-calls-37, R-7-calls-38):
 * what can be booked where (modalities, body parts, exams, regions, post
 * codes, clinics, walk-ins, enquiry-only exams). Every call takes an
 * AbortSignal so a store can cancel it (R-7-http-01).
 */
import type {
  BodyPart,
  BookingClinic,
  Exam,
  ExamGroup,
  Modality,
  PostCodeLocation,
  Region,
  WalkInExam,
} from '../contract/booking';
import { api, type CallOptions } from './client';

const BASE = '/api/booking';

/** Drops undefined and null values, so optional filters are left out of the query string. */
function query(params: Record<string, string | number | null | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') result[name] = String(value);
  }
  return result;
}

/** GET /api/booking/modalities. */
export function getModalities(options: CallOptions = {}): Promise<Modality[]> {
  return api<Modality[]>(`${BASE}/modalities`, { signal: options.signal });
}

/** GET /api/booking/body_parts: the parts of the body-figure picker (R-7-calls-37). */
export function getBodyParts(options: CallOptions = {}): Promise<BodyPart[]> {
  return api<BodyPart[]>(`${BASE}/body_parts`, { signal: options.signal });
}

export interface ExamFilter {
  modalityId?: number | null;
  bodyPart?: string | null;
}

/** GET /api/booking/exams?modalityId=&bodyPart= (R-7-calls-33); without a filter, every exam. */
export function getExams(filter: ExamFilter = {}, options: CallOptions = {}): Promise<Exam[]> {
  return api<Exam[]>(`${BASE}/exams`, {
    query: query({ modalityId: filter.modalityId, bodyPart: filter.bodyPart }),
    signal: options.signal,
  });
}

/** GET /api/booking/regions (R-7-calls-38). */
export function getRegions(options: CallOptions = {}): Promise<Region[]> {
  return api<Region[]>(`${BASE}/regions`, { signal: options.signal });
}

/** GET /api/booking/postal_code_location?code= (R-7-calls-37); 404 message.postcode_not_found. */
export function getPostalCodeLocation(
  code: string,
  options: CallOptions = {},
): Promise<PostCodeLocation> {
  return api<PostCodeLocation>(`${BASE}/postal_code_location`, {
    query: { code },
    signal: options.signal,
  });
}

export interface ClinicSearch {
  examSlug?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  regionSlug?: string | null;
}

/** GET /api/booking/clinics: clinics by exam and location, nearest first (R-7-calls-32). */
export function getClinics(
  search: ClinicSearch,
  options: CallOptions = {},
): Promise<BookingClinic[]> {
  return api<BookingClinic[]>(`${BASE}/clinics`, {
    query: query({
      examSlug: search.examSlug,
      latitude: search.latitude,
      longitude: search.longitude,
      regionSlug: search.regionSlug,
    }),
    signal: options.signal,
  });
}

/** GET /api/booking/clinics/by_ids?ids=1,2: clinics by ids (R-7-calls-32). */
export function getClinicsByIds(
  ids: number[],
  options: CallOptions = {},
): Promise<BookingClinic[]> {
  return api<BookingClinic[]>(`${BASE}/clinics/by_ids`, {
    query: { ids: ids.join(',') },
    signal: options.signal,
  });
}

/** GET /api/booking/clinics/:clinicId/exams: the exams one clinic offers (R-7-calls-37). */
export function getClinicExams(clinicId: number, options: CallOptions = {}): Promise<Exam[]> {
  return api<Exam[]>(`${BASE}/clinics/${clinicId}/exams`, { signal: options.signal });
}

/** GET /api/booking/code_from_location: the nearest known post code of a position (its suburb labels a GPS fix, R-7-calls-32). */
export function getCodeFromLocation(
  point: { latitude: number; longitude: number },
  options: CallOptions = {},
): Promise<PostCodeLocation> {
  return api<PostCodeLocation>(`${BASE}/code_from_location`, {
    query: { latitude: String(point.latitude), longitude: String(point.longitude) },
    signal: options.signal,
  });
}

/** GET /api/booking/group_exams?examSlugs=a,b: the clinics that offer all of these exams (R-7-calls-37). */
export function getGroupExams(examSlugs: string[], options: CallOptions = {}): Promise<ExamGroup> {
  return api<ExamGroup>(`${BASE}/group_exams`, {
    query: { examSlugs: examSlugs.join(',') },
    signal: options.signal,
  });
}

/** GET /api/booking/walk_in_exams?clinicId=: the walk-ins a clinic accepts (spec 4 "Walk-in", R-7-calls-37). */
export function getWalkInExams(clinicId: number, options: CallOptions = {}): Promise<WalkInExam[]> {
  return api<WalkInExam[]>(`${BASE}/walk_in_exams`, {
    query: { clinicId: String(clinicId) },
    signal: options.signal,
  });
}

/** GET /api/booking/enquiry_exams: exams that are enquiry-only in every clinic (R-7-calls-38). */
export function getEnquiryExams(options: CallOptions = {}): Promise<Exam[]> {
  return api<Exam[]>(`${BASE}/enquiry_exams`, { signal: options.signal });
}
