import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  fillPatientDetails,
  frameReady,
  keepScreenshot,
  takeFirstFreeTime,
} from './helpers';
import { passQuestionnaires } from './questionnaire-helpers';

/** A clinic tablet in portrait (issue 16: "Tried as a kiosk user would (1080×1920)"). */
test.use({ viewport: { width: 1080, height: 1920 } });

const kiosk = (page: Page) => page.locator('imaging-kiosk');
const booking = (page: Page) => page.locator('imaging-booking');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const IDLE_MS = 120_000; // kioskNoActivitySeconds of the seeded provider
/** The kiosk home itself, not /appointments/{key}/kiosk. */
const KIOSK_HOME = /^https?:\/\/[^/]+\/kiosk\?kioskMode=true$/;

async function nameDevice(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([
    { name: 'kioskIdentity', value: 'Front%20desk', url: baseURL ?? 'http://127.0.0.1' },
  ]);
}

/** Kiosk home → Book a scan → an X-ray at Parramatta → a time → the details step. */
async function startBooking(page: Page): Promise<void> {
  await kiosk(page)
    .getByRole('link', { name: /Book a scan/ })
    .click();
  await expect(page).toHaveURL(/\/home\?kioskMode=true/);
  await booking(page).getByRole('button', { name: 'X-Ray', exact: true }).click();
  await booking(page).getByRole('button', { name: 'X-ray Knee', exact: true }).click();
  await booking(page).getByRole('button', { name: 'Continue' }).click();
  await passQuestionnaires(page);
  await expect(heading(page, 'Choose a clinic')).toBeVisible();
  await booking(page).getByLabel('Region').selectOption({ label: 'Sydney' });
  await booking(page).getByRole('button', { name: 'Choose Harbour Imaging Parramatta' }).click();
  await takeFirstFreeTime(booking(page));
  await booking(page).getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Your details')).toBeVisible();
  await expect(page).toHaveURL(/kioskMode=true/);
}

/** What the tab keeps, except the device's own keys. */
async function patientStorage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const device = [
      'imaging-portal.closeBanner',
      'imaging-booking.postal-code-location',
      'imaging-kiosk.turn-ended',
    ];
    return [...Object.keys(sessionStorage), ...Object.keys(localStorage)].filter(
      (key) => !device.includes(key),
    );
  });
}

