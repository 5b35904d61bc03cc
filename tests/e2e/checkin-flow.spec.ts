import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { appointmentStartingSoon as book, codeFor, type Booked } from './checkin-helpers';
import { expectNoAxeViolations, keepScreenshot, logInAs, mailsTo } from './helpers';

/**
 * Check-in gaps of issue 16 against the real server (nothing stubbed):
 * Back and Forward between steps, the feedback step, the referral uploaded
 * during and after check-in, the error step, too early and too late. Each
 * asserts what the server holds afterwards. Appointments come from the
 * development route at Sydney CBD (check-in opens 90 minutes before the
 * start and closes 30 minutes after); exams and start minutes are spread
 * so that the clinic's devices (two X-ray, CT and MRI, three ultrasound)
 * always have a free one, beside checkin-journey.spec.ts's X-rays.
 */
const element = (page: Page) => page.locator('imaging-checkin');
const stepIs = (page: Page, step: string) =>
  expect(element(page).locator('[part="checkin"]')).toHaveAttribute('data-step', step, {
    timeout: 15_000,
  });
const urlStep = (page: Page) => new URL(page.url()).searchParams.get('step');
const PDF = 'tests/fixtures/attachments/referral.pdf';
const PNG = 'tests/fixtures/attachments/referral-photo.png';
const SYDNEY = 'Australia/Sydney';

/** Minutes since midnight in Sydney now (the clinic's day decides "today"). */
function sydneyMinutes(): number {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: SYDNEY,
  })
    .format(new Date())
    .split(':')
    .map(Number);
  return h! * 60 + m!;
}

async function setCheckIn(request: APIRequestContext, settings: Record<string, unknown>) {
  const res = await request.patch('/api/dev/config/checkIn', { data: settings });
  expect(res.status()).toBe(204);
}
const DEFAULTS = {
  mode: 'SIMPLE',
  requireReferralBeforeCheckIn: false,
  feedbackRequired: false,
};

/** A call of the patient's session from the browser (its cookie as a patient's browser holds it). */
async function held<T>(page: Page, path: string): Promise<{ status: number; body: T | null }> {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { credentials: 'include' });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as T) : null };
  }, path);
}
interface HeldState {
  canCheckIn: boolean;
  disabledReason: string | null;
  opensAt: string;
  checkInPrepared: boolean;
  checkInSent: boolean;
  checkInSuccess: boolean;
}
const heldState = async (page: Page, slug: string) =>
  (await held<HeldState>(page, `/api/secured/appointments/${slug}/check_in`)).body!;

