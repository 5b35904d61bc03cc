import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from './helpers';
import { answerSafetyQuestionnaires } from './questionnaire-helpers';

/**
 * Patient authentication journeys (spec 4 "Authentication") against
 * the real server. With E2E_SMTP_PORT and E2E_SMTP_FILE set (see the
 * report), codes are read from e-mails the server really sent through SMTP to
 * tests/e2e/smtp-sink.mjs; otherwise from the development mailbox.
 */

const DOB = { day: '15', month: '6', year: '1984', iso: '1984-06-15' };
let mailCounter = 0;

const auth = (page: Page) => page.locator('imaging-auth');
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

interface Booked {
  bookingKey: string;
  email: string;
}

function patient(email: string) {
  return {
    firstName: 'Ava',
    lastName: 'Nguyen',
    dateOfBirth: DOB.iso,
    email,
    contactNumber: '0412345678',
    sex: 'FEMALE',
    postalCode: '2000',
  };
}

function uniqueEmail(): string {
  mailCounter += 1;
  return `ava.${Date.now().toString(36)}.${mailCounter}@example.org`;
}

/** Books the next free MRI knee through the API (its own request context: no cookie reaches the page). */
async function bookAppointment(request: APIRequestContext): Promise<Booked> {
  const clinics = (await (await request.get('/api/booking/clinics?examSlug=mri-knee')).json()) as {
    id: number;
  }[];
  const slotResponse = await request.get(
    `/api/booking/find_next_available?examSlug=mri-knee&clinicIds=${clinics.map((c) => c.id).join(',')}`,
  );
  expect(slotResponse.status()).toBe(200);
  const slot = (await slotResponse.json()) as {
    clinicId: number;
    deviceId: number;
    startDateTime: string;
  };
  const { bookingKey } = (await (await request.post('/api/booking/booking_key')).json()) as {
    bookingKey: string;
  };
  const email = uniqueEmail();
  await answerSafetyQuestionnaires(request, bookingKey, ['mri-knee']);
  const res = await request.post('/api/booking/appointments', {
    data: {
      bookingKey,
      examSlug: 'mri-knee',
      clinicId: slot.clinicId,
      deviceId: slot.deviceId,
      startDateTime: slot.startDateTime,
      patient: patient(email),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { bookingKey, email };
}

async function bookRequest(request: APIRequestContext): Promise<Booked> {
  const clinics = (await (
    await request.get('/api/booking/clinics?examSlug=mri-breast')
  ).json()) as {
    id: number;
  }[];
  const { bookingKey } = (await (await request.post('/api/booking/booking_key')).json()) as {
    bookingKey: string;
  };
  const email = uniqueEmail();
  await answerSafetyQuestionnaires(request, bookingKey, ['mri-breast']);
  const res = await request.post('/api/booking/booking_requests', {
    data: {
      bookingKey,
      examSlugs: ['mri-breast'],
      clinicId: clinics[0]?.id,
      patient: patient(email),
      note: '',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { bookingKey, email };
}

const CODE = /verification code is (\d{6})/;

/**
 * The newest one-time code sent to `email` (other than `previous`): from the
 * e-mails the SMTP sink received, else from the development mailbox.
 */
async function codeFor(
  request: APIRequestContext,
  email: string,
  previous?: string,
): Promise<string> {
  const file = process.env.E2E_SMTP_FILE;
  const newest = async (): Promise<string | undefined> => {
    if (file) {
      if (!existsSync(file)) return undefined;
      const mails = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string[]; raw: string })
        .filter((mail) => mail.to.includes(email.toLowerCase()));
      return mails
        .reverse()
        .map((mail) => CODE.exec(mail.raw)?.[1])
        .find(Boolean);
    }
    const { messages } = (await (await request.get('/api/dev/mailbox')).json()) as {
      messages: { recipient: string; body: string }[];
    };
    return messages
      .filter((m) => m.recipient.toLowerCase() === email.toLowerCase())
      .map((m) => CODE.exec(m.body)?.[1])
      .find(Boolean);
  };
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        code = await newest();
        return code !== undefined && code !== previous;
      },
      { timeout: 15_000, message: `a new code for ${email}` },
    )
    .toBe(true);
  return code!;
}

/** The session as the page's own scripts see it (the partitioned cookie included). */
function authenticatedInPage(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const response = await fetch('/api/authenticated', { credentials: 'include' });
    return ((await response.json()) as { authenticated: boolean }).authenticated;
  });
}

