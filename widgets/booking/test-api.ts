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
import clinics from '../../tests/fixtures/booking-clinics.json';
import exams from '../../tests/fixtures/booking-exams.json';
import bookingKey from '../../tests/fixtures/booking-key.json';
import modalities from '../../tests/fixtures/booking-modalities.json';
import nextAvailable from '../../tests/fixtures/booking-next-available.json';
import postalCode from '../../tests/fixtures/booking-postal-code.json';
import regions from '../../tests/fixtures/booking-regions.json';
import bookingRequest from '../../tests/fixtures/booking-request.json';

export const fixtures = {
  appointment,
  bodyParts,
  clinicAppointments,
  clinics,
  exams,
  bookingKey,
  modalities,
  nextAvailable,
  postalCode,
  regions,
  bookingRequest,
};

const DEFAULTS: Record<string, unknown> = {
  'GET /api/booking/modalities': modalities,
  'GET /api/booking/body_parts': bodyParts,
  'GET /api/booking/exams': exams,
  'GET /api/booking/regions': regions,
  'GET /api/booking/clinics': clinics,
  'GET /api/booking/postal_code_location': postalCode,
  'POST /api/booking/clinic_appointments': clinicAppointments,
  'GET /api/booking/find_next_available': nextAvailable,
  'POST /api/booking/booking_key': bookingKey,
  'POST /api/booking/appointments': appointment,
  'POST /api/booking/booking_requests': bookingRequest,
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
