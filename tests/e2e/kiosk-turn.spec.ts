import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import {
  appointmentStartingSoon,
  checkinElement,
  checkinStepIs,
  codeFor,
  type Booked,
} from './checkin-helpers';
import { expectNoAxeViolations, frameReady, keepScreenshot } from './helpers';

/**
 * A patient's turn at the kiosk ends and leaves nothing (issue 16), against
 * the real server: a kiosk check-in ends on a 10-second countdown with Done
 * (spec 9), the server session ends, Back never re-opens the patient's
 * pages; idling mid-check-in warns and clears; idling on the empty kiosk
 * home does nothing (Playwright's clock).
 */
test.use({ viewport: { width: 1080, height: 1920 } });

const KIOSK_HOME = /^https?:\/\/[^/]+\/kiosk\?kioskMode=true$/;
const IDLE_MS = 120_000; // kioskNoActivitySeconds of the seeded provider
const checkin = checkinElement;
const stepIs = checkinStepIs;

async function nameDevice(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([
    { name: 'kioskIdentity', value: 'Front%20desk', url: baseURL ?? 'http://127.0.0.1' },
  ]);
}

/** Kiosk home → Check in → identity → the code from the e-mail → CONFIRM (the patient's appointment on screen). */
async function checkInToConfirm(page: Page, request: APIRequestContext, booked: Booked) {
  await page
    .locator('imaging-kiosk')
    .getByRole('link', { name: /Check in/ })
    .click();
  await stepIs(page, 'IDENTITY');
  await page.getByLabel('Last name').fill(booked.lastName);
  await page.getByLabel('Date of birth').fill('1979-02-03');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await stepIs(page, 'VERIFY_OTP');
  await page.getByLabel('6-digit code').fill(await codeFor(request, booked.email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await stepIs(page, 'CONFIRM');
  await expect(checkin(page)).toContainText('Chest X-ray');
}

/** The patient's session cookie (HttpOnly, set by the server when the code verified). */
async function sessionCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.httpOnly);
  expect(cookie, 'a session cookie').toBeDefined();
  return `${cookie!.name}=${cookie!.value}`;
}

/** The kiosk holds nothing of the patient: page, storage, cookies, server session. */
async function expectNothingOf(
  page: Page,
  request: APIRequestContext,
  booked: Booked,
  cookie: string,
) {
  await expect(page).toHaveURL(KIOSK_HOME);
  await expect(
    page.locator('imaging-kiosk').getByRole('link', { name: /Book a scan/ }),
  ).toBeVisible();
  await expect(page.getByText(booked.lastName)).toHaveCount(0);
  await expect(page.getByText('Chest X-ray')).toHaveCount(0);
  const kept = await page.evaluate(() => {
    const device = [
      'imaging-portal.closeBanner',
      'imaging-booking.postal-code-location',
      'imaging-kiosk.turn-ended',
    ];
    return [...Object.keys(sessionStorage), ...Object.keys(localStorage)].filter(
      (key) => !device.includes(key),
    );
  });
  expect(kept).toEqual([]);
  const names = (await page.context().cookies()).map((c) => c.name);
  expect(names).not.toContain('patientKioskIdentity');
  expect(names).not.toContain(cookie.split('=')[0]);
  // The old session token itself is dead on the server, not only forgotten by the browser.
  const old = await request.get(`/api/secured/appointments/${booked.slug}/check_in`, {
    headers: { cookie },
  });
  expect(old.status()).toBe(401);
}

/** Back, again and again: always the kiosk home, never a page of the finished patient. */
/** From the kiosk home to the success screen of `booked`; the patient's session cookie. */
async function checkInAtKiosk(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  booked: Booked,
): Promise<string> {
  await page.goto('/kiosk?kioskMode=true');
  await frameReady(page);
  await checkInToConfirm(page, request, booked);
  const cookie = await sessionCookie(context);
  await page.getByRole('button', { name: 'Yes, continue' }).click();
  await checkin(page)
    .getByRole('dialog', { name: 'Check in now?' })
    .getByRole('button', { name: 'Check in' })
    .click();
  await stepIs(page, 'SUCCESS');
  return cookie;
}

