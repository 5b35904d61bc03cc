/**
 * Issue 13's patient journeys as a clinic's web developer meets them: the
 * snippet of docs/embedding.md pasted into a single-page site on another
 * origin whose router takes every same-origin link click (into shadow roots
 * too), whose global CSS is aggressive (`* { font-size: 20px }`,
 * `a { color: red }`, `button { all: unset }`), whose `<html lang>` is its
 * own, and whose language switcher sets `locale` on the element placed with
 * `locale="mk"` (tests/e2e/clinic-spa.ts). After each action the test reads
 * what the server holds.
 */
import { expect, test } from '@playwright/test';
import { startClinicSite, type ClinicSite } from './clinic-site';
import { hostileElementPage, hostileFramePage } from './clinic-spa';
import {
  appointment,
  booking,
  bookViaApi,
  bookWithDetails,
  chooseExams,
  expectSaved,
  heading,
  heldBy,
  logInOnClinicPage,
  openBookingPage,
  routerTook,
  takeFirstFreeTime,
} from './clinic-spa-journey';
import { expectNoAxeViolations, keepScreenshot } from './helpers';

let portal: string;
let clinic: ClinicSite;

test.beforeAll(async () => {
  portal = new URL(test.info().project.use.baseURL!).origin;
  clinic = await startClinicSite(Number(process.env.E2E_CLINIC_PORT), (path) =>
    path === '/frame' ? hostileFramePage(portal) : hostileElementPage(portal),
  );
});
test.afterAll(async () => clinic.close());

