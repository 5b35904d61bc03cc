import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  frameReady,
  keepScreenshot,
  logInAsHolder,
  fillPatientDetails,
} from './helpers';

const FIXTURES = 'tests/fixtures/attachments';
const PDF = `${FIXTURES}/referral.pdf`;
const PNG = `${FIXTURES}/referral-photo.png`;
const TEXT = `${FIXTURES}/notes.txt`;

/** A screenshot of what is on screen (a modal over the page), not of the whole page. */
async function keepViewport(page: Page, name: string) {
  await page.screenshot({ path: `tests/e2e/screenshots/${name}.png` });
}

const booking = (page: Page) => page.locator('imaging-booking');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
/** The upload control's hidden file input (the buttons open it). */
const fileInput = (scope: Locator) => scope.locator('input[type=file]:not([capture])').first();
const documents = (page: Page) =>
  page.locator('section.attachments').filter({ hasText: 'Referral and documents' });

async function startExam(page: Page, modality: string, exam: string | RegExp) {
  await page.goto('/');
  await frameReady(page);
  await expect(heading(page, 'Choose your scan')).toBeVisible();
  await booking(page).getByRole('button', { name: modality, exact: true }).click();
  await booking(page)
    .getByRole('button', { name: exam, exact: typeof exam === 'string' })
    .click();
  await booking(page).getByRole('button', { name: 'Continue' }).click();
  // X-ray exams ask the routing questionnaire first (seed: modality-routing).
  const routing = page.getByRole('dialog', { name: 'What brings you in?' });
  const clinicStep = heading(page, 'Choose a clinic');
  const infoModal = page.getByRole('dialog', { name: /^Before you book/ });
  await expect(routing.or(clinicStep).or(infoModal)).toBeVisible();
  if (await routing.isVisible()) {
    await routing.getByLabel('Something else').check();
    await routing.getByRole('button', { name: 'Submit' }).click();
  }
  if (await infoModal.isVisible())
    await infoModal.getByRole('button', { name: 'Continue' }).click();
}

async function chooseClinic(page: Page, region: string, clinic: string) {
  await expect(heading(page, 'Choose a clinic')).toBeVisible();
  await booking(page).getByLabel('Region').selectOption({ label: region });
  await booking(page)
    .getByRole('button', { name: `Choose ${clinic}` })
    .click();
}

async function chooseFirstFreeSlot(page: Page) {
  await expect(heading(page, 'Choose a time')).toBeVisible();
  const slots = booking(page).locator('button.slot');
  await expect(booking(page).getByText(/Loading free times/)).toHaveCount(0);
  if ((await slots.count()) === 0)
    await booking(page).getByRole('button', { name: 'Find next available' }).click();
  await slots.first().click();
  await expect(slots.first()).toHaveAttribute('aria-pressed', 'true');
  await booking(page).getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Your details')).toBeVisible();
}

async function fillPatient(page: Page) {
  await fillPatientDetails(booking(page), {
    firstName: 'Ava',
    lastName: 'Nguyen',
    dateOfBirth: '1979-03-08',
    email: 'ava.nguyen@example.org',
    postCode: '2000',
  });
}

/** Uploads the referral on the details step; a wrong type first is refused at once. */
async function uploadReferralWhileBooking(page: Page, shots?: string) {
  const upload = booking(page).locator('.upload');
  await expect(upload).toBeVisible();
  await fileInput(upload).setInputFiles(TEXT);
  const refusal = upload.getByRole('alert');
  await expect(refusal).toContainText('This type of file cannot be uploaded.');
  await expect(refusal).toContainText('PDF, JPEG, PNG');
  await expect(fileInput(upload)).toHaveValue('');
  await fileInput(upload).setInputFiles(PDF);
  await expect(upload.getByRole('status')).toContainText('referral.pdf is uploaded.');
  await expect(upload).toContainText('Uploaded: referral.pdf');
  // R-2.2-17: upload=false is merged into the URL.
  await expect(page).toHaveURL(/[?&]upload=false/);
  if (shots) {
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `attachments-${shots}-booking-referral`);
  }
}

