/**
 * The booking calls of spec 7 (R-7-calls-32..38), exactly as
 * booking.contract.ts describes them. Every call takes an AbortSignal so a
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
  Modality,
  PostCodeLocation,
  Region,
  Slot,
} from './booking.contract';
import { api, getApiBase, type CallOptions } from './client';

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
    body: request,
    signal: options.signal,
  });
}

/** The calendar file of an appointment, for `<a href download>`; follows setApiBase. */
export function calendarFileUrl(bookingKey: string): string {
  return `${getApiBase()}${BASE}/appointments/${encodeURIComponent(bookingKey)}/calendar.ics`;
}
