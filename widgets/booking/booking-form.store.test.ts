import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, type FakeFetch } from '../../src/api/testing';
import { bodyOf, callsTo, fixtures, stubBookingApi, type Route } from './test-api';

let fetch: FakeFetch;
const KEY = 'POST /api/booking/booking_key';
const APPOINTMENTS = 'POST /api/booking/appointments';
const REQUESTS = 'POST /api/booking/booking_requests';
const SLOTS = 'POST /api/booking/clinic_appointments';
const SLOT =
  '&startTime=2027-03-02T09:00:00%2B08:00&endTime=2027-03-02T09:30:00%2B08:00&deviceId=21';

const patient = {
  firstName: 'Mary',
  lastName: 'Citizen',
  dateOfBirth: '1980-02-29',
  email: 'mary@example.org',
  contactNumber: '0412 345 678',
  sex: 'FEMALE',
  postalCode: '6000',
};

async function fresh(search: string, routes: Record<string, Route> = {}) {
  fetch = stubBookingApi(routes);
  vi.resetModules();
  const booking = await import('./booking.store');
  const catalogue = await import('./catalogue.store');
  const clinics = await import('./clinics.store');
  const slots = await import('./slots.store');
  const form = await import('./booking-form.store');
  const options = await import('./booking-options.store');
  const hold = await import('./hold.store');
  const progress = await import('./progress.store');
  booking.syncFromHost('/booking', search);
  const unbind = [
    clinics.$selectedClinic.listen(() => undefined),
    slots.$slots.listen(() => undefined),
  ];
  await vi.waitFor(() => expect(catalogue.$exams.get().state).toBe('loaded'));
  await vi.waitFor(() => expect(clinics.$selectedClinic.get()).not.toBeNull());
  for (const [field, value] of Object.entries(patient))
    form.setField(field as keyof typeof patient, value);
  return {
    ...booking,
    ...form,
    ...options,
    ...hold,
    ...progress,
    unbind: () => unbind.forEach((stop) => stop()),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-01T02:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('moving an appointment (issue 13 part 4)', () => {
  const MOVED = `?examSlug=mri-knee&selectedClinic=2${SLOT}&status=RESCHEDULED&appointmentSlug=a1&previousBookingKey=OLD-KEY`;
  const summary = () =>
    jsonResponse({
      appointments: [
        {
          slug: 'a1',
          patientDetails: {
            title: null,
            firstName: 'Mary',
            lastName: 'Citizen',
            dateOfBirth: '1980-02-29',
            email: 'mary@example.org',
            contactNumber: '+61412345678',
            postalCode: '6000',
            medicareNumber: null,
            sex: 'FEMALE',
          },
        },
      ],
    });

  it("the details step starts with the moved appointment's details; what the patient typed stays", async () => {
    const store = await fresh(MOVED, { 'POST /api/secured/appointments/summary': summary });
    for (const field of [
      'firstName',
      'lastName',
      'dateOfBirth',
      'contactNumber',
      'postalCode',
    ] as const)
      store.setField(field, '');
    store.setField('email', 'typed@example.org');
    await store.prefillFromMovedAppointment();
    expect(bodyOf(callsTo(fetch, 'POST /api/secured/appointments/summary')[0])).toEqual({
      bookingKey: 'OLD-KEY',
    });
    expect(store.$bookingForm.get()).toMatchObject({
      firstName: 'Mary',
      lastName: 'Citizen',
      dateOfBirth: '1980-02-29',
      contactNumber: '+61412345678',
      postalCode: '6000',
      sex: 'FEMALE',
      email: 'typed@example.org',
    });
    store.unbind();
  });

  it('without a session for the old booking the form is left as it is', async () => {
    const store = await fresh(MOVED, {
      'POST /api/secured/appointments/summary': () => errorResponse(403, 'message.forbidden'),
    });
    store.setField('firstName', '');
    await store.prefillFromMovedAppointment();
    expect(store.$bookingForm.get().firstName).toBe('');
    store.unbind();
  });
});

describe('creating the booking (spec 4 "Creating bookings", spec 8)', () => {
  it('R-2.4-25: an invalid form names its first invalid field and calls nothing', async () => {
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2${SLOT}`);
    store.setField('email', 'not-an-email');
    store.setField('dateOfBirth', '2027-03-02');
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({
      ok: false,
      firstInvalid: 'dateOfBirth',
    });
    expect(store.$formErrors.get()).toMatchObject({
      dateOfBirth: { key: 'form.date_of_birth_future' },
      email: { key: 'form.please_enter_valid', field: 'form.email' },
    });
    expect(callsTo(fetch, KEY)).toHaveLength(0);
    store.setField('email', 'mary@example.org');
    expect(store.$formErrors.get().email).toBeUndefined();
    store.unbind();
  });

  it('R-4-create-01/03, R-2.1-23: a booking key, then the appointment; the confirmation shows at once', async () => {
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2${SLOT}`);
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({ ok: true });
    expect(bodyOf(callsTo(fetch, APPOINTMENTS)[0])).toEqual({
      bookingKey: 'BK-TEST-0001',
      examSlug: 'mri-knee',
      clinicId: 2,
      deviceId: 21,
      startDateTime: '2027-03-02T09:00:00+08:00',
      patient: { ...patient, contactNumber: '0412345678' },
    });
    expect(store.$created.get()).toMatchObject({
      kind: 'appointment',
      bookingKey: 'BK-TEST-0001',
      email: patient.email,
    });
    expect(store.$created.get()?.clinic?.id).toBe(2);
    expect(store.$bookingUrl.get()).toMatchObject({
      path: '/appointments/BK-TEST-0001',
      search: '',
    });
    store.unbind();
  });

  it('R-2.1-26: in kiosk mode the confirmation is /appointments/{key}/kiosk?kioskMode=true', async () => {
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2&kioskMode=true${SLOT}`);
    await store.submitBooking('2027-03-01');
    expect(store.$bookingUrl.get()).toMatchObject({
      path: '/appointments/BK-TEST-0001/kiosk',
      search: '?kioskMode=true',
    });
    store.unbind();
  });

  it('R-8-23: a failed booking-key call is retried with a new key', async () => {
    let keys = 0;
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2${SLOT}`, {
      [KEY]: () =>
        keys++ === 0 ? errorResponse(500, 'message.x') : jsonResponse({ bookingKey: 'BK-2' }),
    });
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({ ok: true });
    expect(callsTo(fetch, KEY)).toHaveLength(2);
    expect(store.$created.get()?.bookingKey).toBe('BK-2');
    store.unbind();
  });

  it('R-4-create-05/08: when every appointment call fails, a new key is fetched and the booking tried once more', async () => {
    let attempt = 0;
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2${SLOT}`, {
      [KEY]: () => jsonResponse({ bookingKey: `BK-${callsTo(fetch, KEY).length}` }),
      [APPOINTMENTS]: () =>
        attempt++ === 0 ? errorResponse(500, 'message.x') : jsonResponse(fixtures.appointment),
    });
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({ ok: true });
    expect(
      callsTo(fetch, APPOINTMENTS).map(
        (call) => (bodyOf(call) as { bookingKey: string }).bookingKey,
      ),
    ).toEqual(['BK-1', 'BK-2']);
    store.unbind();
  });

  it('R-8-23: a booking key the server refuses (409 message.booking_key_used) is replaced, not taken for a slot conflict', async () => {
    let attempt = 0;
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2&bookingKey=OLD${SLOT}`, {
      [APPOINTMENTS]: () =>
        attempt++ === 0
          ? errorResponse(409, 'message.booking_key_used')
          : jsonResponse(fixtures.appointment),
    });
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({ ok: true });
    expect(callsTo(fetch, KEY)).toHaveLength(1);
    expect(
      callsTo(fetch, APPOINTMENTS).map(
        (call) => (bodyOf(call) as { bookingKey: string }).bookingKey,
      ),
    ).toEqual(['OLD', 'BK-TEST-0001']);
    store.unbind();
  });

  it('a failure after the retry keeps the values and shows the message', async () => {
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2${SLOT}`, {
      [APPOINTMENTS]: () => errorResponse(503, 'message.x'),
    });
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({ ok: false });
    expect(store.$submission.get()).toEqual({
      state: 'failed',
      messageKey: 'message.error_status_503',
    });
    expect(store.$bookingForm.get()).toMatchObject(patient);
    expect(store.$booking.get().route.step).toBe('form');
    store.unbind();
  });

  it('R-4-slots-07..09, R-8-22: a slot conflict opens the static modal, then the slots return without the slot and reload', async () => {
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2&date=2027-03-02${SLOT}`, {
      [APPOINTMENTS]: () => errorResponse(409, 'message.slot_conflict'),
    });
    await store.submitBooking('2027-03-01');
    expect(store.$submission.get()).toEqual({ state: 'conflict' });
    expect(callsTo(fetch, APPOINTMENTS)).toHaveLength(1);
    const before = callsTo(fetch, SLOTS).length;
    store.acknowledgeSlotConflict();
    expect(store.$bookingUrl.get().path).toBe('/select-clinic');
    expect(store.$bookingUrl.get().search).not.toMatch(/startTime|endTime|deviceId/);
    expect(store.$bookingUrl.get().replace).toBe(true);
    await vi.waitFor(() => expect(callsTo(fetch, SLOTS).length).toBeGreaterThan(before));
    expect(store.$bookingForm.get()).toMatchObject(patient);
    store.unbind();
  });

  it('R-4-create-02/04, R-1-11: an enquiry-only exam becomes a booking request', async () => {
    const store = await fresh('?examSlug=mri-brain-contrast&selectedClinic=2');
    store.$requestNote.set('Mornings suit me.');
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({ ok: true });
    expect(callsTo(fetch, APPOINTMENTS)).toHaveLength(0);
    expect(bodyOf(callsTo(fetch, REQUESTS)[0])).toMatchObject({
      bookingKey: 'BK-TEST-0001',
      examSlugs: ['mri-brain-contrast'],
      clinicId: 2,
      note: 'Mornings suit me.',
    });
    expect(store.$bookingUrl.get().path).toBe('/booking-requests/BK-TEST-0001');
    store.unbind();
  });

  it('R-4-create-11: a failed booking request goes to the deny page with the outcome message', async () => {
    const store = await fresh('?examSlug=mri-brain-contrast&selectedClinic=2', {
      [REQUESTS]: () =>
        jsonResponse({
          ...fixtures.bookingRequest,
          success: false,
          errorMessage: 'message.request_refused',
        }),
    });
    await store.submitBooking('2027-03-01');
    expect(store.$externalNavigation.get()).toEqual({
      path: '/deny',
      search: '?customMessage=message.request_refused',
    });
    store.unbind();
  });

  it('"book another scan" clears the patient and starts over', async () => {
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2${SLOT}`);
    await store.submitBooking('2027-03-01');
    store.resetBooking();
    expect(store.$created.get()).toBeNull();
    expect(store.$bookingForm.get().firstName).toBe('');
    expect(store.$bookingUrl.get()).toMatchObject({ path: '/', search: '' });
    store.unbind();
  });

  it('R-4-quest-05: requireFields shows the Medicare number and validation code; they are checked and sent', async () => {
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2${SLOT}`);
    store.requireFields({ medicareNumberRequired: true, validationCodeRequired: true });
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({
      ok: false,
      firstInvalid: 'medicareNumber',
    });
    store.setField('medicareNumber', '2123 45671 1');
    store.setField('validationCode', 'AB12');
    await store.submitBooking('2027-03-01');
    expect(store.$formErrors.get().medicareNumber?.key).toBe('form.please_enter_valid');
    expect(store.$bookingForm.get().medicareNumber).toBe('2123 45671 1'); // kept as typed
    store.setField('medicareNumber', '2123 45670 1');
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({ ok: true });
    expect(bodyOf(callsTo(fetch, APPOINTMENTS)[0])).toMatchObject({
      patient: { medicareNumber: '2123456701', validationCode: 'AB12' },
    });
    store.requireFields({ medicareNumberRequired: false, validationCodeRequired: false });
    store.unbind();
  });

  it("a 400 message.validation_error puts the server's field messages at the fields; values are kept", async () => {
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2${SLOT}`, {
      [APPOINTMENTS]: () =>
        jsonResponse(
          {
            statusCode: 400,
            message: 'message.validation_error',
            fields: { email: 'form.please_enter_valid' },
          },
          400,
        ),
    });
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({
      ok: false,
      firstInvalid: 'email',
    });
    expect(store.$formErrors.get().email).toEqual({
      key: 'form.please_enter_valid',
      field: 'form.email',
    });
    expect(callsTo(fetch, KEY)).toHaveLength(1); // no new key for invalid details
    expect(store.$bookingForm.get()).toMatchObject(patient);
    store.unbind();
  });

  it("R-4-create-08/09, R-7-calls-35: on failure a new key is fetched and the old key's documents and answers move to it (booking_key/update)", async () => {
    let attempt = 0;
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2&bookingKey=OLD${SLOT}`, {
      [KEY]: () => jsonResponse({ bookingKey: 'NEW' }),
      [APPOINTMENTS]: () =>
        attempt++ === 0 ? errorResponse(503, 'message.x') : jsonResponse(fixtures.appointment),
    });
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({ ok: true });
    expect(callsTo(fetch, 'POST /api/booking/booking_key/update').map(bodyOf)).toEqual([
      { oldBookingKey: 'OLD', newBookingKey: 'NEW' },
    ]);
    const keys = callsTo(fetch, APPOINTMENTS).map(
      (c) => (bodyOf(c) as { bookingKey: string }).bookingKey,
    );
    expect(keys).toEqual(['OLD', 'NEW']);
    store.unbind();
  });

  it('R-4-create-09: a used key keeps its documents (no update); held slots move to the new key', async () => {
    let attempt = 0;
    const store = await fresh(
      `?examSlug=mri-knee&selectedClinic=2&bookingKey=BK-TEST-0001${SLOT}`,
      {
        [KEY]: () => jsonResponse({ bookingKey: 'NEW' }),
        [APPOINTMENTS]: () =>
          attempt++ === 0
            ? errorResponse(409, 'message.booking_key_used')
            : jsonResponse(fixtures.appointment),
      },
    );
    await store.holdChosenSlots();
    expect(store.$hold.get()).toMatchObject({ state: 'held', bookingKey: 'BK-TEST-0001' });
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({ ok: true });
    expect(callsTo(fetch, 'POST /api/booking/booking_key/update')).toHaveLength(0);
    expect(callsTo(fetch, 'DELETE /api/booking/reserve_slots/BK-TEST-0001')).toHaveLength(1);
    expect(
      callsTo(fetch, 'POST /api/booking/reserve_slots').map(
        (c) => (bodyOf(c) as { bookingKey: string }).bookingKey,
      ),
    ).toEqual(['BK-TEST-0001', 'NEW']);
    store.unbind();
  });

  it('the form uses the booking key the slot was held with', async () => {
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2${SLOT}`);
    await store.holdChosenSlots();
    expect(store.$booking.get().params.bookingKey).toBe('BK-TEST-0001');
    await store.submitBooking('2027-03-01');
    expect(callsTo(fetch, KEY)).toHaveLength(1);
    expect(bodyOf(callsTo(fetch, APPOINTMENTS)[0])).toMatchObject({ bookingKey: 'BK-TEST-0001' });
    store.unbind();
  });

  it('R-2.1-24, R-4-create-10: pending appointments confirm at /appointments/pending/{key}; their notifications are a separate step', async () => {
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2&kioskMode=true${SLOT}`, {
      'POST /api/booking/pending_appointments/BK-TEST-0001/notifications': () =>
        new Response(null, { status: 204 }),
    });
    store.setPendingAppointments(true);
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({ ok: true });
    expect(callsTo(fetch, 'POST /api/booking/pending_appointments')).toHaveLength(1);
    expect(callsTo(fetch, APPOINTMENTS)).toHaveLength(0);
    expect(store.$bookingUrl.get()).toMatchObject({
      path: '/appointments/pending/BK-TEST-0001',
      search: '?kioskMode=true',
    });
    expect(store.$created.get()?.pending).toBe(true);
    expect(
      callsTo(fetch, 'POST /api/booking/pending_appointments/BK-TEST-0001/notifications'),
    ).toHaveLength(0);
    await expect(store.sendPendingAppointmentNotifications('BK-TEST-0001')).resolves.toBe(true);
    expect(
      callsTo(fetch, 'POST /api/booking/pending_appointments/BK-TEST-0001/notifications'),
    ).toHaveLength(1);
    store.setPendingAppointments(false);
    store.unbind();
  });

  it('R-2.1-27: from advanced booking the confirmation has no /iframe prefix', async () => {
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2${SLOT}`);
    store.syncFromHost('/iframe/advanced-booking', '');
    store.syncFromHost('/iframe/booking', `?examSlug=mri-knee&selectedClinic=2${SLOT}`);
    await store.submitBooking('2027-03-01');
    expect(store.$bookingUrl.get().path).toBe('/appointments/BK-TEST-0001');
    store.unbind();
  });

  it('R-4-create-03, R-9-21: creating appointments sets progress step 3 after the 2000 ms debounce', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date('2027-03-01T02:00:00Z'));
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2${SLOT}`);
    const seen: number[] = [];
    const stop = store.$bookingProgress.listen((step) => seen.push(step));
    store.$bookingProgress.set(2);
    const submitted = store.submitBooking('2027-03-01');
    await vi.advanceTimersByTimeAsync(1999);
    expect(seen).toEqual([2]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([2, 3]);
    await submitted;
    stop();
    store.unbind();
  });

  it('R-3-25 SET_INSURANCE_TYPE: the insuranceTypeId a questionnaire outcome put in the URL is sent with each appointment', async () => {
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2&insuranceTypeId=3${SLOT}`);
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({ ok: true });
    expect(bodyOf(callsTo(fetch, APPOINTMENTS)[0])).toMatchObject({ insuranceTypeId: 3 });
    store.unbind();
  });

  it('R-3-25 SET_INSURANCE_TYPE: a booking request sends the insuranceTypeId too', async () => {
    const store = await fresh('?examSlug=mri-brain-contrast&selectedClinic=2&insuranceTypeId=7');
    await expect(store.submitBooking('2027-03-01')).resolves.toEqual({ ok: true });
    expect(bodyOf(callsTo(fetch, REQUESTS)[0])).toMatchObject({ insuranceTypeId: 7 });
    store.unbind();
  });

  it('without a valid insuranceTypeId in the URL nothing is sent', async () => {
    const store = await fresh(`?examSlug=mri-knee&selectedClinic=2&insuranceTypeId=0${SLOT}`);
    await store.submitBooking('2027-03-01');
    expect(bodyOf(callsTo(fetch, APPOINTMENTS)[0])).not.toHaveProperty('insuranceTypeId');
    store.unbind();
  });
});