/** Opens the check-in link with the patient's session (the development login stands in for the code). */
async function openLink(page: Page, booked: Booked) {
  await logInAs(page, booked.bookingKey);
  await page.goto(`/check-in?bookingKey=${booked.bookingKey}`);
  await stepIs(page, 'CONFIRM');
}

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.afterEach(async ({ request }) => setCheckIn(request, DEFAULTS));

  test('Back from the form keeps what was typed; after check-in Back never shows an earlier step', async ({
    page,
    request,
  }) => {
    await setCheckIn(request, { mode: 'PREPARE_FIRST' });
    const booked = await book(request, 55, 'ct-brain');
    await openLink(page, booked);
    expect(urlStep(page)).toBe('CONFIRM');
    await page.getByRole('button', { name: 'Yes, continue' }).click();
    await stepIs(page, 'FORM');
    expect(urlStep(page)).toBe('FORM');
    await page.getByLabel('Date of referral').fill('2026-11-02');
    await page.getByLabel('Medicare number').fill('2123 45670 1');
    await page.getByLabel('Individual reference number').fill('2');

    await page.goBack();
    await stepIs(page, 'CONFIRM');
    expect(urlStep(page)).toBe('CONFIRM');
    await page.goForward();
    await stepIs(page, 'FORM');
    await expect(page.getByLabel('Date of referral')).toHaveValue('2026-11-02');
    await expect(page.getByLabel('Medicare number')).toHaveValue('2123 45670 1');
    await expect(page.getByLabel('Individual reference number')).toHaveValue('2');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'checkin-flow-phone-form-after-back');
    // Going back and forth sent nothing: the server holds no form yet.
    expect(await heldState(page, booked.slug)).toMatchObject({
      checkInPrepared: false,
      checkInSent: false,
    });

    // The rest as a patient would: the referrer from the search, then check in.
    const referrer = page.getByRole('combobox', { name: 'Referring doctor' });
    await referrer.fill('smi');
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await stepIs(page, 'SUCCESS');
    expect(await heldState(page, booked.slug)).toMatchObject({
      checkInPrepared: true,
      checkInSuccess: true,
    });
    await page.goBack();
    await expect.poll(() => urlStep(page)).toBe('SUCCESS');
    await stepIs(page, 'SUCCESS');
    await expect(page.getByLabel('Medicare number')).toHaveCount(0);
    await expect(element(page).getByText('You are checked in').first()).toBeVisible();
    await page.goBack();
    await stepIs(page, 'SUCCESS');
    await expect(page.getByRole('button', { name: 'Yes, continue' })).toHaveCount(0);
  });

  test('R-4-checkin-16: the clinic needs the referral first; the patient uploads a PDF during check-in', async ({
    page,
    request,
  }) => {
    await setCheckIn(request, { requireReferralBeforeCheckIn: true });
    const booked = await book(request, -10, 'ct-chest');
    await openLink(page, booked);
    await page.getByRole('button', { name: 'Yes, continue' }).click();
    await element(page)
      .getByRole('dialog', { name: 'Check in now?' })
      .getByRole('button', { name: 'Check in' })
      .click();
    const upload = element(page).getByRole('dialog', { name: 'Upload your referral' });
    await expect(upload).toBeVisible();
    expect(await heldState(page, booked.slug)).toMatchObject({ checkInSent: false });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'tests/e2e/screenshots/checkin-flow-phone-upload-referral.png' });
    await upload.locator('input[type=file]:not([capture])').first().setInputFiles(PDF);
    await expect(upload.getByRole('status')).toContainText('referral.pdf is uploaded.');
    await upload.getByRole('button', { name: 'Done' }).click();
    await stepIs(page, 'SUCCESS');
    await keepScreenshot(page, 'checkin-flow-phone-success-after-upload');

    const documents = await held<unknown>(
      page,
      `/api/secured/appointments/${booked.slug}/attachments/response`,
    );
    expect(JSON.stringify(documents.body)).toContain('referral.pdf');
    const readiness = await held<{ requiredReferralUploaded: boolean }>(
      page,
      `/api/secured/appointments/${booked.slug}/check_in/readiness`,
    );
    expect(readiness.body).toMatchObject({ requiredReferralUploaded: true });
    expect(await heldState(page, booked.slug)).toMatchObject({ checkInSuccess: true });
  });

  test('checked in without a referral: the success screen offers the upload (an image)', async ({
    page,
    request,
  }) => {
    const booked = await book(request, 85, 'ct-brain');
    await openLink(page, booked);
    await page.getByRole('button', { name: 'Yes, continue' }).click();
    await element(page)
      .getByRole('dialog', { name: 'Check in now?' })
      .getByRole('button', { name: 'Check in' })
      .click();
    await stepIs(page, 'SUCCESS');
    await expect(element(page).getByText('We do not have your referral yet.')).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'checkin-flow-phone-success-offers-referral');
    await element(page).getByRole('button', { name: 'Upload your referral' }).click();
    const upload = element(page).getByRole('dialog', { name: 'Upload your referral' });
    await upload.locator('input[type=file]:not([capture])').first().setInputFiles(PNG);
    await expect(upload.getByRole('status')).toContainText('referral-photo.png is uploaded.');
    await upload.getByRole('button', { name: 'Done' }).click();
    await expect(element(page).getByText('we have received your referral')).toBeVisible();
    await expect(element(page).getByRole('button', { name: 'Upload your referral' })).toHaveCount(
      0,
    );
    const documents = await held<unknown>(
      page,
      `/api/secured/appointments/${booked.slug}/attachments/response`,
    );
    expect(JSON.stringify(documents.body)).toContain('referral-photo.png');
    expect(await heldState(page, booked.slug)).toMatchObject({ checkInSuccess: true });
  });

  test('R-4-checkin-02: feedback when required comes before confirm, and the server keeps it', async ({
    page,
    request,
  }) => {
    await setCheckIn(request, { feedbackRequired: true });
    const booked = await book(request, 20, 'mri-knee');
    await logInAs(page, booked.bookingKey);
    await page.goto(`/check-in?bookingKey=${booked.bookingKey}`);
    await stepIs(page, 'FEEDBACK');
    await expect(element(page).getByRole('heading', { name: 'How was your visit?' })).toBeVisible();
    expect(await heldState(page, booked.slug)).toMatchObject({ checkInSent: false });
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'checkin-flow-phone-feedback');
    await element(page).getByRole('radiogroup').first().getByRole('radio').last().check();
    await element(page).getByRole('button', { name: 'Send and continue' }).click();
    await stepIs(page, 'CONFIRM');
    // Answered: Back does not show the questions again.
    await page.goBack();
    await stepIs(page, 'CONFIRM');
    expect((await held(page, `/api/secured/appointments/${booked.slug}/feedback`)).status).toBe(
      204,
    );
    await page.getByRole('button', { name: 'Yes, continue' }).click();
    await element(page)
      .getByRole('dialog', { name: 'Check in now?' })
      .getByRole('button', { name: 'Check in' })
      .click();
    await stepIs(page, 'SUCCESS');
    expect(await heldState(page, booked.slug)).toMatchObject({ checkInSuccess: true });
  });

  test('R-4-checkin-17: too early, the screen says from what time; nothing is checked in', async ({
    page,
    request,
  }) => {
    // Later today in Sydney but before the window (it opens 90 minutes before the start).
    const untilMidnight = 24 * 60 - sydneyMinutes();
    const start = Math.min(125, untilMidnight - 31);
    test.skip(start < 95, 'too close to midnight in Sydney for a visit later today');
    const booked = await book(request, start, 'xray-knee');
    await openLink(page, booked);
    await page.getByRole('button', { name: 'Yes, continue' }).click();
    await stepIs(page, 'COMPLETE');
    const state = await heldState(page, booked.slug);
    const opens = new Intl.DateTimeFormat('en-AU', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: SYDNEY,
    }).format(new Date(state.opensAt));
    await expect(element(page)).toContainText(
      `Check-in opens at ${opens} (90 minutes before your appointment).`,
    );
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'checkin-flow-phone-too-early');
    expect(state).toMatchObject({
      canCheckIn: false,
      disabledReason: 'TOO_EARLY',
      checkInSent: false,
      checkInSuccess: false,
    });
  });

  test('R-8-30: too late (the appointment is past), call reception; nothing is checked in', async ({
    page,
    request,
  }) => {
    // Earlier today in Sydney, its window (30 minutes after the start) closed.
    const since = sydneyMinutes();
    const start = -Math.min(60, since - 5);
    test.skip(start > -35, 'too close to midnight in Sydney for a visit earlier today');
    const booked = await book(request, start, 'xray-knee');
    await openLink(page, booked);
    await page.getByRole('button', { name: 'Yes, continue' }).click();
    await stepIs(page, 'COMPLETE');
    await expect(element(page)).toContainText('It is too late to check in online.');
    await expect(element(page)).toContainText('call or see reception');
    await expect(
      element(page).getByRole('link', { name: 'Call reception on (02) 5550 0101' }),
    ).toHaveAttribute('href', 'tel:0255500101');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'checkin-flow-phone-too-late');
    expect(await heldState(page, booked.slug)).toMatchObject({
      canCheckIn: false,
      disabledReason: 'TOO_LATE',
      checkInSent: false,
      checkInSuccess: false,
    });
  });
});

