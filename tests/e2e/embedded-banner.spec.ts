import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, frameReady, keepScreenshot } from './helpers';

// The seed's provider has a dismissible banner ("Holiday hours: …").
const notice = /Holiday hours/;

test.describe('the embedded-frame banner modal (spec 2.5)', () => {
  test('R-2.5-25: inside an iframe the banner opens as a modal, once; closing it closes the banner', async ({
    page,
  }) => {
    await page.goto('/iframe-test?link=/iframe/about');
    const inner = page.frameLocator('iframe.imaging-portal-frame');
    const modal = inner.getByRole('dialog', { name: 'Notice' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(notice);
    const dismiss = modal.getByRole('button', { name: 'Dismiss notice' });
    await expect(dismiss).toBeFocused();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'embedded-banner-modal');
    await dismiss.click();
    await expect(modal).toHaveCount(0);
    await expect(
      inner.getByRole('heading', { level: 1, name: 'About Harbour Imaging' }),
    ).toBeVisible();

    // Closed for the session: the next page in the iframe does not ask again.
    await page.goto('/iframe-test?link=/iframe/contact');
    await expect(inner.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await expect(inner.getByRole('dialog')).toHaveCount(0);
  });

  test('R-2.5-25: the main shell inside an iframe shows the modal instead of the banner above the page', async ({
    page,
  }) => {
    await page.goto('/iframe-test?link=/about');
    const inner = page.frameLocator('iframe.imaging-portal-frame');
    await expect(inner.getByRole('dialog', { name: 'Notice' })).toBeVisible();
    await expect(inner.locator('imaging-frame [part="banner"]')).toBeHidden();
  });

  test('R-2.3-01: at the top level the banner stays above the page and no modal opens', async ({
    page,
  }) => {
    await page.goto('/about');
    await frameReady(page);
    await expect(page.locator('imaging-frame [part="banner"]')).toContainText(notice);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