async function expectBackShowsNothing(page: Page, booked: Booked): Promise<void> {
  for (let i = 0; i < 4; i += 1) {
    await page.goBack().catch(() => null);
    // Until the tab's first entry (the blank page the test opened with).
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/kiosk\?kioskMode=true$|^about:blank$/);
    if (page.url() === 'about:blank') break;
    await expect(page.getByText(booked.lastName)).toHaveCount(0);
    await expect(page.getByText('You are checked in')).toHaveCount(0);
    await expect(page.getByText('Chest X-ray')).toHaveCount(0);
  }
}

test.describe('the end of a patient turn at the kiosk (issue 16)', () => {
  test('a kiosk check-in ends on a 10 s countdown (R-9-01); at zero the kiosk is home, the session is over, Back shows nothing', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await nameDevice(context, baseURL);
    await page.clock.install();
    const booked = await appointmentStartingSoon(request);
    const cookie = await checkInAtKiosk(page, context, request, booked);
    const count = checkin(page).locator('.kiosk-finish__count');
    await expect(count).toHaveText(/^Back to the start in (10|9|8) seconds\.$/);
    await expect(checkin(page).getByRole('button', { name: 'Done' })).toBeVisible();
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'kiosk-checkin-success-countdown');
    // It counts down on screen (time also runs on its own here: axe and the screenshot took some).
    const shown = Number(await count.getAttribute('data-remaining'));
    await page.clock.runFor(2000);
    await expect
      .poll(async () => Number(await count.getAttribute('data-remaining')))
      .toBeLessThanOrEqual(shown - 2);
    await page.clock.runFor(11_000);
    await expectNothingOf(page, request, booked, cookie);
    await expectBackShowsNothing(page, booked);
    await keepScreenshot(page, 'kiosk-checkin-after-finish');
  });

  test('Done ends the turn at once', async ({ page, context, request, baseURL }) => {
    await nameDevice(context, baseURL);
    const booked = await appointmentStartingSoon(request);
    const cookie = await checkInAtKiosk(page, context, request, booked);
    await checkin(page).getByRole('button', { name: 'Done' }).click();
    await expectNothingOf(page, request, booked, cookie);
    await expectBackShowsNothing(page, booked);
  });
});

test.describe('kiosk inactivity (spec 4 "Kiosk inactivity", R-4-kiosk-03..08)', () => {
  test('the device is named first; idle on the empty home does nothing for minutes; idle mid-check-in warns, counts 10 s down and clears the patient', async ({
    page,
    context,
    request,
  }) => {
    await page.clock.install();
    await page.goto('/kiosk?kioskMode=true');
    await frameReady(page);

    // R-5-14: the device name is required; Save stays disabled while it is empty.
    const device = page.getByRole('dialog', { name: 'Name this device' });
    await expect(device).toBeVisible();
    const save = device.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await device.getByLabel('Device name').fill('  ');
    await expect(save).toBeDisabled();
    await device.getByLabel('Device name').fill('Level 2 kiosk');
    await save.click();
    await expect(device).toBeHidden();
    const named = (await context.cookies()).find((c) => c.name === 'kioskIdentity');
    expect(decodeURIComponent(named?.value ?? '')).toBe('Level 2 kiosk');
    expect(named?.path).toBe('/');

    // Idle on the home: no warning, no reload, for several idle periods.
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    for (let minute = 0; minute < 8; minute += 1) {
      await page.clock.runFor(60_000);
      await expect(warning).toBeHidden();
    }
    expect(loads).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
    ).toBe(true);
    await expect(page).toHaveURL(KIOSK_HOME);

    // Idle in the middle of a check-in: the warning, its countdown, and at zero nothing of the patient.
    const booked = await appointmentStartingSoon(request);
    await checkInToConfirm(page, request, booked);
    const cookie = await sessionCookie(context);
    await page.clock.runFor(IDLE_MS + 500);
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('in 10 seconds');
    await keepScreenshot(page, 'kiosk-idle-mid-checkin-warning');
    await page.clock.runFor(5000);
    await expect(warning).toContainText('in 5 seconds');
    await page.clock.runFor(5500);
    await expectNothingOf(page, request, booked, cookie);
    await expectBackShowsNothing(page, booked);
  });
});
