import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, fillPatientDetails, frameReady, keepScreenshot } from './helpers';
import { passQuestionnaires } from './questionnaire-helpers';

/**
 * Issue 15 part 7: the booking flow survives a dropped connection between
 * steps without losing what the patient typed. Reads are sent again when the
 * connection is back (R-7-http-04); the booking itself carries an
 * Idempotency-Key, so sending it again never books twice.
 */
const booking = (page: Page) => page.locator('imaging-booking');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** On a phone: an X-ray Knee, its questions, and the Sydney clinics. */
async function toSydneyClinics(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await frameReady(page);
  await booking(page).getByRole('button', { name: 'X-Ray', exact: true }).click();
  await booking(page).getByRole('button', { name: 'X-ray Knee', exact: true }).click();
  await booking(page).getByRole('button', { name: 'Continue' }).click();
  await passQuestionnaires(page);
  await expect(heading(page, 'Choose a clinic')).toBeVisible();
  await booking(page).getByLabel('Region').selectOption({ label: 'Sydney' });
}

/** The appointments the server holds for a booking key, asked with the browser's own session. */
async function heldAppointments(page: Page, bookingKey: string) {
  return page.evaluate(async (key) => {
    const res = await fetch('/api/secured/appointments/summary', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bookingKey: key }),
    });
    const body = (await res.json()) as { appointments: { status: string; date: string }[] };
    return body.appointments.map((a) => ({ status: a.status, date: a.date }));
  }, bookingKey);
}

test('a phone that loses its connection between steps and while booking: nothing typed is lost, one appointment', async ({
  page,
  context,
}) => {
  await toSydneyClinics(page);

  // The connection drops as the patient chooses a clinic: the time step shows at once
  // and its free times arrive when the connection is back.
  await context.setOffline(true);
  await booking(page).getByRole('button', { name: 'Choose Harbour Imaging Bondi Junction' }).click();
  // Never an empty page: the step (its code prefetched) or its loading notice shows at once.
  await expect(
    heading(page, 'Choose a time').or(booking(page).getByRole('status').first()),
  ).toBeVisible();
  await page.waitForTimeout(1500);
  await context.setOffline(false);
  await expect(heading(page, 'Choose a time')).toBeVisible({ timeout: 20_000 });
  const slots = booking(page).locator('button.slot');
  await expect(booking(page).getByText(/Loading free times/)).toHaveCount(0, { timeout: 20_000 });
  if ((await slots.count()) === 0) {
    await booking(page).getByRole('button', { name: 'Find next available' }).click();
  }
  await slots.first().click();
  await booking(page).getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Your details')).toBeVisible();
  await fillPatientDetails(booking(page), {
    firstName: 'Ruby',
    lastName: 'Offline',
    dateOfBirth: '1990-03-12',
    email: 'ruby.offline@example.org',
    postCode: '2022',
  });

  // Offline as she presses Book: the call waits and is sent again when the connection is back.
  await context.setOffline(true);
  await booking(page).getByRole('button', { name: 'Book appointment' }).click();
  await page.waitForTimeout(2000);
  await expect(booking(page).getByLabel('First name')).toHaveValue('Ruby');
  await keepScreenshot(page, 'offline-1-booking-waits');
  await context.setOffline(false);
  await expect(heading(page, 'Booking confirmed')).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'offline-2-confirmed');

  const key = /\/appointments\/([A-Za-z0-9_-]{20,})/.exec(page.url())?.[1] ?? '';
  expect(key).not.toBe('');
  const held = await heldAppointments(page, key);
  expect(held).toHaveLength(1);
  expect(held[0]?.status).toBe('BOOKED');
});

test('a reload after the connection came back keeps the details typed before it dropped', async ({
  page,
  context,
}) => {
  await toSydneyClinics(page);
  await booking(page).getByRole('button', { name: 'Choose Harbour Imaging Bondi Junction' }).click();
  const slots = booking(page).locator('button.slot');
  await expect(booking(page).getByText(/Loading free times/)).toHaveCount(0);
  if ((await slots.count()) === 0) {
    await booking(page).getByRole('button', { name: 'Find next available' }).click();
  }
  await slots.first().click();
  await booking(page).getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Your details')).toBeVisible();
  const form = booking(page);
  await form.getByLabel('First name').fill('Leo');
  await form.getByLabel('Last name').fill('Dropout');
  await context.setOffline(true);
  await form.getByLabel('Email').fill('leo.dropout@example.org');
  await page.waitForTimeout(500);
  await context.setOffline(false);
  await page.reload();
  await frameReady(page);
  await expect(heading(page, 'Your details')).toBeVisible();
  await expect(booking(page).getByLabel('First name')).toHaveValue('Leo');
  await expect(booking(page).getByLabel('Last name')).toHaveValue('Dropout');
  await expect(booking(page).getByLabel('Email')).toHaveValue('leo.dropout@example.org');
});