test.describe('at the kiosk (1080×1920)', () => {
  test.use({ viewport: { width: 1080, height: 1920 } });

  test('Back from the code returns to the name and date of birth as typed; after the code it cannot', async ({
    page,
    request,
  }) => {
    const booked = await book(request, 60, 'mri-brain');
    await page.goto('/check-in?kioskMode=true');
    await stepIs(page, 'IDENTITY');
    await page.getByLabel('Last name').fill(booked.lastName);
    await page.getByLabel('Date of birth').fill('1979-02-03');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await stepIs(page, 'VERIFY_OTP');
    await page.goBack();
    await stepIs(page, 'IDENTITY');
    await expect(page.getByLabel('Last name')).toHaveValue(booked.lastName);
    await expect(page.getByLabel('Date of birth')).toHaveValue('1979-02-03');
    await page.goForward();
    await stepIs(page, 'VERIFY_OTP');
    await page.getByLabel('6-digit code').fill(await codeFor(request, booked.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await stepIs(page, 'CONFIRM');
    // The code was used: Back stays on confirm (no code step, no identity step).
    await page.goBack();
    await stepIs(page, 'CONFIRM');
    await expect.poll(() => urlStep(page)).toBe('CONFIRM');
    await expectNoAxeViolations(page);
  });

  test('R-8-31: several bookings for one name and date of birth end on the error step; nothing changes', async ({
    page,
    request,
  }) => {
    const first = await book(request, -25, 'us-abdomen');
    const tag = randomBytes(3).toString('hex');
    // A second booking of the same person (another booking key), later today.
    const res = await request.post('/api/dev/appointments', {
      data: {
        startsInMinutes: 10,
        clinicSlug: 'sydney-cbd',
        examSlug: 'us-pelvis',
        firstName: 'Ava',
        lastName: first.lastName,
        dateOfBirth: '1979-02-03',
        email: `ava.second.${tag}@example.org`,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const second = (await res.json()) as { bookingKey: string; slug: string };
    await page.goto('/check-in?kioskMode=true');
    await page.getByLabel('Last name').fill(first.lastName);
    await page.getByLabel('Date of birth').fill('1979-02-03');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await stepIs(page, 'ERROR');
    await expect(element(page).getByRole('alert')).toBeVisible();
    await expect(element(page).getByRole('button', { name: 'Start again' })).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'checkin-flow-kiosk-error');
    // No code was sent, and neither appointment is checked in.
    expect(
      (await mailsTo(request, first.email)).filter((m) => /verification code/i.test(m)),
    ).toEqual([]);
    for (const booking of [first, second]) {
      await logInAs(page, booking.bookingKey);
      expect(await heldState(page, booking.slug)).toMatchObject({
        checkInPrepared: false,
        checkInSent: false,
        checkInSuccess: false,
      });
    }
  });
});
