/**
 * The embedding journeys' clinic pages and the booking a patient makes on
 * them (tests/e2e/embedding*.spec.ts).
 */
import { expect, type Page } from '@playwright/test';
import { clinicPage } from './clinic-site';
import { expectNoAxeViolations, fillPatientDetails, takeFirstFreeTime } from './helpers';
import { passQuestionnaires } from './questionnaire-helpers';

const EVENT_RECORDER = `<script>
  window.received = [];
  for (const name of ['imaging-booking-navigated', 'imaging-booking-created', 'imaging-frame-resized',
    'imaging-frame-navigated', 'imaging-booking-progressed', 'imaging-navigated'])
    document.addEventListener(name, (event) => window.received.push({ name, detail: event.detail }));
</script>`;

/** The clinic's pages: the booking element, and the booking in an iframe by embed.js. */
export function clinicSitePages(origin: string): Record<string, string> {
  return {
    '/book': clinicPage(
      'Book a scan',
      `<script type="module" src="${origin}/elements/booking.js"></script>
      <imaging-booking api-base="${origin}" url-state></imaging-booking>`,
    ),
    '/about-classic': clinicPage(
      'About our imaging partner',
      `<script src="${origin}/elements/imaging-elements.iife.js"></script>
      <imaging-page page="about" api-base="${origin}"></imaging-page>
      <imaging-booking api-base="${origin}" exam-slug="xray-chest" url-state></imaging-booking>`,
    ),
    '/book-in-a-frame': clinicPage(
      'Book a scan',
      `${EVENT_RECORDER}
      <div id="book-a-scan"></div>
      <script src="${origin}/elements/embed.js" data-target="#book-a-scan"
        data-exam-slug="xray-chest" data-region-slug="perth"></script>`,
    ),
  };
}

export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Every API call the page made, by origin. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
  });
  return calls;
}

async function fillPatient(root: ReturnType<Page['locator']>) {
  await fillPatientDetails(root, {
    firstName: 'Ava',
    lastName: 'Nguyen',
    dateOfBirth: '1990-02-03',
    email: 'ava.nguyen@example.org',
    phone: '0412345679',
    postCode: '6000',
  });
}

/**
 * A patient books a chest X-ray on the clinic's page through the standalone
 * element (with `travel`: Back, Forward and reload on the way) and the
 * server holds it. Returns the booking key.
 */
export async function bookOnClinicPage(
  page: Page,
  { clinic, portal, travel }: { clinic: string; portal: string; travel: boolean },
): Promise<string> {
  const calls = apiCalls(page);
  await page.goto(`${clinic}/book`);
  const booking = page.locator('imaging-booking');
  await expect(heading(page, 'Choose your scan')).toBeVisible();
  await booking.getByRole('button', { name: 'X-Ray', exact: true }).click();
  await booking.getByRole('button', { name: 'Chest X-ray', exact: true }).click();
  await booking.getByRole('button', { name: 'Continue' }).click();
  // The exam's questions come in the questionnaire element, in the booking element's place.
  await passQuestionnaires(page);
  await expect(heading(page, 'Choose a clinic')).toBeVisible();
  // The element moved alone and mirrored its step into the clinic page's address.
  expect(new URL(page.url()).pathname).toBe('/book');
  expect(new URL(page.url()).hash).toMatch(/^#imaging:\/select-region\?/);
  await booking.getByLabel('Region').selectOption({ label: 'Perth' });
  await booking.getByRole('button', { name: 'Choose Harbour Imaging Perth CBD' }).click();
  await expect(heading(page, 'Choose a time')).toBeVisible();
  if (travel) {
    await page.goBack();
    await expect(heading(page, 'Choose a clinic')).toBeVisible();
    await page.goForward();
    await expect(heading(page, 'Choose a time')).toBeVisible();
    await page.reload();
    await expect(heading(page, 'Choose a time')).toBeVisible();
  }
  await takeFirstFreeTime(booking);
  await booking.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Your details')).toBeVisible();
  await fillPatient(booking);
  if (travel) await expectNoAxeViolations(page);
  await booking.getByRole('button', { name: 'Book appointment' }).click();

  // The confirmation is the appointment element, in the booking element's place.
  const appointment = page.locator('imaging-appointment');
  await expect(
    appointment.getByRole('heading', { level: 1, name: 'Booking confirmed' }),
  ).toBeVisible();
  const key = (await appointment.locator('.appointment__reference').first().innerText()).trim();
  expect(new URL(page.url()).hash).toBe(`#imaging:/appointments/${key}`);

  // The server holds it, and this browser's session (a partitioned cookie) reads it from the clinic's page.
  const summary = await page.evaluate(
    async ({ portal, key }) => {
      const res = await fetch(`${portal}/api/secured/appointments/summary`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bookingKey: key }),
      });
      return { status: res.status, body: await res.json() };
    },
    { portal, key },
  );
  expect(summary.status).toBe(200);
  expect(summary.body.appointments).toHaveLength(1);
  expect(summary.body.appointments[0]).toMatchObject({ examSlug: 'xray-chest' });
  // Every call went to the provider, from the first one on.
  expect(calls.length).toBeGreaterThan(5);
  expect(calls.filter((url) => !url.startsWith(`${portal}/api/`))).toEqual([]);
  return key;
}
