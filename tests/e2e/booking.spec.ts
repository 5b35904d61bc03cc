import { expect, test, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  frameReady,
  keepScreenshot,
  mailsTo,
  fillPatientDetails,
} from './helpers';
import { passQuestionnaires } from './questionnaire-helpers';

const booking = (page: Page) => page.locator('imaging-booking');
const confirmation = (page: Page) => page.locator('imaging-appointment');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Exam step → clinic step → time step, for one exam at one clinic. */
async function reachSlots(
  page: Page,
  modality: string,
  exam: string,
  region: string,
  clinic: string,
  shots?: string,
) {
  await page.goto('/');
  await frameReady(page);
  await expect(heading(page, 'Choose your scan')).toBeVisible();
  await booking(page).getByRole('button', { name: modality, exact: true }).click();
  await booking(page).getByRole('button', { name: exam, exact: true }).click();
  if (shots) {
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `${shots}-1-exam`);
  }
  await booking(page).getByRole('button', { name: 'Continue' }).click();
  await passQuestionnaires(page);
  await expect(heading(page, 'Choose a clinic')).toBeVisible();
  await expect(page).toHaveURL(/\/select-region\?/);
  await booking(page).getByLabel('Region').selectOption({ label: region });
  const choose = booking(page).getByRole('button', { name: `Choose ${clinic}` });
  if (shots) {
    await expect(choose).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `${shots}-2-clinic`);
  }
  await choose.click();
  await expect(heading(page, 'Choose a time')).toBeVisible();
  await expect(page).toHaveURL(/\/select-clinic\?/);
}

/** Shows a week with free times (this week may have none left). */
async function showFirstFreeSlot(page: Page) {
  const slots = booking(page).locator('button.slot');
  await expect(booking(page).getByText(/Loading free times/)).toHaveCount(0);
  if ((await slots.count()) === 0) {
    await booking(page).getByRole('button', { name: 'Find next available' }).click();
  }
  await expect(slots.first()).toBeVisible();
  return slots;
}

async function chooseFirstFreeSlot(page: Page): Promise<string> {
  const slots = await showFirstFreeSlot(page);
  const name = (await slots.first().getAttribute('aria-label')) ?? '';
  await slots.first().click();
  await expect(slots.first()).toHaveAttribute('aria-pressed', 'true');
  return name;
}

async function fillPatient(page: Page) {
  await fillPatientDetails(booking(page), {
    firstName: 'Mia',
    lastName: 'Thompson',
    dateOfBirth: '1984-06-15',
    email: 'mia.thompson@example.org',
    postCode: '6000',
  });
}

