import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, frameReady, keepScreenshot } from './helpers';

test.describe('the shared frame and the information pages', () => {
  test('R-2.4-01: /about shows "About {name}" and the provider\'s HTML', async ({ page }) => {
    await page.goto('/about');
    await frameReady(page);
    await expect(
      page.getByRole('heading', { level: 1, name: 'About Harbour Imaging' }),
    ).toBeVisible();
    await expect(page.locator('imaging-page .page__html')).not.toBeEmpty();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'about');
  });

  test('R-2.4-02/03: /contact shows "Contact" and the contact HTML, fetching but not showing the clinics', async ({
    page,
  }) => {
    await page.goto('/contact');
    await frameReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await expect(page.locator('imaging-page .page__html')).not.toBeEmpty();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'contact');
  });

  test('R-2.4-04: /terms shows the terms once loaded', async ({ page }) => {
    await page.goto('/terms');
    await frameReady(page);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Terms and conditions' }),
    ).toBeVisible();
    await expect(page.locator('imaging-page .page__html')).not.toBeEmpty();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'terms');
  });

  test('R-2.4-05: /privacy shows "Privacy Policy" with a link to the configured URL', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await frameReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    const link = page.locator('imaging-page a[target="_blank"]');
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'privacy');
  });

  test('R-2.3-08/09: the menu moves between internal pages without reloading the portal', async ({
    page,
  }) => {
    await page.goto('/about');
    await frameReady(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.locator('imaging-frame nav.nav').getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await page.locator('imaging-frame nav.nav').getByRole('link', { name: 'Terms' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Terms and conditions' }),
    ).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.goBack();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
  });

  test('R-2.3-01/02: the banner can be dismissed', async ({ page }) => {
    await page.goto('/about');
    await frameReady(page);
    const banner = page.locator('imaging-frame [part="banner"]');
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Dismiss notice' }).click();
    await expect(banner).toHaveCount(0);
    await page.locator('imaging-frame nav.nav').getByRole('link', { name: 'Contact' }).click();
    await expect(page.locator('imaging-frame [part="banner"]')).toHaveCount(0);
  });

  test('R-2.3-04/25/31: below 1120 px the menu collapses behind a button and the footer is hidden', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    await frameReady(page);
    const toggle = page.locator('imaging-frame .header__toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('imaging-frame nav.nav')).toBeHidden();
    await expect(page.locator('imaging-frame footer')).toHaveCount(0);
    await keepScreenshot(page, 'mobile-menu-closed');
    await toggle.click();
    await expect(page.locator('imaging-frame nav.nav')).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'mobile-menu-open');
    await page.locator('imaging-frame nav.nav').getByRole('link', { name: 'Privacy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    // The chosen page is not hidden behind the menu: it closes on navigation.
    await expect(page.locator('imaging-frame nav.nav')).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('R-2.3-21..23: the desktop footer has the links, the copyright with the year and the version', async ({
    page,
  }) => {
    await page.goto('/about');
    await frameReady(page);
    const footer = page.locator('imaging-frame footer');
    await expect(footer).toContainText(
      `© ${new Date().getFullYear()} Harbour Imaging Group Pty Ltd`,
    );
    await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    await footer.locator('.footer__version').focus();
    await expect(footer.getByRole('tooltip')).toBeVisible();
  });

  test('R-2.3-39: the page icon is the favicon asset, and the header image loads', async ({
    page,
    request,
  }) => {
    await page.goto('/about');
    await frameReady(page);
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBe('/api/assets/application/favicon');
    const response = await request.get(icon!);
    expect(response.ok()).toBe(true);
    const header = page.locator('imaging-frame [part="header-image"] img');
    await expect(header).toHaveAttribute('src', /\/api\/assets\/application\/header/);
    expect(await header.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
  });

  test('R-2.1-03/04: /iframe goes to /iframe/select-region, and iframe-test embeds ?link=', async ({
    page,
  }) => {
    await page.goto('/iframe');
    await expect(page).toHaveURL(/\/iframe\/select-region$/);
    await page.goto('/iframe-test?link=/iframe/about');
    await expect(page.locator('iframe.imaging-portal-frame')).toHaveAttribute(
      'src',
      /\/iframe\/about$/,
    );
    const inner = page.frameLocator('iframe.imaging-portal-frame');
    await expect(
      inner.getByRole('heading', { level: 1, name: 'About Harbour Imaging' }),
    ).toBeVisible();
    // postmate handshake done, and the iframe takes the height of the page inside (iframe mode).
    await expect(page.locator('section.iframe-test')).toHaveAttribute('data-connected', 'true');
    await expect(page.locator('iframe.imaging-portal-frame')).toHaveAttribute(
      'style',
      /height: \d+px/,
    );
  });

  test('an unknown address shows a page-not-found message inside the frame', async ({ page }) => {
    await page.goto('/no-such-page');
    await frameReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('a page whose code fails to load says so and offers a reload, instead of a blank page', async ({
    page,
  }) => {
    await page.goto('/about');
    await frameReady(page);
    // The connection drops: no script that is not loaded yet arrives.
    await page.route(/\.js(\?|$)/, (route) => route.abort('internetdisconnected'));
    await page.locator('imaging-frame').locator('a.header__logo').click();
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await expect(alert).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'chunk-load-failed');
    await page.unroute(/\.js(\?|$)/);
    await alert.getByRole('button', { name: 'Reload the page' }).click();
    await frameReady(page);
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
    await expect(page.locator('imaging-booking')).toBeAttached();
  });
});
