/**
 * The patient's steps on the hostile clinic SPA (clinic-spa.ts) and what the
 * journeys read back: the server's view of the booking, the links the
 * clinic's router took, a file the browser saved.
 */
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { bookMriKnee } from './booking-api';
import { fillPatientDetails, takeFirstFreeTime } from './helpers';
import { passQuestionnaires } from './questionnaire-helpers';

export const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name });
export const booking = (page: Page) => page.locator('imaging-booking');
export const appointment = (page: Page) => page.locator('imaging-appointment');

/** The links the clinic's router took (pushState) since the page loaded. */
export const routerTook = (page: Page) =>
  page.evaluate(() => (window as unknown as { routerTook: string[] }).routerTook);

/** What the server holds for the booking, read from the clinic's page with the browser's session. */
export async function heldBy(
  page: Page,
  portal: string,
  key: string,
): Promise<{ examSlug: string; status: string }[]> {
  const body = await page.evaluate(
    async ({ portal, key }) => {
      const res = await fetch(`${portal}/api/secured/appointments/summary`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bookingKey: key }),
      });
      return (await res.json()) as { appointments?: { examSlug: string; status: string }[] };
    },
    { portal, key },
  );
  return (body.appointments ?? []).map(({ examSlug, status }) => ({ examSlug, status }));
}

/** Clicks a file link: the browser saves the file, the clinic's page stays, its router took nothing. */
export async function expectSaved(page: Page, link: Locator): Promise<string> {
  const before = page.url();
  const taken = await routerTook(page);
  const saving = page.waitForEvent('download');
  await link.click();
  const file = await saving;
  expect(page.url()).toBe(before);
  expect(await routerTook(page)).toEqual(taken);
  return readFileSync((await file.path())!, 'utf8');
}

/** From the clinic's home, through its own menu, to the booking element (in Macedonian, as placed). */
export async function openBookingPage(page: Page, clinic: string): Promise<void> {
  await page.goto(`${clinic}/`);
  await page
    .getByRole('navigation', { name: 'Clinic' })
    .getByRole('link', { name: 'Book a scan' })
    .click();
  await expect(heading(page, 'Изберете снимање')).toBeVisible();
}

/** Exams on the exam step, then their questionnaires, then the clinic at Sydney CBD. */
export async function chooseExams(page: Page, exams: [string, string][]): Promise<void> {
  if (exams.length > 1) await booking(page).getByRole('radio', { name: 'Several scans' }).check();
  for (const [modality, exam] of exams) {
    await booking(page).getByRole('button', { name: modality, exact: true }).click();
    await booking(page).getByRole('button', { name: exam, exact: true }).click();
  }
  await booking(page).getByRole('button', { name: 'Continue' }).click();
  await passQuestionnaires(page);
  await expect(heading(page, 'Choose a clinic')).toBeVisible();
  await booking(page).getByLabel('Region').selectOption({ label: 'Sydney' });
  await booking(page).getByRole('button', { name: 'Choose Harbour Imaging Sydney CBD' }).click();
}

/** The details step, filled and sent; returns the booking key of the confirmation. */
export async function bookWithDetails(page: Page, email: string): Promise<string> {
  await booking(page).getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Your details')).toBeVisible();
  await fillPatientDetails(booking(page), {
    firstName: 'Ava',
    lastName: 'Nguyen',
    dateOfBirth: '1990-02-03',
    email,
    phone: '0412345679',
    postCode: '2000',
  });
  await booking(page).getByRole('button', { name: 'Book appointment' }).click();
  await expect(heading(page, 'Booking confirmed')).toBeVisible();
  return (await appointment(page).locator('.appointment__reference').first().innerText()).trim();
}

export { takeFirstFreeTime };

/** An MRI Knee booked through the API (what the test is not about), from `fromDay` days ahead. */
export async function bookViaApi(api: APIRequestContext, fromDay: number): Promise<string> {
  const { bookingKey } = await bookMriKnee(api, {
    fromDay,
    patient: {
      firstName: 'Ava',
      lastName: 'Nguyen',
      dateOfBirth: '1990-02-03',
      email: 'ava.moves13@example.org',
      contactNumber: '0412345679',
      sex: 'FEMALE',
      postalCode: '2000',
    },
  });
  return bookingKey;
}

/** The browser holds the booking (the development login), from the clinic's page: its partitioned cookie. */
export async function logInOnClinicPage(page: Page, portal: string, key: string): Promise<void> {
  const status = await page.evaluate(
    async ({ portal, key }) =>
      (
        await fetch(`${portal}/api/dev/patient-login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ bookingKey: key }),
          credentials: 'include',
        })
      ).status,
    { portal, key },
  );
  expect(status).toBe(204);
}