function authUrl(bookingKey: string, kind: 'appointment' | 'request' = 'appointment'): string {
  return kind === 'appointment'
    ? `/authentication?bookingKey=${bookingKey}&returnUrl=/appointments/${bookingKey}&type=APPOINTMENT`
    : `/authentication?bookingKey=${bookingKey}&type=BOOKING_REQUEST&isBookingRequest=true&returnUrl=/booking-requests/${bookingKey}`;
}

async function enterDateOfBirth(page: Page, dob = DOB) {
  const form = dialog(page, 'View your appointment');
  await form.getByLabel('Day').fill(dob.day);
  await form.getByLabel('Month').fill(dob.month);
  await form.getByLabel('Year').fill(dob.year);
  await form.getByRole('button', { name: 'Send code' }).click();
}

test.describe('patient authentication', () => {
  test('R-4-auth-01..05: date of birth, the code from the e-mail, then the appointment page', async ({
    page,
    request,
  }) => {
    const booked = await bookAppointment(request);
    await page.goto(authUrl(booked.bookingKey));
    const first = dialog(page, 'View your appointment');
    await expect(first).toBeVisible();
    await expect(first.getByLabel('Contact number (optional)')).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'auth-1-date-of-birth');
    await enterDateOfBirth(page);
    const codeDialog = dialog(page, 'Enter your code');
    await expect(codeDialog).toBeVisible();
    await expect(codeDialog).toContainText('by e-mail to a•••@example.org');
    await expect(
      codeDialog.getByRole('button', { name: /Send a new code in \d s/ }),
    ).toBeDisabled();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'auth-2-code');
    const code = await codeFor(request, booked.email);
    await codeDialog.getByLabel('6-digit code').fill(code);
    await codeDialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${booked.bookingKey}$`));
    expect(await authenticatedInPage(page)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('R-4-auth-11: the link from the e-mail (/appointments/{key}) leads through authentication and back', async ({
    page,
    request,
  }) => {
    const booked = await bookAppointment(request);
    await page.goto(`/appointments/${booked.bookingKey}`);
    await expect(page).toHaveURL(/\/authentication\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('bookingKey')).toBe(booked.bookingKey);
    expect(url.searchParams.get('type')).toBe('APPOINTMENT');
    await enterDateOfBirth(page);
    const codeDialog = dialog(page, 'Enter your code');
    await codeDialog.getByLabel('6-digit code').fill(await codeFor(request, booked.email));
    await codeDialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${booked.bookingKey}$`));
    expect(await authenticatedInPage(page)).toBe(true);
    await expect(page.locator('imaging-appointment')).toBeVisible();
    await expect(page.locator('imaging-appointment').getByText(/^Loading/)).toHaveCount(0);
    await expect(page.locator('imaging-appointment h1')).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'auth-6-appointment-after-login');
  });

  test('keyboard only: Tab and type through both dialogs', async ({ page, request }) => {
    const booked = await bookAppointment(request);
    await page.goto(authUrl(booked.bookingKey));
    await expect(dialog(page, 'View your appointment')).toBeVisible();
    // The day field has the focus when the dialog opens.
    await expect(auth(page).getByLabel('Day')).toBeFocused();
    await page.keyboard.type(DOB.day);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DOB.month);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DOB.year);
    await page.keyboard.press('Enter');
    await expect(dialog(page, 'Enter your code')).toBeVisible();
    await expect(auth(page).getByLabel('6-digit code')).toBeFocused();
    await page.keyboard.type(await codeFor(request, booked.email));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/appointments/${booked.bookingKey}$`));
  });

  test('R-5-08 R-5-09: resend counts down, sends a second e-mail, and only the new code works', async ({
    page,
    request,
  }) => {
    const booked = await bookAppointment(request);
    await page.goto(authUrl(booked.bookingKey));
    await enterDateOfBirth(page);
    const codeDialog = dialog(page, 'Enter your code');
    const first = await codeFor(request, booked.email);
    const resend = codeDialog.getByRole('button', { name: 'Send a new code', exact: true });
    await expect(resend).toBeEnabled({ timeout: 8000 });
    await resend.click();
    await expect(
      codeDialog.getByRole('button', { name: /Send a new code in \d s/ }),
    ).toBeDisabled();
    const second = await codeFor(request, booked.email, first);
    await codeDialog.getByLabel('6-digit code').fill(first);
    await codeDialog.getByRole('button', { name: 'Verify' }).click();
    await expect(codeDialog.getByRole('alert')).toContainText('The code is incorrect');
    await codeDialog.getByLabel('6-digit code').fill(second);
    await codeDialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${booked.bookingKey}$`));
  });

  test('R-8-02 R-4-auth-10: a wrong code five times ends on the deny page', async ({
    page,
    request,
  }) => {
    const booked = await bookAppointment(request);
    await page.goto(authUrl(booked.bookingKey));
    await enterDateOfBirth(page);
    const codeDialog = dialog(page, 'Enter your code');
    const code = await codeFor(request, booked.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 4; i += 1) {
      await codeDialog.getByLabel('6-digit code').fill(wrong);
      await codeDialog.getByRole('button', { name: 'Verify' }).click();
      await expect(codeDialog.getByLabel('6-digit code')).toHaveAttribute('aria-invalid', 'true');
      await expect(codeDialog.getByRole('alert')).toContainText('The code is incorrect');
      // Warned before the block, with the tries left.
      await expect(codeDialog.getByRole('alert')).toContainText(
        5 - i === 1 ? 'You have 1 more try' : `You have ${5 - i} more tries`,
      );
      await expect(codeDialog.getByLabel('6-digit code')).toHaveValue('');
      if (i === 1) {
        await expectNoAxeViolations(page);
        await keepScreenshot(page, 'auth-3-wrong-code');
      }
    }
    await codeDialog.getByLabel('6-digit code').fill(wrong);
    await codeDialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/deny\?maxAttempts=true$/);
    await expect(page.locator('imaging-deny')).toContainText('Too many attempts');
    // A way to reach the clinic at once: tap-to-call links.
    const call = page
      .locator('imaging-deny')
      .getByRole('link', { name: /Harbour Imaging Sydney CBD/ });
    await expect(call).toHaveAttribute('href', /^tel:\+?\d{8,}$/);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'deny-max-attempts');
  });

  test('R-8-01 R-4-auth-10: wrong dates of birth show the error, the fifth ends on the deny page', async ({
    page,
    request,
  }) => {
    const booked = await bookAppointment(request);
    await page.goto(authUrl(booked.bookingKey));
    const form = dialog(page, 'View your appointment');
    for (let i = 1; i <= 4; i += 1) {
      await enterDateOfBirth(page, { ...DOB, day: '16' });
      await expect(form.getByRole('alert')).toContainText('We could not verify your details');
      await expect(form.getByRole('alert')).toContainText(
        5 - i === 1 ? 'You have 1 more try' : `You have ${5 - i} more tries`,
      );
    }
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'auth-4-wrong-date-of-birth');
    await enterDateOfBirth(page, { ...DOB, day: '16' });
    await expect(page).toHaveURL(/\/deny\?maxAttempts=true$/);
    // The right date now is refused too (the limit is per booking key, in the database).
    await page.goto(authUrl(booked.bookingKey));
    await enterDateOfBirth(page);
    await expect(page).toHaveURL(/\/deny\?maxAttempts=true$/);
  });

  test('R-5-01 R-5-02: validation errors are tied to the fields', async ({ page, request }) => {
    const booked = await bookAppointment(request);
    await page.goto(authUrl(booked.bookingKey));
    const form = dialog(page, 'View your appointment');
    await form.getByLabel('Day').fill('1');
    await form.getByLabel('Month').fill('1');
    await form.getByLabel('Year').fill('2099');
    await form.getByLabel('Contact number (optional)').fill('04123456789');
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect(form.getByLabel('Day')).toHaveAccessibleDescription(
      'Date of birth cannot be in the future.',
    );
    await expect(form.getByLabel('Contact number (optional)')).toHaveAccessibleDescription(
      /Please enter a valid contact number\./,
    );
    await expect(form.getByLabel('Day')).toBeFocused();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'auth-5-validation');
  });

  test('R-4-auth-04: a booking request logs in with the date of birth alone', async ({
    page,
    request,
  }) => {
    const booked = await bookRequest(request);
    await page.goto(authUrl(booked.bookingKey, 'request'));
    const form = dialog(page, 'View your booking request');
    await expect(form).toBeVisible();
    await form.getByLabel('Day').fill(DOB.day);
    await form.getByLabel('Month').fill(DOB.month);
    await form.getByLabel('Year').fill(DOB.year);
    await form.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`/booking-requests/${booked.bookingKey}$`));
    await expect(page.locator('imaging-booking-request h1')).toHaveText('Booking request sent');
    await expect.poll(() => authenticatedInPage(page)).toBe(true);
  });

  test('on a phone the dialogs fit and stay accessible', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const booked = await bookAppointment(request);
    await page.goto(authUrl(booked.bookingKey));
    await expect(dialog(page, 'View your appointment')).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'auth-phone-1-date-of-birth');
    await enterDateOfBirth(page);
    await expect(dialog(page, 'Enter your code')).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'auth-phone-2-code');
  });
});

