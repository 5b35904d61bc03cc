import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  calendarFileUrl,
  createAppointment,
  createBookingKey,
  createBookingRequest,
  findNextAvailable,
  getClinicAppointments,
  createPendingAppointment,
  getMobileLocations,
  getReferenceAppointments,
  releaseSlots,
  reserveSlots,
  sendPendingNotifications,
  updateBookingKey,
} from './booking';
import {
  getBodyParts,
  getClinics,
  getExams,
  getModalities,
  getPostalCodeLocation,
  getRegions,
  getClinicExams,
  getClinicsByIds,
  getCodeFromLocation,
  getEnquiryExams,
  getGroupExams,
  getWalkInExams,
} from './booking-catalogue';
import type { CreateAppointmentRequest } from '../contract/booking';
import { setApiBase } from './client';
import { createFakeFetch, errorResponse, jsonResponse, type FakeFetch } from './testing';

let fetch: FakeFetch;
let answer: (url: string) => Response;

beforeEach(() => {
  answer = () => jsonResponse({ bookingKey: 'k1' });
  fetch = createFakeFetch((request) => answer(request.url));
  vi.stubGlobal('fetch', fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setApiBase('');
});

const body = (index = 0) => JSON.parse(String(fetch.calls[index]?.init.body)) as unknown;

describe('booking calls (spec 7, booking.contract.ts)', () => {
  it('R-7-calls-37: modalities, body parts and regions are plain GETs', async () => {
    await getModalities();
    await getBodyParts();
    await getRegions();
    expect(fetch.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/booking/modalities',
      'GET /api/booking/body_parts',
      'GET /api/booking/regions',
    ]);
  });

  it('R-7-calls-33: exams leave empty filters out of the query', async () => {
    await getExams();
    await getExams({ modalityId: 2, bodyPart: 'knee' });
    expect(fetch.calls[0]?.url).toBe('/api/booking/exams');
    expect(fetch.calls[1]?.url).toBe('/api/booking/exams?modalityId=2&bodyPart=knee');
  });

  it('R-7-calls-32: clinics by exam and location', async () => {
    await getClinics({ examSlug: 'mri-knee', latitude: -33.8, longitude: 151.2, regionSlug: null });
    expect(fetch.calls[0]?.url).toBe(
      '/api/booking/clinics?examSlug=mri-knee&latitude=-33.8&longitude=151.2',
    );
  });

  it('R-7-calls-37: postal code location encodes the code', async () => {
    await getPostalCodeLocation('2000');
    expect(fetch.calls[0]?.url).toBe('/api/booking/postal_code_location?code=2000');
  });

  it('R-7-calls-33: clinic appointments are a POST of the spec 3 request, passing the signal on', async () => {
    const controller = new AbortController();
    const request = {
      clinicIds: [1],
      examSlug: 'ct-chest',
      start: '2026-11-23',
      end: '2026-11-29',
    };
    answer = () => jsonResponse([]);
    await getClinicAppointments(request, { signal: controller.signal });
    expect(fetch.calls[0]).toMatchObject({
      url: '/api/booking/clinic_appointments',
      method: 'POST',
    });
    expect(body()).toEqual({ ...request, format: 'intervals' });
    expect(fetch.calls[0]?.init.signal).toBe(controller.signal);
  });

  it('issue 15: clinic appointments ask for the compact format and answer the spec slots', async () => {
    answer = () =>
      jsonResponse([
        {
          clinicId: 1,
          clinicSlug: 'sydney-cbd',
          clinicName: 'Sydney CBD',
          timeZone: 'Australia/Sydney',
          durationMinutes: 30,
          // 2026-11-23 07:30 and 08:00 Sydney (+11:00) on device 4.
          runs: [Date.parse('2026-11-22T20:30:00Z') / 60_000, 2, 4],
        },
      ]);
    const clinics = await getClinicAppointments({
      clinicIds: [1],
      examSlug: 'ct-chest',
      start: '2026-11-23',
      end: '2026-11-23',
    });
    expect(clinics[0]?.slots.map((slot) => [slot.startDateTime, slot.endDateTime])).toEqual([
      ['2026-11-23T07:30:00+11:00', '2026-11-23T08:00:00+11:00'],
      ['2026-11-23T08:00:00+11:00', '2026-11-23T08:30:00+11:00'],
    ]);
  });

  it('R-7-calls-33: find next available joins the clinic ids and maps 404 to null', async () => {
    answer = () => errorResponse(404, 'message.not_found');
    await expect(
      findNextAvailable({ examSlug: 'ct-chest', clinicIds: [1, 2], from: '2026-11-23' }),
    ).resolves.toBeNull();
    expect(fetch.calls[0]?.url).toBe(
      '/api/booking/find_next_available?examSlug=ct-chest&clinicIds=1,2&from=2026-11-23',
    );
  });

  it('R-7-calls-34: a new booking key is a POST that returns the key', async () => {
    await expect(createBookingKey()).resolves.toBe('k1');
    expect(fetch.calls[0]).toMatchObject({ url: '/api/booking/booking_key', method: 'POST' });
  });

  it('R-7-calls-32, R-7-calls-36: appointments and booking requests are POSTed', async () => {
    const request = { bookingKey: 'k1', examSlug: 'x' } as CreateAppointmentRequest;
    await createAppointment(request);
    await createBookingRequest({ bookingKey: 'k1', examSlugs: ['x'], clinicId: null } as never);
    expect(fetch.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/booking/appointments',
      'POST /api/booking/booking_requests',
    ]);
    expect(body(0)).toEqual(request);
  });

  it('the calendar file link follows the API base', () => {
    setApiBase('https://api.example.org/');
    expect(calendarFileUrl('AB/12')).toBe(
      'https://api.example.org/api/booking/appointments/AB%2F12/calendar.ics',
    );
  });

  it('R-7-calls-32/37/38: the second part of the contract: clinics by ids, clinic exams, code from location, group exams, walk-ins, enquiry exams, mobile locations', async () => {
    answer = () => jsonResponse([]);
    await getClinicsByIds([1, 2]);
    await getClinicExams(3);
    await getCodeFromLocation({ latitude: -33.87, longitude: 151.21 });
    await getGroupExams(['mri-knee', 'xray-knee']);
    await getWalkInExams(2);
    await getEnquiryExams();
    await getMobileLocations({ clinicId: 2, from: '2027-03-01', to: '2027-03-07' });
    expect(fetch.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/booking/clinics/by_ids?ids=1,2',
      'GET /api/booking/clinics/3/exams',
      'GET /api/booking/code_from_location?latitude=-33.87&longitude=151.21',
      'GET /api/booking/group_exams?examSlugs=mri-knee,xray-knee',
      'GET /api/booking/walk_in_exams?clinicId=2',
      'GET /api/booking/enquiry_exams',
      'GET /api/booking/mobile_locations?clinicId=2&from=2027-03-01&to=2027-03-07',
    ]);
  });

  it('R-7-calls-33/35: reference appointments, holds, pending appointments, notifications and key update', async () => {
    answer = () => jsonResponse({ bookingKey: 'k2' });
    const reference = {
      clinicId: 2,
      examSlugs: ['mri-knee', 'xray-knee'],
      start: '2027-03-01',
      end: '2027-03-07',
    };
    const hold = {
      bookingKey: 'k1',
      holds: [
        { examSlug: 'x', clinicId: 2, deviceId: 21, startDateTime: '2027-03-02T09:00:00+08:00' },
      ],
    };
    await getReferenceAppointments(reference);
    await reserveSlots(hold);
    await releaseSlots('k/1');
    await createPendingAppointment({ bookingKey: 'k1' } as CreateAppointmentRequest);
    await sendPendingNotifications('k1');
    await expect(updateBookingKey({ oldBookingKey: 'k1', newBookingKey: 'k2' })).resolves.toBe(
      'k2',
    );
    expect(fetch.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/booking/reference_appointments',
      'POST /api/booking/reserve_slots',
      'DELETE /api/booking/reserve_slots/k%2F1',
      'POST /api/booking/pending_appointments',
      'POST /api/booking/pending_appointments/k1/notifications',
      'POST /api/booking/booking_key/update',
    ]);
    expect(body(0)).toEqual(reference);
    expect(body(1)).toEqual(hold);
    expect(body(5)).toEqual({ oldBookingKey: 'k1', newBookingKey: 'k2' });
  });
});
