/**
 * Test helper for the booking stores: a fake fetch that answers the
 * booking calls from tests/fixtures (the same files the browser tests
 * serve). Only *.test.ts files import it.
 */
import { vi } from 'vitest';
import {
  createFakeFetch,
  jsonResponse,
  type FakeFetch,
  type RecordedRequest,
} from '../../src/api/testing';
import appointment from '../../tests/fixtures/booking-appointment.json';
import bodyParts from '../../tests/fixtures/booking-body-parts.json';
import clinicAppointments from '../../tests/fixtures/booking-clinic-appointments.json';
// The same slots in the format 'intervals' the slot step asks for (issue 15).
import clinicIntervals from '../../tests/fixtures/booking-clinic-appointments.intervals.json';
import clinics from '../../tests/fixtures/booking-clinics.json';
import exams from '../../tests/fixtures/booking-exams.json';
import bookingKey from '../../tests/fixtures/booking-key.json';
import modalities from '../../tests/fixtures/booking-modalities.json';
import nextAvailable from '../../tests/fixtures/booking-next-available.json';
import postalCode from '../../tests/fixtures/booking-postal-code.json';
import regions from '../../tests/fixtures/booking-regions.json';
import bookingRequest from '../../tests/fixtures/booking-request.json';
import codeFromLocation from '../../tests/fixtures/booking-code-from-location.json';
import groupExams from '../../tests/fixtures/booking-group-exams.json';
import keyUpdate from '../../tests/fixtures/booking-key-update.json';
import mobileLocations from '../../tests/fixtures/booking-mobile-locations.json';
import referenceAppointments from '../../tests/fixtures/booking-reference-appointments.json';
import reserveSlots from '../../tests/fixtures/booking-reserve-slots.json';
import walkInExams from '../../tests/fixtures/booking-walk-in-exams.json';

export const fixtures = {
  appointment,
  bodyParts,
  clinicAppointments,
  clinicIntervals,
  clinics,
  exams,
  bookingKey,
  modalities,
  nextAvailable,
  postalCode,
  regions,
  bookingRequest,
  codeFromLocation,
  groupExams,
  keyUpdate,
  mobileLocations,
  referenceAppointments,
  reserveSlots,
  walkInExams,
};

const DEFAULTS: Record<string, unknown> = {
  'GET /api/booking/modalities': modalities,
  'GET /api/booking/body_parts': bodyParts,
  'GET /api/booking/exams': exams,
  'GET /api/booking/regions': regions,
  'GET /api/booking/clinics': clinics,
  'GET /api/booking/postal_code_location': postalCode,
  'POST /api/booking/clinic_appointments': clinicIntervals,
  'GET /api/booking/find_next_available': nextAvailable,
  'POST /api/booking/booking_key': bookingKey,
  'POST /api/booking/appointments': appointment,
  'POST /api/booking/booking_requests': bookingRequest,
  'GET /api/booking/code_from_location': codeFromLocation,
  'GET /api/booking/group_exams': groupExams,
  'GET /api/booking/walk_in_exams': walkInExams,
  'GET /api/booking/mobile_locations': mobileLocations,
  'POST /api/booking/reference_appointments': referenceAppointments,
  'POST /api/booking/reserve_slots': reserveSlots,
  'POST /api/booking/pending_appointments': appointment,
  'POST /api/booking/booking_key/update': keyUpdate,
  'GET /api/config/portal': {},
  'GET /api/authenticated': { authenticated: false, user: null, roleTranslations: null },
  'GET /api/assets/translations': {},
};

export type Route = (request: RecordedRequest, index: number) => Response | Promise<Response>;

export function routeOf(request: RecordedRequest): string {
  return `${request.method} ${new URL(request.url, 'http://localhost').pathname}`;
}

/** Stubs the global fetch; `routes` ("METHOD /path") override the fixtures. */
export function stubBookingApi(routes: Record<string, Route> = {}): FakeFetch {
  const fetch = createFakeFetch((request, index) => {
    const route = routeOf(request);
    const override = routes[route];
    if (override) return override(request, index);
    if (route in DEFAULTS) return jsonResponse(DEFAULTS[route]);
    return jsonResponse({ statusCode: 404, message: 'message.not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The calls made to one route. */
export function callsTo(fetch: FakeFetch, route: string): RecordedRequest[] {
  return fetch.calls.filter((call) => routeOf(call) === route);
}

export function bodyOf(request: RecordedRequest | undefined): unknown {
  return JSON.parse(String(request?.init.body ?? 'null'));
}
