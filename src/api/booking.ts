/**
 * The booking calls of spec 7 (R-7-calls-32..38), exactly as
 * booking.contract.ts describes them (both parts). Every call takes an AbortSignal so a
 * store can cancel it (R-7-http-01).
 */
import type {
  AppointmentResponse,
  BodyPart,
  BookingClinic,
  BookingRequestResponse,
  ClinicAppointmentRequest,
  ClinicSlots,
  CreateAppointmentRequest,
  CreateBookingRequestRequest,
  Exam,
  ExamGroup,
  MobileLocation,
  Modality,
  PostCodeLocation,
  ReferenceAppointment,
  ReferenceAppointmentsRequest,
  Region,
  ReserveSlotsRequest,
  Slot,
  SlotHold,
  UpdateBookingKeyRequest,
  WalkInExam,
} from '../contract/booking';
import { api, getApiBase, type CallOptions } from './client';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from './retry';

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

/** POST /api/booking/clinic_appointments: the free slots (R-7-calls-33). */
export function getClinicAppointments(
  request: ClinicAppointmentRequest,
  options: CallOptions = {},
): Promise<ClinicSlots[]> {
  return api<ClinicSlots[]>(`${BASE}/clinic_appointments`, {
    method: 'POST',
    body: request,
    signal: options.signal,
  });
}

export interface NextAvailableSearch {
  examSlug: string;
  clinicIds: number[];
  /** yyyy-mm-dd: search from this day on. */
  from: string;
}

/** GET /api/booking/find_next_available (R-7-calls-33): the first free slot, or null when there is none (404). */
export async function findNextAvailable(
  search: NextAvailableSearch,
  options: CallOptions = {},
): Promise<Slot | null> {
  try {
    return await api<Slot>(`${BASE}/find_next_available`, {
      query: {
        examSlug: search.examSlug,
        clinicIds: search.clinicIds.join(','),
        from: search.from,
      },
      signal: options.signal,
    });
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

/** POST /api/booking/booking_key: a new booking key (R-7-calls-34). */
export async function createBookingKey(options: CallOptions = {}): Promise<string> {
  const { bookingKey } = await api<{ bookingKey: string }>(`${BASE}/booking_key`, {
    method: 'POST',
    signal: options.signal,
  });
  return bookingKey;
}

/** POST /api/booking/appointments (R-7-calls-32); 409 message.slot_conflict when the slot was taken. */
export function createAppointment(
  request: CreateAppointmentRequest,
  options: CallOptions = {},
): Promise<AppointmentResponse> {
  return api<AppointmentResponse>(`${BASE}/appointments`, {
    method: 'POST',
    // Sent again after a network error; the server books once (R-7-http-04).
    headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
    body: request,
    signal: options.signal,
  });
}

/** POST /api/booking/booking_requests: a booking request (enquiry) (R-7-calls-36). */
export function createBookingRequest(
  request: CreateBookingRequestRequest,
  options: CallOptions = {},
): Promise<BookingRequestResponse> {
  return api<BookingRequestResponse>(`${BASE}/booking_requests`, {
    method: 'POST',
    // Sent again after a network error; the server books once (R-7-http-04).
    headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
    body: request,
    signal: options.signal,
  });
}

/** The calendar file of an appointment, for `<a href download>`; follows setApiBase. */
export function calendarFileUrl(bookingKey: string): string {
  return `${getApiBase()}${BASE}/appointments/${encodeURIComponent(bookingKey)}/calendar.ics`;
}

/* Second part of the contract: holds, pending appointments, reference appointments, walk-ins, mobile locations, key update. */

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

/** GET /api/booking/mobile_locations?clinicId=&from=&to=: mobile units whose dates overlap from..to (R-7-calls-38). */
export function getMobileLocations(
  search: { clinicId: number; from: string; to: string },
  options: CallOptions = {},
): Promise<MobileLocation[]> {
  return api<MobileLocation[]>(`${BASE}/mobile_locations`, {
    query: { clinicId: String(search.clinicId), from: search.from, to: search.to },
    signal: options.signal,
  });
}

/** POST /api/booking/reference_appointments: slots of several exams, in order, that fit one visit (R-7-calls-33). */
export function getReferenceAppointments(
  request: ReferenceAppointmentsRequest,
  options: CallOptions = {},
): Promise<ReferenceAppointment[]> {
  return api<ReferenceAppointment[]>(`${BASE}/reference_appointments`, {
    method: 'POST',
    body: request,
    signal: options.signal,
  });
}

/** POST /api/booking/reserve_slots: holds the chosen slots for the key (R-7-calls-35); 409 message.slot_conflict. */
export function reserveSlots(
  request: ReserveSlotsRequest,
  options: CallOptions = {},
): Promise<SlotHold[]> {
  return api<SlotHold[]>(`${BASE}/reserve_slots`, {
    method: 'POST',
    body: request,
    signal: options.signal,
  });
}

/** DELETE /api/booking/reserve_slots/:bookingKey: releases the key's holds. */
export async function releaseSlots(bookingKey: string, options: CallOptions = {}): Promise<void> {
  await api(`${BASE}/reserve_slots/${encodeURIComponent(bookingKey)}`, {
    method: 'DELETE',
    signal: options.signal,
  });
}

/** POST /api/booking/pending_appointments: an appointment in status PENDING, no e-mail yet (R-7-calls-32). */
export function createPendingAppointment(
  request: CreateAppointmentRequest,
  options: CallOptions = {},
): Promise<AppointmentResponse> {
  return api<AppointmentResponse>(`${BASE}/pending_appointments`, {
    method: 'POST',
    // Sent again after a network error; the server books once (R-7-http-04).
    headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
    body: request,
    signal: options.signal,
  });
}

/** POST /api/booking/pending_appointments/:bookingKey/notifications: queues the pending booking's e-mails (R-7-calls-35). */
export async function sendPendingNotifications(
  bookingKey: string,
  options: CallOptions = {},
): Promise<void> {
  await api(`${BASE}/pending_appointments/${encodeURIComponent(bookingKey)}/notifications`, {
    method: 'POST',
    signal: options.signal,
  });
}

/** POST /api/booking/booking_key/update: moves temporary documents and questionnaire answers to a new key (R-7-calls-35). */
export async function updateBookingKey(
  request: UpdateBookingKeyRequest,
  options: CallOptions = {},
): Promise<string> {
  const { bookingKey } = await api<{ bookingKey: string }>(`${BASE}/booking_key/update`, {
    method: 'POST',
    body: request,
    signal: options.signal,
  });
  return bookingKey;
}
