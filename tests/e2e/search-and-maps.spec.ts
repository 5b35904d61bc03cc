import { passQuestionnaires } from './questionnaire-helpers';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, frameReady, keepScreenshot } from './helpers';

// These journeys change provider settings on the real server (development
// route) and put them back afterwards.
test.describe.configure({ mode: 'serial' });

const seededTiles = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
// Nothing listens here (the last e2e port of issue 14): every connection is refused.
const refusedTiles = 'http://127.0.0.1:19639/tiles/{z}/{x}/{y}.png';

test.afterEach(async ({ request }) => {
  await request.patch('/api/dev/config/app', {
    data: { searchEngineVerificationEnabled: false, searchEngineVerificationId: '' },
  });
  await request.patch('/api/dev/config/integration', { data: { mapsTileUrl: seededTiles } });
});

test.describe('search engines (spec 3 App configuration)', () => {
  test('R-3-01 R-3-02: the HTML carries the title, descriptions, keywords and verification; the page keeps one of each', async ({
    page,
    request,
  }) => {
    await request.patch('/api/dev/config/app', {
      data: { searchEngineVerificationEnabled: true, searchEngineVerificationId: 'gsv-e2e-1' },
    });
    // What a crawler that runs no JavaScript reads.
    const html = await (await request.get('/about', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<title>Harbour Imaging | Book an X-ray, CT, MRI or ultrasound online');
    expect(html).toContain('<meta name="google-site-verification" content="gsv-e2e-1"');
    expect(html).toContain('<meta property="og:description" content="Book your scan online');

    await page.goto('/about');
    await frameReady(page);
    await expect(page).toHaveTitle('Harbour Imaging | Book an X-ray, CT, MRI or ultrasound online');
    for (const selector of [
      'meta[name="description"]',
      'meta[name="keywords"]',
      'meta[property="og:title"]',
      'meta[property="og:description"]',
      'meta[name="google-site-verification"]',
    ]) {
      await expect(page.locator(selector), selector).toHaveCount(1);
    }
  });
});

test.describe('the map when the maps service fails (spec 7)', () => {
  test('R-7-calls-54: refused tiles mark the maps as not loaded, the clinic list is shown, no error storm', async ({
    page,
    request,
  }) => {
    await request.patch('/api/dev/config/integration', { data: { mapsTileUrl: refusedTiles } });
    const errors: string[] = [];
    const tileRequests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (r) => {
      if (r.url().includes('127.0.0.1:19639')) tileRequests.push(r.url());
    });

    await page.goto('/select-region?examSlug=xray-chest&regionSlug=sydney');
    await frameReady(page);
    // A link past the exam step still asks the exam's questionnaire first.
    await expect(page).toHaveURL(/\/questionnaires\?/);
    await passQuestionnaires(page);
    const booking = page.locator('imaging-booking');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a clinic' })).toBeVisible();
    await booking.getByRole('button', { name: 'Map', exact: true }).click();
    await expect(booking.locator('[part="step"]')).toHaveAttribute('data-maps', 'not-loaded');
    await expect(
      booking.getByRole('status').filter({ hasText: 'The map could not be loaded' }),
    ).toBeVisible();
    await expect(booking.locator('.leaflet-container')).toHaveCount(0);
    const choose = booking.getByRole('button', { name: /^Choose / });
    await expect(choose.first()).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'maps-not-loaded');

    // Back to the list and to the map again: the tile server is not asked again.
    await booking.getByRole('button', { name: 'List', exact: true }).click();
    await booking.getByRole('button', { name: 'Map', exact: true }).click();
    await expect(
      booking.getByRole('status').filter({ hasText: 'The map could not be loaded' }),
    ).toBeVisible();
    expect(tileRequests).toHaveLength(1);
    expect(errors.length, errors.join('\n')).toBeLessThanOrEqual(1);

    await choose.first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeVisible();
  });
});
