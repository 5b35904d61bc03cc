import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, frameReady, keepScreenshot } from './helpers';

// These journeys change provider settings on the real server (development
// route) and put them back afterwards.
test.describe.configure({ mode: 'serial' });

test.describe('the frame follows the provider configuration', () => {
  test.afterEach(async ({ request }) => {
    await request.patch('/api/dev/config/radiology', {
      data: {
        aboutUrl: '',
        readOnlyAccess: false,
        showCustomHeaderAndFooter: false,
        customHeader: '',
        customFooter: '',
      },
    });
  });

  test('R-2.3-10: a menu item with an external URL opens that URL in a new tab', async ({
    page,
    request,
  }) => {
    await request.patch('/api/dev/config/radiology', {
      data: { aboutUrl: 'https://www.example.org/about-us' },
    });
    await page.goto('/contact');
    await frameReady(page);
    const about = page
      .locator('imaging-frame nav.nav')
      .getByRole('link', { name: 'About Harbour Imaging' });
    await expect(about).toHaveAttribute('href', 'https://www.example.org/about-us');
    await expect(about).toHaveAttribute('target', '_blank');
    const contact = page.locator('imaging-frame nav.nav').getByRole('link', { name: 'Contact' });
    await expect(contact).toHaveAttribute('href', '/contact');
  });

  test('R-2.3-03: read-only access shows message.access_read_only', async ({ page, request }) => {
    await request.patch('/api/dev/config/radiology', { data: { readOnlyAccess: true } });
    await page.goto('/about');
    await frameReady(page);
    await expect(page.locator('imaging-frame [part="read-only-banner"]')).toHaveText(
      /Online booking is paused for maintenance/,
    ); // the provider's text for message.access_read_only
    await expectNoAxeViolations(page);
  });

  test('R-2.3-15/16/27: the custom header message shows on desktop only, and custom footer HTML replaces the footer', async ({
    page,
    request,
  }) => {
    await request.patch('/api/dev/config/radiology', {
      data: {
        showCustomHeaderAndFooter: true,
        customHeader: '<p>Call us on <strong>1300 000 111</strong></p>',
        customFooter: '<p>Custom footer of the provider <script>alert(1)</script></p>',
      },
    });
    await page.goto('/about');
    await frameReady(page);
    await expect(page.locator('imaging-frame [part="header-message"]')).toContainText(
      '1300 000 111',
    );
    const footer = page.locator('imaging-frame footer');
    await expect(footer).toContainText('Custom footer of the provider');
    await expect(footer.locator('script')).toHaveCount(0);
    await keepScreenshot(page, 'custom-header-footer');
    await page.setViewportSize({ width: 1000, height: 900 });
    await expect(page.locator('imaging-frame [part="header-message"]')).toHaveCount(0);
  });

  test('R-2.3-13/14: a logged-in user sees their name (the doctor without organization) with admin link and logout', async ({
    page,
  }) => {
    await page.goto('/about');
    await frameReady(page);
    await expect(
      page.locator('imaging-frame nav.nav').getByRole('link', { name: 'Log in' }),
    ).toHaveAttribute('href', 'https://admin.harbour-imaging.example/login');
    const login = await page.request.post('/api/dev/login', { data: { username: 'anguyen' } });
    expect(login.ok()).toBe(true);
    await page.reload();
    await frameReady(page);
    const toggle = page.locator('imaging-frame .user-menu__toggle');
    await expect(toggle).toHaveText('Anna Nguyen');
    await expect(
      page.locator('imaging-frame nav.nav').getByRole('link', { name: 'Log in' }),
    ).toHaveCount(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // roleTranslations from the authentication response win over the base texts (open point 5).
    const logout = page
      .locator('imaging-frame .user-menu__list')
      .getByRole('button', { name: 'Sign out' });
    await expect(logout).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'logged-in-menu');
    await logout.click();
    await expect(page.locator('imaging-frame .user-menu__toggle')).toHaveCount(0);
    const status = await (await page.request.get('/api/authenticated')).json();
    expect(status.authenticated).toBe(false);
  });
});

test('bannerPositionCss from the configuration restyles the banner inside the shadow root', async ({
  page,
  request,
}) => {
  await request.patch('/api/dev/config/radiology', {
    data: { bannerPositionCss: '.banner { border-bottom: 5px solid rgb(200, 0, 0); }' },
  });
  await page.goto('/about');
  await frameReady(page);
  const banner = page.locator('imaging-frame [part="banner"]');
  await expect(banner).toHaveCSS('border-bottom-color', 'rgb(200, 0, 0)');
  await request.patch('/api/dev/config/radiology', { data: { bannerPositionCss: '' } });
});

test('R-2.3-07: on a confirmation page the logo links to the external confirmation URL', async ({
  page,
}) => {
  await page.goto('/appointments/NOSUCHKEY');
  await frameReady(page);
  await expect(page.locator('imaging-frame .header__logo')).toHaveAttribute(
    'href',
    'https://www.harbour-imaging.example',
  );
  await page.goto('/about');
  await expect(page.locator('imaging-frame .header__logo')).toHaveAttribute('href', '/');
});

test('R-2.3-38: the page is zoomed to 75% when the window is 768 px high or less', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/about');
  await frameReady(page);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).zoom)).toBe('0.75');
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).zoom)).toBe('1');
});

test.describe('embedding on a clinic page', () => {
  test('one module script and one element render the themed about page inside a shadow root', async ({
    page,
  }) => {
    await page.goto('/demo/script-tag/');
    const element = page.locator('imaging-page');
    await expect(
      element.getByRole('heading', { level: 1, name: 'About Harbour Imaging' }),
    ).toBeVisible();
    expect(await element.evaluate((el) => el.shadowRoot?.mode)).toBe('open');
    const color = await element.locator('h1').evaluate((h) => getComputedStyle(h).color);
    expect(color).toBe('rgb(30, 91, 70)'); // the clinic's --imaging-page-heading-color
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'script-tag-embed');
  });

  test('the IIFE bundle defines every element for pages without modules', async ({ page }) => {
    await page.goto('/demo/script-tag/');
    const defined = await page.evaluate(async () => {
      await new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = '/elements/imaging-elements.iife.js';
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('IIFE did not load'));
        document.head.append(script);
      });
      return ['imaging-frame', 'imaging-page'].map((tag) => !!customElements.get(tag));
    });
    expect(defined).toEqual([true, true]);
  });
});
