/**
 * Journeys' shortcuts through the booking API for what a test is not about
 * (a booking to open, a free time to take). Each spec asks from its own
 * first day, so specs sharing one server do not take each other's times.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { answerSafetyQuestionnaires } from './questionnaire-helpers';

export interface Slot {
  clinicId: number;
  startDateTime: string;
  deviceId: number;
}

/** The calendar day `offset` days from now (UTC), yyyy-mm-dd. */
export const isoDay = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function sydneyClinicId(api: APIRequestContext, examSlug: string): Promise<number> {
  const clinics = (await (await api.get(`/api/booking/clinics?examSlug=${examSlug}`)).json()) as {
    id: number;
    slug: string;
  }[];
  const clinic = clinics.find((c) => c.slug === 'sydney-cbd');
  if (!clinic) throw new Error('no Sydney CBD clinic');
  return clinic.id;
}

/** The free times of an exam at Sydney CBD, from `fromDay` days ahead for about two weeks. */
export async function freeSlots(
  api: APIRequestContext,
  examSlug: string,
  fromDay: number,
): Promise<Slot[]> {
  const clinicId = await sydneyClinicId(api, examSlug);
  const res = await api.post('/api/booking/clinic_appointments', {
    data: { clinicIds: [clinicId], examSlug, start: isoDay(fromDay), end: isoDay(20) },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { slots: Slot[] }[]).flatMap((group) => group.slots);
}

export interface ApiPatient {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  contactNumber: string;
  sex: string;
  postalCode: string;
}

/**
 * An MRI Knee at Sydney CBD booked through the API, with its safety
 * questionnaires answered: the `index`-th free time from `fromDay` days ahead.
 */
export async function bookMriKnee(
  api: APIRequestContext,
  { fromDay, index = 0, patient }: { fromDay: number; index?: number; patient: ApiPatient },
): Promise<{ bookingKey: string; slug: string; slot: Slot }> {
  const slot = (await freeSlots(api, 'mri-knee', fromDay))[index];
  if (!slot) throw new Error('no free slot');
  const { bookingKey } = (await (await api.post('/api/booking/booking_key')).json()) as {
    bookingKey: string;
  };
  await answerSafetyQuestionnaires(api, bookingKey, ['mri-knee']);
  const res = await api.post('/api/booking/appointments', {
    data: {
      bookingKey,
      examSlug: 'mri-knee',
      clinicId: slot.clinicId,
      deviceId: slot.deviceId,
      startDateTime: slot.startDateTime,
      patient,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { slug } = (await res.json()) as { slug: string };
  return { bookingKey, slug, slot };
}