test.describe("issue 13 on a clinic's single-page site with its own router and CSS", () => {
  test('R-1-24, R-1-25, R-2.4-30, R-1-15, R-2.4-29: in Macedonian, then English by the clinic\'s switcher; two exams, one "Referral and documents", a referral uploaded, held and saved; "Add to calendar" saves the .ics; the router takes no link', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openBookingPage(page, clinic.origin);
    await expect(booking(page)).toHaveAttribute('lang', 'mk');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-AU');
    await page.locator('#language').selectOption('en-AU');
    await expect(heading(page, 'Choose your scan')).toBeVisible();
    await expect(booking(page)).toHaveAttribute('lang', 'en-AU');
    await chooseExams(page, [
      ['MRI', 'MRI Knee'],
      ['CT', 'CT Chest'],
    ]);
    await expect(heading(page, 'Choose a time')).toBeVisible();
    const combination = booking(page).getByRole('button', { name: /MRI Knee.*CT Chest/ });
    await expect(booking(page).getByText(/Loading free times/)).toHaveCount(0);
    if ((await combination.count()) === 0)
      await booking(page).getByRole('button', { name: 'Find next available' }).click();
    await combination.first().click();
    const key = await bookWithDetails(page, 'ava.spa13@example.org');
    expect(await heldBy(page, portal, key)).toEqual([
      expect.objectContaining({ examSlug: 'mri-knee', status: 'BOOKED' }),
      expect.objectContaining({ examSlug: 'ct-chest', status: 'BOOKED' }),
    ]);

    // One documents section for both exams; an upload for CT Chest shows there and is held.
    const sections = appointment(page).getByRole('region', { name: 'Referral and documents' });
    await expect(sections).toHaveCount(1);
    await sections
      .getByRole('button', { name: /^Upload .* for CT Chest$/ })
      .first()
      .click();
    const upload = page.getByRole('dialog').filter({ has: page.locator('input[type=file]') });
    await upload
      .locator('input[type=file]:not([capture])')
      .first()
      .setInputFiles('tests/fixtures/attachments/referral-photo.png');
    await expect(upload).toBeHidden();
    await expect(sections.getByRole('status')).toContainText('referral-photo.png is uploaded.');
    // The patient opens it and saves it: from the clinic's page too (the session goes with it).
    await sections.getByRole('button', { name: 'View referral-photo.png' }).click();
    const viewer = page.getByRole('dialog', { name: 'Your documents' });
    // The image shows on the clinic's page (the API's files are same-site only for <img>).
    const shown = viewer.getByRole('img', { name: 'Referral: referral-photo.png' });
    await expect(shown).toBeVisible();
    await expect
      .poll(() => shown.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const image = await expectSaved(page, viewer.getByRole('link', { name: /Download/ }).first());
    expect(image.length).toBeGreaterThan(100);
    await page.keyboard.press('Escape');

    const ics = await expectSaved(
      page,
      appointment(page).getByRole('link', { name: 'Add to calendar' }),
    );
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('MRI Knee');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'spa13-desktop-confirmed');
    // The clinic's router took its own menu link, and nothing of the element's.
    expect(await routerTook(page)).toEqual(['/book']);
  });

  test('R-4-cancel-02, R-4-cancel-07, R-4-status-03/04: closing the cancel dialogs says it is still booked; a reschedule says from which time; a cancelled booking books again inside the element', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const key = await bookViaApi(request, 6);
    await page.goto(`${clinic.origin}/contact`);
    await logInOnClinicPage(page, portal, key);
    await page.locator('#language').selectOption('en-AU');
    await page.goto(`${clinic.origin}/book#imaging:/appointments/${key}`);
    await page.locator('#language').selectOption('en-AU');
    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    const card = appointment(page).locator('[part="appointment-card"]');
    const kept = appointment(page).getByText(
      'Your appointment is still booked: it was not cancelled.',
    );
    await card.getByRole('button', { name: 'Cancel appointment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this appointment?' });
    await confirm.getByRole('button', { name: 'Keep my appointment' }).click();
    await expect(kept).toBeInViewport();
    await card.getByRole('button', { name: 'Cancel appointment' }).click();
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
    const survey = page.getByRole('dialog', { name: 'Cancel your appointment' });
    await expect(survey).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(survey).toBeHidden();
    await expect(kept).toBeInViewport();
    expect(await heldBy(page, portal, key)).toEqual([{ examSlug: 'mri-knee', status: 'BOOKED' }]);

    await card.getByRole('button', { name: 'Reschedule' }).click();
    await expect(heading(page, 'Choose a time')).toBeVisible();
    // Two weeks on: far enough ahead to be cancelled online afterwards (24 hours' notice).
    await expect(booking(page).getByText(/Loading free times/)).toHaveCount(0);
    for (let week = 0; week < 2; week++) {
      await booking(page).getByRole('button', { name: 'Next week' }).click();
      await expect(booking(page).getByText(/Loading free times/)).toHaveCount(0);
    }
    await takeFirstFreeTime(booking(page));
    await booking(page).getByRole('button', { name: 'Continue' }).click();
    await expect(booking(page).getByLabel('First name')).toHaveValue('Ava');
    await booking(page).getByRole('button', { name: 'Move my appointment' }).click();
    await expect(heading(page, 'Appointment rescheduled')).toBeVisible();
    await expect(card.locator('[part="moved-notice"]')).toContainText(
      /Rescheduled from .* to this time/,
    );
    const moved = (await appointment(page).locator('.appointment__reference').innerText()).trim();
    expect(moved).not.toBe(key);
    expect(await heldBy(page, portal, moved)).toEqual([{ examSlug: 'mri-knee', status: 'BOOKED' }]);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'spa13-rescheduled');

    await card.getByRole('button', { name: 'Cancel appointment' }).click();
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
    await survey.getByLabel('I feel better').check();
    await survey.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(heading(page, 'Booking cancelled')).toBeVisible();
    expect(await heldBy(page, portal, moved)).toEqual([
      { examSlug: 'mri-knee', status: 'CANCELED' },
    ]);
    // "Book a new appointment" is the element's own move: the clinic's router does not take it.
    await appointment(page).getByRole('link', { name: 'Book a new appointment' }).click();
    await expect(heading(page, 'Choose your scan')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/book');
    expect(await routerTook(page)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('R-4-slots-17, R-2.4-29, R-4-quest-01: a walk-in is on the confirmation, the chosen time and Continue share the screen, "Add to calendar" saves the .ics, a questionnaire opens over the page', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      await openBookingPage(page, clinic.origin);
      await page.locator('#language').selectOption('en-AU');
      await chooseExams(page, [
        ['MRI', 'MRI Knee'],
        ['X-Ray', 'Chest X-ray'],
      ]);
      const walkIn = page.getByRole('dialog', { name: 'No appointment needed for some exams' });
      await walkIn.getByRole('button', { name: 'Book the other exams' }).click();
      await expect(heading(page, 'Choose a time')).toBeVisible();
      await takeFirstFreeTime(booking(page));
      await expect(booking(page).locator('.step__chosen')).toBeInViewport();
      await expect(booking(page).getByRole('button', { name: 'Continue' })).toBeInViewport();
      await expectNoAxeViolations(page);
      await keepScreenshot(page, 'spa13-phone-time');
      const key = await bookWithDetails(page, 'ava.phone13@example.org');
      expect(await heldBy(page, portal, key)).toEqual([{ examSlug: 'mri-knee', status: 'BOOKED' }]);
      await expect(appointment(page).locator('[part="walk-ins"]')).toContainText(
        /Chest X-ray walk-in: no appointment needed/,
      );
      const ics = await expectSaved(
        page,
        appointment(page).getByRole('link', { name: 'Add to calendar' }),
      );
      expect(ics).toContain('BEGIN:VCALENDAR');
      // A questionnaire opens over the page and says what it is for; closed, the booking is back.
      await appointment(page).getByRole('button', { name: 'Pain score' }).click();
      const form = page.locator('imaging-questionnaire dialog[open]');
      await expect(form).toContainText('For MRI Knee');
      await expectNoAxeViolations(page);
      await keepScreenshot(page, 'spa13-phone-questionnaire');
      await form.getByRole('button', { name: /Close/ }).first().click();
      await expect(heading(page, 'Booking confirmed')).toBeVisible();
      expect(await routerTook(page)).toEqual(['/book']);
    });
  });

  test('R-2.1-01, R-1-25: embed.js with data-locale="mk" on the same site: the frame opens in Macedonian, the clinic\'s <html lang> stays its own', async ({
    page,
  }) => {
    await page.goto(`${clinic.origin}/frame`);
    const iframe = page.locator('#book-a-scan iframe');
    await expect(iframe).toHaveAttribute('src', /[?&]lang=mk/);
    const frame = page.frameLocator('#book-a-scan iframe');
    await expect(frame.locator('html')).toHaveAttribute('lang', 'mk');
    // The provider's banner comes as a modal inside the frame (R-2.5-25).
    await frame.getByRole('button', { name: 'Отфрли го известувањето' }).click();
    await expect(frame.getByRole('heading', { level: 1, name: 'Изберете клиника' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-AU');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'spa13-frame-mk');
  });
});
