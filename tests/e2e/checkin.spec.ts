import { expect, test, type Page, type Route } from '@playwright/test';
import { checkInState } from '../../widgets/checkin/checkin.fixtures';
import { expectNoAxeViolations } from './helpers';

/**
 * <imaging-checkin> on /check-in, each step on a phone and a kiosk tablet,
 * with axe at every step. The check-in API is answered by the test
 * (page.route, the shapes of src/contract/check-in.ts) until the server
 * half of issue 16 lands; everything else is the real server.
 */
const SHOTS = 'test-results/checkin';
const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

function state(patch: Record<string, unknown> = {}) {
  return checkInState({ showGenderSelection: true, mode: 'PREPARE_FIRST', ...patch });
}

async function stubCheckIn(
  page: Page,
  options: { several?: boolean; checkIn?: Record<string, unknown> } = {},
) {
  let polls = 0;
  const appointment = () => ({
    slug: 's1',
    bookingKey: 'K',
    examName: 'CT Brain',
    clinicName: 'Imaging North — Ryde',
    date: '2026-11-26T10:00:00+11:00',
    timeZone: 'Australia/Sydney',
    clinicPhone: '02 9876 5432',
    checkIn: state(options.checkIn),
  });
  await page.route('**/api/check_in/identity', (route) =>
    json(route, {
      appointmentBookingKeys: options.several ? ['a', 'b'] : ['h1'],
      samePatient: true,
      feedbackQuestionnaireAnswered: false,
      disabledReason: null,
    }),
  );
  await page.route('**/api/check_in/otp/send', (route) =>
    json(route, { channel: 'sms', sentTo: '•••• ••• 678', resendSeconds: 5 }),
  );
  await page.route('**/api/check_in/otp/validate', async (route) => {
    const body = route.request().postDataJSON() as { code: string };
    if (body.code === '000000')
      return json(route, { statusCode: 400, message: 'message.authentication_otp_error' }, 400);
    return json(route, { bookingKey: 'K' });
  });
  await page.route('**/api/secured/check_in/appointments', (route) => json(route, [appointment()]));
  await page.route('**/api/secured/appointments/s1/doctor_search**', (route) =>
    json(route, [
      {
        id: 'd1',
        name: 'Dr Ann Smith',
        providerNumber: '2345671A',
        practice: 'Ryde Family Practice',
        suburb: 'Ryde',
        postalCode: '2112',
        state: 'NSW',
      },
      {
        id: 'd2',
        name: 'Dr Bob Smithers',
        providerNumber: '3456782B',
        practice: 'Kogarah Medical',
        suburb: 'Kogarah',
        postalCode: '2217',
        state: 'NSW',
      },
    ]),
  );
  await page.route('**/api/secured/appointments/s1/check_in/prepare', (route) =>
    json(route, state({ checkInPrepared: true })),
  );
  await page.route('**/api/secured/appointments/s1/check_in/preparation_sent', (route) =>
    json(route, { checkInPreparedSent: true, checkInSent: false, checkInSuccess: false }),
  );
  await page.route('**/api/secured/appointments/s1/check_in/readiness', (route) =>
    json(route, {
      ready: true,
      requiredReferralUploaded: true,
      documentTypeId: null,
      message: null,
    }),
  );
  await page.route('**/api/secured/appointments/s1/check_in/sent', (route) =>
    json(route, { checkInPreparedSent: true, checkInSent: true, checkInSuccess: ++polls >= 2 }),
  );
  await page.route('**/api/secured/appointments/s1/check_in', (route) =>
    route.request().method() === 'POST'
      ? json(route, state({ checkInSent: true }))
      : json(route, state()),
  );
}

const element = (page: Page) => page.locator('imaging-checkin');
const stepIs = (page: Page, step: string) =>
  expect(element(page).locator('[part="checkin"]')).toHaveAttribute('data-step', step);

