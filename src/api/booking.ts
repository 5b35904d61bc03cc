/**
 * The booking calls of spec 7 (R-7-calls-33..36): free slots and the next
 * free one, booking keys, holds, creating appointments (pending ones too)
 * and booking requests, reference appointments, mobile locations and the
 * calendar file. The catalogue calls are in booking-catalogue.ts. Every
 * call takes an AbortSignal so a store can cancel it (R-7-http-01).
 */
import type {
  AppointmentResponse,
  BookingRequestResponse,
  ClinicAppointmentRequest,
  ClinicIntervals,
  ClinicSlots,
  CreateAppointmentRequest,
  CreateBookingRequestRequest,
  MobileLocation,
  ReferenceAppointment,
  ReferenceAppointmentsRequest,
  ReserveSlotsRequest,
  Slot,
  SlotHold,
  UpdateBookingKeyRequest,
} from '../contract/booking';
import { decodeClinicIntervals } from '../domain/booking/slot-intervals';
import { api, getApiBase, type CallOptions } from './client';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from './retry';

const BASE = '/api/booking';

/**
 * POST /api/booking/clinic_appointments: the free slots (R-7-calls-33). Asks
 * for the compact format 'intervals' (a month of every clinic in about 2 kB
 * instead of 80 kB gzipped, issue 15) and expands it into the spec's slots.
 */
export async function getClinicAppointments(
  request: ClinicAppointmentRequest,
  options: CallOptions = {},
): Promise<ClinicSlots[]> {
  const intervals = await api<ClinicIntervals[]>(`${BASE}/clinic_appointments`, {
    method: 'POST',
    readOnly: true,
    body: { ...request, format: 'intervals' },
    signal: options.signal,
  });
  return decodeClinicIntervals(intervals);
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

/** The same file read with the browser's key or session: for pages on another origin than the API. */
export function getBookingCalendarFile(
  bookingKey: string,
  options: CallOptions = {},
): Promise<Blob> {
  return api<Blob>(`${BASE}/appointments/${encodeURIComponent(bookingKey)}/calendar.ics`, {
    responseType: 'blob',
    signal: options.signal,
  });
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
    readOnly: true,
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
