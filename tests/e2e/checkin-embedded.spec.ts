/**
 * A clinic's web developer puts check-in on the clinic's own site, another
 * origin (issue 16, R-1-24, docs/embedding.md "Standalone"): one module
 * script and one element. A patient checks in from the clinic's page, on a
 * phone from their link and at the clinic's kiosk, against the real server;
 * the server holds the check-in afterwards.
 */
import { expect, test } from '@playwright/test';
import {
  appointmentStartingSoon,
  checkinElement,
  checkinStepIs,
  codeFor,
  heldCheckIn,
} from './checkin-helpers';
import { clinicPage, startClinicSite, type ClinicSite } from './clinic-site';
import { expectNoAxeViolations, keepScreenshot } from './helpers';

// The origin the server lists (one worker: the embedding journeys use it at other times).
const clinicPort = Number(process.env.E2E_CLINIC_PORT);
// Ultrasound, apart from the other journeys' X-rays: the dev route's visits last 30 minutes
// and Sydney CBD has two X-ray rooms (three for ultrasound).
const PHONE_MINUTES_AHEAD = 45;
const KIOSK_MINUTES_AHEAD = 70;
let portal: string;
let clinic: ClinicSite;

test.beforeAll(async () => {
  portal = new URL(test.info().project.use.baseURL!).origin;
  clinic = await startClinicSite(clinicPort, {
    // The link a clinic sends carries the booking key; its page hands it to the element.
    '/check-in': clinicPage(
      'Check in for your scan',
      `<script type="module" src="${portal}/elements/checkin.js"></script>
      <imaging-checkin api-base="${portal}" url-state></imaging-checkin>
      <script>
        const key = new URLSearchParams(location.search).get('bookingKey');
        if (key) document.querySelector('imaging-checkin').setAttribute('booking-key', key);
      </script>`,
    ),
    '/kiosk': clinicPage(
      'Welcome',
      `<script type="module" src="${portal}/elements/checkin.js"></script>
      <imaging-checkin api-base="${portal}" kiosk-mode url-state></imaging-checkin>`,
    ),
  });
});
test.afterAll(async () => {
  await clinic.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('R-1-24 from the link on the clinic page: date of birth and code in place, confirm, checked in', async ({
    page,
    request,
  }) => {
    const booked = await appointmentStartingSoon(request, PHONE_MINUTES_AHEAD, 'us-abdomen');
    await page.goto(`${clinic.origin}/check-in?bookingKey=${booked.bookingKey}`);
    // No session yet: the element shows the date-of-birth step in place, on the clinic's page.
    const auth = page.locator('imaging-auth');
    const form = auth.getByRole('dialog', { name: 'View your appointment' });
    await form.getByLabel('Day').fill('03');
    await form.getByLabel('Month').fill('02');
    await form.getByLabel('Year').fill('1979');
    await form.getByRole('button', { name: 'Send code' }).click();
    const codeDialog = auth.getByRole('dialog', { name: 'Enter your code' });
    await codeDialog.getByLabel('6-digit code').fill(await codeFor(request, booked.email));
    await codeDialog.getByRole('button', { name: 'Verify' }).click();
    await checkinStepIs(page, 'CONFIRM');
    expect(new URL(page.url()).origin).toBe(clinic.origin);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'checkin-clinic-page-confirm');
    await checkinElement(page).getByRole('button', { name: 'Yes, continue' }).click();
    const modal = checkinElement(page).getByRole('dialog', { name: 'Check in now?' });
    await modal.getByRole('button', { name: 'Check in' }).click();
    await checkinStepIs(page, 'SUCCESS');
    expect(new URL(page.url()).origin).toBe(clinic.origin);
    expect(await heldCheckIn(page, booked.slug, portal)).toMatchObject({
      checkInSent: true,
      checkInSuccess: true,
    });
  });
});

test.describe('at a kiosk on the clinic page', () => {
  test.use({ viewport: { width: 1080, height: 1920 } });

  test('R-1-24 last name, date of birth, the code from the e-mail, confirm, checked in; the server holds it', async ({
    page,
    request,
  }) => {
    const booked = await appointmentStartingSoon(request, KIOSK_MINUTES_AHEAD, 'us-abdomen');
    await page.goto(`${clinic.origin}/kiosk`);
    await checkinStepIs(page, 'IDENTITY');
    const checkin = checkinElement(page);
    await checkin.getByLabel('Last name').fill(booked.lastName);
    await checkin.getByLabel('Date of birth').fill('1979-02-03');
    await checkin.getByRole('button', { name: 'Send me a code' }).click();
    await checkinStepIs(page, 'VERIFY_OTP');
    await checkin.getByLabel('6-digit code').fill(await codeFor(request, booked.email));
    await checkin.getByRole('button', { name: 'Verify' }).click();
    await checkinStepIs(page, 'CONFIRM');
    await checkin.getByRole('button', { name: 'Yes, continue' }).click();
    await checkin
      .getByRole('dialog', { name: 'Check in now?' })
      .getByRole('button', { name: 'Check in' })
      .click();
    await checkinStepIs(page, 'SUCCESS');
    await keepScreenshot(page, 'checkin-clinic-kiosk-success');
    expect(new URL(page.url()).origin).toBe(clinic.origin);
    expect(await heldCheckIn(page, booked.slug, portal)).toMatchObject({ checkInSuccess: true });
  });
});
