import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, frameReady, keepScreenshot } from './helpers';

// Spec 9 "Layout": mobile breakpoint 1120 px; frame modals at least 600 px
// tall (450 px on mobile); the background image only on non-mobile screens
// when application.patientPortalBackgroundImageEnabled is on (it is in the seed).

const backgroundRequests = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/assets/application/patient_portal_background')) urls.push(r.url());
  });
  return urls;
};

const frameBackground = (page: Page) =>
  page.locator('imaging-frame .frame').evaluate((frame) => getComputedStyle(frame).backgroundImage);

/** Opens the exam-info modal of the first MRI exam and returns its height. */
async function openExamInfo(page: Page): Promise<number> {
  const booking = page.locator('imaging-booking');
  await booking.getByRole('button', { name: 'MRI', exact: true }).click();
  await booking
    .getByRole('button', { name: /^About this exam/ })
    .first()
    .click();
  const dialog = booking.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return (await dialog.boundingBox())!.height;
}

test.describe('layout (spec 9)', () => {
  test('R-9-35 R-9-36: on a desktop the background image shows and a frame modal is at least 600 px tall', async ({
    page,
  }) => {
    const requested = backgroundRequests(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await frameReady(page);
    await expect.poll(() => frameBackground(page)).toContain('patient_portal_background');
    expect(requested.length).toBeGreaterThan(0);
    await keepScreenshot(page, 'layout-desktop');
    expect(await openExamInfo(page)).toBeGreaterThanOrEqual(600);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'tests/e2e/screenshots/layout-desktop-modal.png' });
  });

  test('R-2.5-29 R-9-36: on a 390 px phone there is no background image and a frame modal is at least 450 px tall', async ({
    page,
  }) => {
    const requested = backgroundRequests(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await frameReady(page);
    expect(await frameBackground(page)).toBe('none');
    await keepScreenshot(page, 'layout-phone');
    const height = await openExamInfo(page);
    expect(height).toBeGreaterThanOrEqual(450);
    expect(height).toBeLessThanOrEqual(844);
    await page.screenshot({ path: 'tests/e2e/screenshots/layout-phone-modal.png' });
    expect(requested, 'the image is not downloaded on a phone').toEqual([]);
  });
});