for (const device of [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'tablet', viewport: { width: 1080, height: 1920 } },
]) {
  test.describe(`check-in on a ${device.name}`, () => {
    test.use({ viewport: device.viewport });

    test('kiosk: identity, wrong then right code, confirm, form, processing, checked in', async ({
      page,
    }) => {
      await stubCheckIn(page);
      const shot = (name: string) =>
        page.screenshot({ path: `${SHOTS}/${device.name}-kiosk-${name}.png`, fullPage: true });
      await page.goto('/check-in?kioskMode=true');
      await stepIs(page, 'IDENTITY');
      await expect(page).toHaveURL(/step=IDENTITY/);
      await expectNoAxeViolations(page);
      await shot('1-identity');
      await page.getByLabel('Last name').fill('Nguyen');
      await page.getByLabel('Date of birth').fill('1984-06-15');
      await page.getByRole('button', { name: 'Send me a code' }).click();
      await stepIs(page, 'VERIFY_OTP');
      await page.getByLabel('6-digit code').fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(element(page).getByRole('alert')).toContainText('The code is incorrect');
      await expectNoAxeViolations(page);
      await shot('2-code-wrong');
      await page.getByLabel('6-digit code').fill('123456');
      await page.getByRole('button', { name: 'Verify' }).click();
      await stepIs(page, 'CONFIRM');
      await expectNoAxeViolations(page);
      await shot('3-confirm');
      await page.getByRole('button', { name: 'Yes, continue' }).click();
      await stepIs(page, 'FORM');
      const combo = page.getByRole('combobox', { name: 'Referring doctor' });
      await combo.pressSequentially('Smith');
      await expect(combo).toHaveAttribute('aria-expanded', 'true');
      await combo.press('ArrowDown');
      await expectNoAxeViolations(page);
      await shot('4-form-search');
      await combo.press('Enter');
      await page.getByLabel('Date of referral').fill('2026-11-01');
      await page.getByLabel('Medicare number').fill('2123 45670 1');
      await page.getByLabel('Individual reference number').fill('1');
      await page.getByLabel('Gender').selectOption('Female');
      await shot('5-form-filled');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(element(page).getByRole('dialog', { name: 'Please wait' })).toBeVisible();
      await shot('6-processing');
      await stepIs(page, 'SUCCESS');
      await expect(element(page).getByText('You are checked in').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await shot('7-success');
    });

    test('several matches end on the error step; too early says from when', async ({ page }) => {
      await stubCheckIn(page, { several: true });
      await page.goto('/check-in?kioskMode=true');
      await page.getByLabel('Last name').fill('Smith');
      await page.getByLabel('Date of birth').fill('1970-01-01');
      await page.getByRole('button', { name: 'Send me a code' }).click();
      await stepIs(page, 'ERROR');
      await expect(element(page).getByRole('alert')).toContainText('more than one match');
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/${device.name}-error-several.png`, fullPage: true });

      const early = await page.context().newPage();
      await stubCheckIn(early, { checkIn: { canCheckIn: false, disabledReason: 'TOO_EARLY' } });
      await early.goto('/check-in?bookingKey=K&slug=s1');
      await early.getByRole('button', { name: 'Yes, continue' }).click();
      await stepIs(early, 'COMPLETE');
      await expect(element(early)).toContainText('Check-in opens at 9:00');
      await expectNoAxeViolations(early);
      await early.screenshot({ path: `${SHOTS}/${device.name}-too-early.png`, fullPage: true });

      const late = await page.context().newPage();
      await stubCheckIn(late, {
        checkIn: { canCheckIn: false, disabledReason: 'TOO_LATE', mode: 'SIMPLE' },
      });
      await late.goto('/check-in?bookingKey=K&slug=s1');
      await late.getByRole('button', { name: 'Yes, continue' }).click();
      await stepIs(late, 'COMPLETE');
      await expect(element(late).getByRole('link', { name: /Call reception/ })).toHaveAttribute(
        'href',
        'tel:0298765432',
      );
      await late.screenshot({ path: `${SHOTS}/${device.name}-too-late.png`, fullPage: true });
    });

    test('simple mode: a confirmation modal, then checked in', async ({ page }) => {
      await stubCheckIn(page, { checkIn: { mode: 'SIMPLE' } });
      await page.goto('/check-in?bookingKey=K&slug=s1');
      await page.getByRole('button', { name: 'Yes, continue' }).click();
      const modal = element(page).getByRole('dialog', { name: 'Check in now?' });
      await expect(modal).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/${device.name}-simple-confirm.png`, fullPage: true });
      await modal.getByRole('button', { name: 'Check in' }).click();
      await stepIs(page, 'SUCCESS');
    });
  });
}