async function bookedKey(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/(appointments|booking-requests)\/[A-Za-z0-9_-]{20,}/);
  const key = /\/(?:appointments|booking-requests)\/([A-Za-z0-9_-]+)/.exec(page.url())?.[1];
  expect(key).toBeTruthy();
  return key!;
}

test.describe('referral documents', () => {
  test('R-1-15, R-4-upload-01/02, R-2.5-09..17: upload while booking, then view, replace and delete it on the appointment', async ({
    page,
  }) => {
    await startExam(page, 'CT', 'CT Sinuses');
    await chooseClinic(page, 'Sydney', 'Harbour Imaging Parramatta');
    await chooseFirstFreeSlot(page);
    await fillPatient(page);
    await uploadReferralWhileBooking(page, 'desktop');
    await booking(page).getByRole('button', { name: 'Book appointment' }).click();
    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    const key = await bookedKey(page);

    await logInAsHolder(page, key);
    await page.goto(`/appointments/${key}`);
    const section = documents(page);
    await expect(section).toBeVisible();
    await expect(section.getByText('referral.pdf', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'attachments-desktop-appointment');

    // View the PDF: the document type, a PDF link that downloads, a View link that opens it.
    await section.getByRole('button', { name: 'View referral.pdf' }).click();
    const viewer = page.getByRole('dialog', { name: 'Your documents' });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('heading', { name: 'Referral' })).toBeVisible();
    await expect(viewer.getByText(/Document 1 of 1: referral\.pdf/)).toBeVisible();
    const pdfLink = viewer.getByRole('link', { name: 'PDF: referral.pdf' });
    const viewLink = viewer.getByRole('link', { name: /^View referral\.pdf/ });
    await expect(viewLink).toHaveAttribute('target', '_blank');
    const view = await page.request.get((await viewLink.getAttribute('href'))!);
    expect(view.status()).toBe(200);
    expect(view.headers()['content-type']).toContain('application/pdf');
    expect(view.headers()['x-content-type-options']).toBe('nosniff');
    const download = await page.request.get((await pdfLink.getAttribute('href'))!);
    expect(download.headers()['content-disposition']).toMatch(/^attachment/);
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectNoAxeViolations(page);
    await keepViewport(page, 'attachments-desktop-viewer-pdf');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // Replace it with a photo: the same document, a new file.
    await section.getByRole('button', { name: 'Replace referral.pdf' }).click();
    const replace = page.getByRole('dialog', { name: 'Replace referral.pdf' });
    await expect(replace).toBeVisible();
    await expectNoAxeViolations(page);
    await fileInput(replace).setInputFiles(PNG);
    await expect(replace).toBeHidden();
    await expect(section.getByRole('status')).toContainText(
      'referral-photo.png replaced your earlier document.',
    );
    await expect(section.getByText('referral-photo.png', { exact: true })).toBeVisible();
    await expect(section.getByText('referral.pdf', { exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]upload=false/);

    // View the image and zoom it: keys (factor 0.2), the wheel, up to 3.
    await section.getByRole('button', { name: 'View referral-photo.png' }).click();
    await expect(viewer).toBeVisible();
    const image = viewer.locator('.viewer__zoom');
    await expect(viewer.getByRole('img', { name: /referral-photo\.png/ })).toBeVisible();
    await expect(image).toHaveAttribute('data-scale', '1.00');
    await page.keyboard.press('+');
    await expect(image).toHaveAttribute('data-scale', '1.20');
    await image.hover();
    await page.mouse.wheel(0, -100);
    await expect(image).toHaveAttribute('data-scale', '1.44');
    for (let i = 0; i < 8; i++) await page.keyboard.press('+');
    await expect(image).toHaveAttribute('data-scale', '3.00');
    await expect(viewer.getByText('Zoom 300 %')).toBeVisible();
    const box = await viewer.locator('.viewer__image').boundingBox();
    expect(box!.height).toBeGreaterThan(320 * 2);
    await expectNoAxeViolations(page);
    await keepViewport(page, 'attachments-desktop-viewer-zoomed');
    await viewer.getByRole('link', { name: 'Download referral-photo.png' }).isVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // Details: the description and the file name.
    await section.getByRole('button', { name: 'Details of referral-photo.png' }).click();
    const details = page.getByRole('dialog', { name: 'Referral' });
    await expect(details.getByText('referral-photo.png')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).last().click();

    // Delete it.
    await section.getByRole('button', { name: 'Delete referral-photo.png' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this document?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(section.getByRole('status')).toContainText('referral-photo.png was deleted.');
    await expect(section.getByText('referral-photo.png', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('R-2.3-18/19, R-7-calls-18: a booking request shows its referral and downloads it with View referral', async ({
    page,
  }) => {
    await startExam(page, 'Nuclear Medicine', /^Thyroid scan/);
    await chooseClinic(page, 'Sydney', 'Harbour Imaging Sydney CBD');
    await expect(heading(page, 'Your details')).toBeVisible();
    await fillPatient(page);
    await uploadReferralWhileBooking(page);
    await booking(page).getByRole('button', { name: 'Send booking request' }).click();
    await expect(heading(page, 'Booking request sent')).toBeVisible();
    const key = await bookedKey(page);

    await logInAsHolder(page, key);
    await page.goto(`/booking-requests/${key}`);
    const section = documents(page);
    await expect(section.getByText('referral.pdf', { exact: true })).toBeVisible();
    const viewReferral = page.getByRole('link', { name: 'View referral' });
    await expect(viewReferral).toBeVisible();
    expect(await viewReferral.getAttribute('href')).toMatch(
      /\/api\/secured\/booking_requests\/[^/]+\/download$/,
    );
    const downloading = page.waitForEvent('download');
    await viewReferral.click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('referral.pdf');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'attachments-desktop-booking-request');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('R-2.5-14: the camera button, the upload and a pinch-zoomable image on a phone', async ({
      page,
    }) => {
      await startExam(page, 'CT', 'CT Lumbar spine');
      await chooseClinic(page, 'Sydney', 'Harbour Imaging Parramatta');
      await chooseFirstFreeSlot(page);
      const upload = booking(page).locator('.upload');
      await expect(upload.getByRole('button', { name: 'Take a photo' })).toBeVisible();
      await expect(upload.locator('input[capture=environment]')).toHaveAttribute(
        'accept',
        'image/*',
      );
      await fillPatient(page);
      await fileInput(upload).setInputFiles(PNG);
      await expect(upload.getByRole('status')).toContainText('referral-photo.png is uploaded.');
      await expect(upload.getByRole('button', { name: 'Take a photo' })).toBeVisible();
      await expect(upload.getByText('or drag a file here')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await keepScreenshot(page, 'attachments-phone-booking-referral');
      await booking(page).getByRole('button', { name: 'Book appointment' }).click();
      await expect(heading(page, 'Booking confirmed')).toBeVisible();
      const key = await bookedKey(page);

      await logInAsHolder(page, key);
      await page.goto(`/appointments/${key}`);
      const section = documents(page);
      await section.getByRole('button', { name: 'View referral-photo.png' }).click();
      const viewer = page.getByRole('dialog', { name: 'Your documents' });
      const zoom = viewer.locator('.viewer__zoom');
      await expect(zoom).toHaveAttribute('data-scale', '1.00');
      // Two fingers moving apart (pointer events, as a touch screen sends them).
      await zoom.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const y = box.top + box.height / 2;
        const x = box.left + box.width / 2;
        const send = (type: string, pointerId: number, clientX: number) =>
          element.dispatchEvent(
            new PointerEvent(type, {
              pointerId,
              pointerType: 'touch',
              clientX,
              clientY: y,
              bubbles: true,
            }),
          );
        send('pointerdown', 1, x - 30);
        send('pointerdown', 2, x + 30);
        send('pointermove', 2, x + 90);
        send('pointerup', 2, x + 90);
        send('pointerup', 1, x - 30);
      });
      await expect(zoom).toHaveAttribute('data-scale', '2.00');
      await expectNoAxeViolations(page);
      await keepViewport(page, 'attachments-phone-viewer-zoomed');
    });
  });
});