test.describe('deny page (spec 4 "Deny page message by input", 8)', () => {
  const cases: [string, string][] = [
    ['?status=EXPIRED', 'This link has expired.'],
    ['?status=EXPIRED_PATIENT', 'This link has expired.'],
    ['?status=CANCELED', 'This appointment has been cancelled.'],
    ['?status=DECLINED_BY_PATIENT', 'You declined this appointment.'],
    ['?status=REMOVED_BY_OPERATOR', 'This booking was removed by our staff.'],
    ['?status=DELETED', 'This booking was removed by our staff.'],
    ['?status=ON_HOLD', 'waiting for a radiologist'],
    ['?status=OTHER', 'Access to this booking is restricted.'],
    ['?revoked=true', 'Access to these results has been revoked.'],
    ['?maxAttempts=true&message=max_attempts_reached_shared', 'open these shared results'],
    ['?resultsExpired=true', 'no longer available online'],
    ['?customMessage=Please%20call%20the%20clinic', 'Please call the clinic'],
    ['', 'There was a problem opening this page.'],
  ];
  test('R-4-deny-01..11: every message by input', async ({ page }) => {
    for (const [search, text] of cases) {
      await page.goto(`/deny${search}`);
      await expect(page.locator('imaging-deny [part=message]')).toContainText(text);
    }
  });

  test('R-4-deny-12: Close links to redirectUrl only with showClose=true', async ({ page }) => {
    // The provider's own site (radiology homeUrl); a foreign address from a crafted link gets none.
    await page.goto(
      '/deny?status=CANCELED&showClose=true&redirectUrl=https://www.harbour-imaging.example/',
    );
    await expect(page.getByRole('link', { name: 'Close' })).toHaveAttribute(
      'href',
      'https://www.harbour-imaging.example/',
    );
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'deny-canceled-close');
    await page.goto('/deny?status=CANCELED&redirectUrl=https://www.harbour-imaging.example/');
    await expect(page.locator('imaging-deny [part=message]')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Close' })).toHaveCount(0);
    await page.goto('/deny?status=CANCELED&showClose=true&redirectUrl=https://evil.example/');
    await expect(page.locator('imaging-deny [part=message]')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Close' })).toHaveCount(0);
  });
});