test.describe('the clinic kiosk (issue 16)', () => {
  test('first visit names the device; the home offers two large choices; idle → warning → countdown → kiosk home with nothing of the patient', async ({
    page,
    context,
  }) => {
    await page.clock.install();
    await page.goto('/kiosk?kioskMode=true');
    await frameReady(page);
    const device = page.getByRole('dialog', { name: 'Name this device' });
    await expect(device).toBeVisible();
    const save = device.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await device.getByLabel('Device name').fill('   ');
    await expect(save).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(device).toBeVisible(); // required: it cannot be dismissed
    await device.getByLabel('Device name').fill('Parramatta front desk');
    await expect(save).toBeEnabled();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'kiosk-device-name');
    await save.click();
    await expect(device).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === 'kioskIdentity');
    expect(cookie?.path).toBe('/');
    // Set to expire 2030-12-31 (unit-tested); Chromium caps any cookie at 400 days from now.
    expect((cookie?.expires ?? 0) * 1000).toBeGreaterThan(Date.now() + 365 * 86_400_000);
    await expect(kiosk(page).getByText('This device: Parramatta front desk')).toBeVisible();

    const choices = kiosk(page).locator('a.kiosk__choice');
    await expect(choices).toHaveCount(2);
    for (const box of await choices.evaluateAll((all) =>
      all.map((a) => a.getBoundingClientRect().toJSON() as DOMRect),
    ))
      expect(box.height).toBeGreaterThanOrEqual(48 * 4);
    await expect(kiosk(page).getByRole('link', { name: /Check in/ })).toHaveAttribute(
      'href',
      '/check-in?kioskMode=true',
    );
    await page.mouse.move(0, 0); // a tablet has no pointer resting over a choice
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'kiosk-home-portrait');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await keepScreenshot(page, 'kiosk-home-landscape');
    await page.setViewportSize({ width: 1080, height: 1920 });

    await startBooking(page);
    await booking(page).getByLabel('First name').fill('Zelda');
    await booking(page).getByLabel('Last name').fill('Quokka');
    await page.evaluate(() => sessionStorage.setItem('imaging.booking-form', '{"flow":"k"}'));

    // Idle: the warning opens, counts down, and Escape (Cancel) keeps the patient's page.
    await page.clock.runFor(IDLE_MS + 500);
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('in 10 seconds');
    await expect(warning.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(warning.getByRole('button', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(warning).toBeVisible(); // focus stays inside the dialog
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'kiosk-inactivity-warning');
    await page.keyboard.press('Escape');
    await expect(warning).toBeHidden();
    await expect(booking(page).getByLabel('First name')).toHaveValue('Zelda');

    // Idle again: nobody answers, and at zero the kiosk is home and has forgotten the patient.
    await page.clock.runFor(IDLE_MS + 500);
    await expect(warning).toBeVisible();
    await page.clock.runFor(5000);
    await expect(warning).toContainText('in 5 seconds');
    await page.clock.runFor(5500);
    await expect(page).toHaveURL(KIOSK_HOME);
    await expect(kiosk(page).getByRole('link', { name: /Book a scan/ })).toBeVisible();
    await expect(page.getByText('Zelda')).toHaveCount(0);
    expect(await patientStorage(page)).toEqual([]);
    await keepScreenshot(page, 'kiosk-after-inactivity');
  });

  test('every page keeps kiosk mode: About has kioskMode=true and no admin Log in or external links', async ({
    page,
    context,
    baseURL,
  }) => {
    // A portrait tablet is narrower than 1120 px: the menu is behind its button.
    const menu = () => page.locator('imaging-frame').getByRole('button', { name: 'Menu' }).click();
    await page.goto('/about');
    await frameReady(page);
    await menu();
    const login = page.locator('imaging-frame nav.nav').getByRole('link', { name: 'Log in' });
    await expect(login).toBeVisible(); // outside kiosk mode the provider shows it

    await nameDevice(context, baseURL);
    await page.goto('/kiosk?kioskMode=true');
    await expect(kiosk(page).getByRole('link', { name: /Check in/ })).toBeVisible();
    await menu();
    await page
      .locator('imaging-frame nav.nav')
      .getByRole('link', { name: /^About/ })
      .click();
    await expect(page).toHaveURL(/\/about\?kioskMode=true/);
    await expect(login).toHaveCount(0);
    const external = page.locator('imaging-frame a[target="_blank"]');
    await expect(external).toHaveCount(0);
    for (const href of await page
      .locator('imaging-frame nav.nav a[href^="/"]')
      .evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? '')))
      expect(href).toContain('kioskMode=true');
    // A link that lost the parameter still lands in kiosk mode.
    await page.evaluate(() => {
      history.pushState(null, '', '/contact');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/contact\?kioskMode=true/);
    await expect(login).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Check in: the check-in page type, so the check_in_header image (spec 2.3).
    await page.goto('/kiosk?kioskMode=true');
    await kiosk(page)
      .getByRole('link', { name: /Check in/ })
      .click();
    await expect(page).toHaveURL(/\/check-in\?kioskMode=true/);
    await expect(page.locator('imaging-frame .header-image img')).toHaveAttribute(
      'src',
      /check_in_header/,
    );
  });

  test('after a kiosk booking a short confirmation returns home by itself, the session ends and Back shows no patient page', async ({
    page,
    context,
    baseURL,
  }) => {
    await nameDevice(context, baseURL);
    await page.clock.install();
    await page.goto('/kiosk?kioskMode=true');
    await frameReady(page);
    await startBooking(page);
    await fillPatientDetails(booking(page), {
      firstName: 'Zelda',
      lastName: 'Quokka',
      dateOfBirth: '1984-06-15',
      email: 'zelda.quokka@example.org',
      phone: '0412999888',
      postCode: '2150',
    });
    await booking(page).getByRole('button', { name: 'Book appointment' }).click();
    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    await expect(page).toHaveURL(/\/appointments\/[^/]+\/kiosk\?kioskMode=true/);
    const confirmed = page.locator('imaging-appointment');
    await expect(confirmed.locator('.kiosk-finish__count')).toHaveText(
      /Back to the start in (10|9|8) seconds/,
    );
    for (const gone of [/Cancel appointment/, /Reschedule/, /Upload/])
      await expect(confirmed.getByRole('button', { name: gone })).toHaveCount(0);
    await expect(page.getByText('0412999888')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'kiosk-booking-confirmed');

    await page.clock.runFor(16_000);
    await expect(page).toHaveURL(KIOSK_HOME);
    const status = await page.evaluate(() =>
      fetch('/api/authenticated').then((r) => r.json() as Promise<{ authenticated: boolean }>),
    );
    expect(status.authenticated).toBe(false);
    // Back, again and again: the kiosk home every time, never the booking or its details.
    for (let i = 0; i < 3; i += 1) {
      await page.goBack();
      await expect(page).toHaveURL(KIOSK_HOME);
      await expect(page.getByText('Zelda')).toHaveCount(0);
      await expect(page.getByText('Booking confirmed')).toHaveCount(0);
    }
    expect(await patientStorage(page)).toEqual([]);
  });
});