test.describe('booking a scan', () => {
  test('R-2.4 booking flow: an X-ray at a Perth clinic, times in the clinic zone, booking key and calendar file', async ({
    page,
  }) => {
    await reachSlots(page, 'X-Ray', 'Chest X-ray', 'Perth', 'Harbour Imaging Perth CBD', 'desktop');
    await expect(booking(page).getByText(/AWST/).first()).toBeVisible(); // the device is on UTC
    await expectNoAxeViolations(page);
    const slotName = await chooseFirstFreeSlot(page);
    expect(slotName).toMatch(/AWST/);
    await expect(page).toHaveURL(/startTime=/);
    await keepScreenshot(page, 'desktop-3-slots');
    await booking(page).getByRole('button', { name: 'Continue' }).click();
    await expect(heading(page, 'Your details')).toBeVisible();
    await fillPatient(page);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'desktop-4-form');
    await booking(page).getByRole('button', { name: 'Book appointment' }).click();

    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    // The confirmation is the appointment page; the booking key is its reference.
    const key = (
      await confirmation(page).locator('.appointment__reference').first().innerText()
    ).trim();
    expect(key).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    await expect(page).toHaveURL(new RegExp(`/appointments/${key}`));
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'desktop-5-confirmed');

    const calendarHref = await confirmation(page)
      .getByRole('link', { name: /Add to calendar/ })
      .getAttribute('href');
    // The appointment page's calendar file is secured: the browser's session cookie of the new booking goes with it.
    const ics = await page.evaluate(async (href) => {
      const res = await fetch(href, { credentials: 'include' });
      return { type: res.headers.get('content-type') ?? '', body: await res.text() };
    }, calendarHref!);
    expect(ics.type).toContain('text/calendar');
    const body = ics.body;
    expect(body).toContain('DTSTART;TZID=Australia/Perth:');
    expect(body).toContain('Chest X-ray');
  });

  test('R-5 booking form: errors are tied to their fields, focus goes to the first, nothing typed is lost', async ({
    page,
  }) => {
    await reachSlots(page, 'X-Ray', 'X-ray Knee', 'Sydney', 'Harbour Imaging Bondi Junction');
    await chooseFirstFreeSlot(page);
    await booking(page).getByRole('button', { name: 'Continue' }).click();
    await expect(heading(page, 'Your details')).toBeVisible();
    const form = booking(page);
    await form.getByLabel('First name').fill('Noah');
    await form.getByLabel('Date of birth').fill('2099-01-01');
    await form.getByRole('button', { name: 'Book appointment' }).click();
    const lastName = form.getByLabel('Last name');
    await expect(lastName).toBeFocused();
    await expect(lastName).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await lastName.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    await expect(form.getByLabel('First name')).toHaveValue('Noah');
    await expect(form.getByLabel('Date of birth')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'booking-form-errors');
  });

  test('R-8 slot conflict: a second browser takes the slot first; the error modal leads back to the slots without it', async ({
    page,
    browser,
  }) => {
    const exam = [
      'X-Ray',
      'X-ray Hand and wrist',
      'Auckland',
      'Harbour Imaging Newmarket',
    ] as const;
    await reachSlots(page, ...exam);
    await showFirstFreeSlot(page);

    // A second patient, in another browser, takes that time and books it.
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const otherPage = await other.newPage();
    await reachSlots(otherPage, ...exam);
    const taken = await chooseFirstFreeSlot(otherPage);
    await booking(otherPage).getByRole('button', { name: 'Continue' }).click();
    await fillPatient(otherPage);
    await booking(otherPage).getByLabel('Post code').fill('1023');
    await booking(otherPage).getByRole('button', { name: 'Book appointment' }).click();
    await expect(heading(otherPage, 'Booking confirmed')).toBeVisible();
    await other.close();

    // The first patient still sees it and chooses it.
    await booking(page).getByRole('button', { name: taken, exact: true }).click();
    const modal = page.getByRole('alertdialog', { name: 'This time is no longer free' });
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape'); // static: the keyboard cannot close it
    await expect(modal).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'booking-slot-conflict');
    await modal.getByRole('button', { name: 'Choose another time' }).click();
    await expect(heading(page, 'Choose a time')).toBeVisible();
    await expect(page).not.toHaveURL(/startTime=/);
    await expect(page).not.toHaveURL(/deviceId=/);
    await expect(booking(page).getByRole('button', { name: taken, exact: true })).toHaveCount(0);
  });

  test('R-4 creating bookings: an exam that cannot be booked online becomes a booking request', async ({
    page,
  }) => {
    await page.goto('/');
    await frameReady(page);
    await booking(page).getByRole('button', { name: 'MRI', exact: true }).click();
    await booking(page)
      .getByRole('button', { name: /^MRI Brain with contrast/ })
      .click();
    await booking(page).getByRole('button', { name: 'Continue' }).click();
    // R-4-slots: the booking-request info modal explains the exam before going on.
    const info = page.getByRole('dialog', { name: 'Before you book MRI Brain with contrast' });
    await expect(info).toBeVisible();
    await expectNoAxeViolations(page);
    await info.getByRole('button', { name: 'Continue' }).click();
    await passQuestionnaires(page);
    await expect(heading(page, 'Choose a clinic')).toBeVisible();
    await booking(page).getByLabel('Region').selectOption({ label: 'Sydney' });
    await booking(page).getByRole('button', { name: 'Choose Harbour Imaging Sydney CBD' }).click();
    await expect(heading(page, 'Your details')).toBeVisible();
    await fillPatient(page);
    await booking(page).getByRole('button', { name: 'Send booking request' }).click();
    await expect(heading(page, 'Booking request sent')).toBeVisible();
    await expect(page).toHaveURL(/\/booking-requests\//);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'booking-request-sent');
  });

  test('R-2.2 every step is in the URL: back returns to the clinic step, reload keeps the slots', async ({
    page,
  }) => {
    await reachSlots(page, 'CT', 'CT Chest', 'Sydney', 'Harbour Imaging Parramatta');
    await page.reload();
    await expect(heading(page, 'Choose a time')).toBeVisible();
    await expect(booking(page).locator('[part="summary"]')).toContainText('CT Chest');
    await page.goBack();
    await expect(heading(page, 'Choose a clinic')).toBeVisible();
    await page.goForward();
    await expect(heading(page, 'Choose a time')).toBeVisible();
    await booking(page).getByRole('button', { name: 'Month', exact: true }).click();
    await expect(page).toHaveURL(/slotsView=MONTH/);
    await booking(page).getByRole('button', { name: 'Morning', exact: true }).click();
    await expect(page).toHaveURL(/timeOfDay=MORNING/);
    await keepScreenshot(page, 'booking-month');
  });

  test('on a phone the whole flow is usable and accessible, step by step', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const shots = 'phone';
    await reachSlots(
      page,
      'Ultrasound',
      'Ultrasound Abdomen',
      'Sydney',
      'Harbour Imaging Chatswood',
      shots,
    );
    await chooseFirstFreeSlot(page);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `${shots}-3-slots`);
    await booking(page).getByRole('button', { name: 'Continue' }).click();
    await expect(heading(page, 'Your details')).toBeVisible();
    await fillPatient(page);
    await booking(page).getByLabel('Post code').fill('2067');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `${shots}-4-form`);
    await booking(page).getByRole('button', { name: 'Book appointment' }).click();
    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `${shots}-5-confirmed`);
  });

  test('R-4 several exams: MRI Knee and CT Chest at one clinic in times that fit one visit', async ({
    page,
  }) => {
    await page.goto('/');
    await frameReady(page);
    await booking(page).getByRole('radio', { name: 'Several scans' }).check();
    for (const [modality, exam] of [
      ['MRI', 'MRI Knee'],
      ['CT', 'CT Chest'],
    ]) {
      await booking(page).getByRole('button', { name: modality, exact: true }).click();
      await booking(page).getByRole('button', { name: exam, exact: true }).click();
    }
    await booking(page).getByRole('button', { name: 'Continue' }).click();
    // Several forms: each says where it is in the flow.
    await expect(page.getByRole('dialog').getByText(/^Form 1 of \d$/)).toBeVisible();
    await passQuestionnaires(page);
    await expect(heading(page, 'Choose a clinic')).toBeVisible();
    await booking(page).getByLabel('Region').selectOption({ label: 'Sydney' });
    await booking(page).getByRole('button', { name: 'Choose Harbour Imaging Sydney CBD' }).click();
    await expect(heading(page, 'Choose a time')).toBeVisible();
    const combination = booking(page).getByRole('button', { name: /MRI Knee.*CT Chest/ });
    await expect(booking(page).getByText(/Loading free times/)).toHaveCount(0);
    if ((await combination.count()) === 0) {
      await booking(page).getByRole('button', { name: 'Find next available' }).click();
    }
    await combination.first().click();
    await expect(booking(page).getByText(/Held for you for 10 minutes/)).toBeVisible();
    await expect(page).toHaveURL(/startTime=[^&]*%2C|startTime=[^&]*,/);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'booking-two-exams-slots');
    await booking(page).getByRole('button', { name: 'Continue' }).click();
    await expect(heading(page, 'Your details')).toBeVisible();
    await fillPatient(page);
    await booking(page).getByLabel('Post code').fill('2000');
    await booking(page).getByRole('button', { name: 'Book appointment' }).click();
    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    await expect(confirmation(page)).toContainText('MRI Knee');
    await expect(confirmation(page)).toContainText('CT Chest');
    await keepScreenshot(page, 'booking-two-exams-confirmed');
  });

  test('spec 4 "Walk-in": an MRI with a chest X-ray walk-in; the walk-in is on the confirmation and in the e-mail', async ({
    page,
  }) => {
    await page.goto('/');
    await frameReady(page);
    await booking(page).getByRole('radio', { name: 'Several scans' }).check();
    for (const [modality, exam] of [
      ['MRI', 'MRI Knee'],
      ['X-Ray', 'Chest X-ray'],
    ]) {
      await booking(page).getByRole('button', { name: modality, exact: true }).click();
      await booking(page).getByRole('button', { name: exam, exact: true }).click();
    }
    await booking(page).getByRole('button', { name: 'Continue' }).click();
    await passQuestionnaires(page);
    await expect(heading(page, 'Choose a clinic')).toBeVisible();
    await booking(page).getByLabel('Region').selectOption({ label: 'Sydney' });
    await booking(page).getByRole('button', { name: 'Choose Harbour Imaging Sydney CBD' }).click();
    const walkIn = page.getByRole('dialog', { name: 'No appointment needed for some exams' });
    await expect(walkIn).toBeVisible();
    await walkIn.getByRole('button', { name: 'Book the other exams' }).click();
    await expect(heading(page, 'Choose a time')).toBeVisible();
    await chooseFirstFreeSlot(page);
    await booking(page).getByRole('button', { name: 'Continue' }).click();
    await expect(heading(page, 'Your details')).toBeVisible();
    await fillPatient(page);
    await booking(page).getByLabel('Post code').fill('2000');
    await booking(page).getByRole('button', { name: 'Book appointment' }).click();
    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    // The walk-in does not vanish: the page says to walk in for it, and when.
    const walkIns = confirmation(page).locator('[part="walk-ins"]');
    await expect(walkIns).toContainText('Also walk in for:');
    await expect(walkIns).toContainText(/Chest X-ray walk-in: no appointment needed/);
    await expect(walkIns).toContainText('up to 30 minutes before it closes');
    // What the server sent: the walk-in is in the booking's e-mail.
    await expect
      .poll(async () => (await mailsTo(page.request, 'mia.thompson@example.org')).join('\n'), {
        timeout: 15_000,
      })
      .toContain('Also walk in, no appointment needed, for:');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'booking-walk-in-confirmed');
  });

  test("picking a time on a phone: dates first, the day's times by part of day, one tab stop with arrow keys, the chosen time and Continue on one screen", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await reachSlots(page, 'X-Ray', 'Chest X-ray', 'Sydney', 'Harbour Imaging Sydney CBD');
    const slots = await showFirstFreeSlot(page);
    // Dates first: seven day buttons, and only the picked day's times are on the page.
    const days = booking(page).locator('.week__day');
    await expect(days).toHaveCount(7);
    const picked = booking(page).locator('.week__day[aria-pressed="true"]');
    await expect(picked).toHaveCount(1);
    expect(await slots.count()).toBeLessThan(80);
    await expect(booking(page).locator('.day__part-title').first()).toBeVisible();
    // Another day: its times replace the first day's, and the date goes in the URL.
    const other = booking(page).locator('.week__day:not([disabled]):not([aria-pressed="true"])');
    if ((await other.count()) > 0) {
      await other.first().click();
      await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}/);
    }
    // One tab stop for the grid; arrows move within it.
    await slots.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(slots.nth(1)).toBeFocused();
    expect(
      await slots.evaluateAll((all) => all.filter((b) => (b as HTMLElement).tabIndex === 0).length),
    ).toBe(1);
    await page.keyboard.press('Enter');
    await expect(slots.nth(1)).toHaveAttribute('aria-pressed', 'true');
    // The chosen time and Continue are on screen together, without scrolling.
    const chosen = booking(page).locator('.step__chosen');
    const go = booking(page).getByRole('button', { name: 'Continue' });
    await expect(chosen).toBeInViewport();
    await expect(go).toBeInViewport();
    await expect(go).toBeEnabled();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'booking-phone-time-step');
    await go.click();
    await expect(heading(page, 'Your details')).toBeVisible();
    // The details step's summary says the chosen time in its Time row.
    await expect(booking(page).locator('.summary__time')).toContainText(/\d:\d{2}\s?(am|pm) AEDT/);
  });

  test('R-2.1-15/26, R-9-26/27 kiosk: post-code search is remembered in a cookie and the confirmation is the kiosk page', async ({
    page,
    context,
  }) => {
    await context.addCookies([
      { name: 'kioskIdentity', value: 'Front%20desk', url: test.info().project.use.baseURL! },
    ]);
    await page.goto('/kiosk?kioskMode=true');
    await frameReady(page);
    await expect(
      page.locator('imaging-frame nav.nav').getByRole('link', { name: 'Log in' }),
    ).toHaveCount(0);
    // The kiosk home (issue 16): Book a scan starts the flow in kiosk mode.
    await page
      .locator('imaging-kiosk')
      .getByRole('link', { name: /Book a scan/ })
      .click();
    await booking(page).getByRole('button', { name: 'X-Ray', exact: true }).click();
    await booking(page).getByRole('button', { name: 'X-ray Knee', exact: true }).click();
    await booking(page).getByRole('button', { name: 'Continue' }).click();
    await passQuestionnaires(page);
    await expect(heading(page, 'Choose a clinic')).toBeVisible();
    await expect(page).toHaveURL(/kioskMode=true/);
    await booking(page).getByRole('button', { name: 'Search by post code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search by post code' });
    await dialog.getByLabel('Post code').fill('2150');
    await dialog.getByRole('button', { name: 'Search' }).click();
    await expect(booking(page).getByText(/Clinics nearest to 2150/)).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'postalCodeLocationId');
    expect(cookie?.path).toBe('/');
    expect(Number(cookie?.value)).toBeGreaterThan(0);
    await booking(page).getByRole('button', { name: 'Choose Harbour Imaging Parramatta' }).click();
    await chooseFirstFreeSlot(page);
    await booking(page).getByRole('button', { name: 'Continue' }).click();
    await fillPatient(page);
    await booking(page).getByLabel('Post code').fill('2150');
    await booking(page).getByRole('button', { name: 'Book appointment' }).click();
    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    await expect(page).toHaveURL(/\/appointments\/[^/]+\/kiosk\?kioskMode=true/);
    await expect(page.locator('imaging-frame .header__logo')).toHaveAttribute(
      'href',
      /\/kiosk\?kioskMode=true/,
    );
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'booking-kiosk-confirmed');
  });
});
