/**
 * A clinic's web developer embeds the portal on their own site, another
 * origin (R-1-24, docs/embedding.md): with one module script and one
 * element, and with one classic script (embed.js) that makes an iframe.
 * The patient books on the clinic's page; the server holds the booking.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { bookOnClinicPage, clinicSitePages } from './clinic-journey';
import { startClinicSite, type ClinicSite } from './clinic-site';
import { expectNoAxeViolations, keepScreenshot } from './helpers';
import { passQuestionnaires } from './questionnaire-helpers';

const clinicPort = Number(process.env.E2E_CLINIC_PORT);
let portal: string;
let clinic: ClinicSite;
/** The same pages on an origin the provider does not list. */
let stranger: ClinicSite;

test.beforeAll(async () => {
  portal = new URL(test.info().project.use.baseURL!).origin;
  clinic = await startClinicSite(clinicPort, clinicSitePages(portal));
  stranger = await startClinicSite(clinicPort + 1, clinicSitePages(portal));
});
test.afterAll(async () => {
  await clinic.close();
  await stranger.close();
});

test.describe('embedding on a clinic site', () => {
  test('one script tag and one element: a patient books on the clinic page, Back and reload work, the server holds the booking', async ({
    page,
  }) => {
    const key = await bookOnClinicPage(page, { clinic: clinic.origin, portal, travel: true });
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'embedding-element-confirmed');
    // 'Add to calendar' on the clinic's page saves the file (the API is on another origin).
    const saving = page.waitForEvent('download');
    await page
      .locator('imaging-appointment')
      .getByRole('link', { name: 'Add to calendar' })
      .click();
    const file = await saving;
    expect(readFileSync((await file.path())!, 'utf8')).toContain('BEGIN:VCALENDAR');
    expect(new URL(page.url()).origin).toBe(clinic.origin);
    await page.reload();
    await expect(page.locator('imaging-appointment .appointment__reference').first()).toHaveText(
      key,
    );
  });

  test('the classic script (no modules): the info page and the booking read the provider from the first call', async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
    });
    await page.goto(`${clinic.origin}/about-classic`);
    // The provider's own about text (seeded radiology config), fetched from the provider.
    await expect(page.locator('imaging-page').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('imaging-page')).toContainText('Harbour Imaging');
    // The preselected exam goes on at once: its questions first, then the provider's clinics.
    await passQuestionnaires(page);
    const booking = page.locator('imaging-booking');
    await expect(booking.getByRole('heading', { level: 1, name: 'Choose a clinic' })).toBeVisible();
    await expect(booking.getByText('Chest X-ray')).toBeVisible();
    await expect(
      booking.getByRole('button', { name: 'Choose Harbour Imaging Perth CBD' }),
    ).toBeVisible();
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.filter((url) => !url.startsWith(`${portal}/api/`))).toEqual([]);
  });

  test('embed.js: the portal in an iframe, sized to its content, prefilled, its events on the clinic page', async ({
    page,
  }) => {
    await page.goto(`${clinic.origin}/book-in-a-frame`);
    const iframe = page.locator('#book-a-scan iframe');
    await expect(iframe).toHaveAttribute('title', 'Book a scan');
    const frame = page.frameLocator('#book-a-scan iframe');
    // Inside the iframe the provider's banner comes as a modal (R-2.5-25), and the prefilled
    // exam's questionnaire too (the exam and region came in the address): the patient deals
    // with whichever is on top, then the other.
    const notice = frame.getByRole('dialog', { name: 'Notice' });
    const form = frame.locator('imaging-questionnaire dialog[open]');
    await expect(form.or(notice).first()).toBeVisible();
    const clinicStep = frame.getByRole('heading', { level: 1, name: 'Choose a clinic' });
    for (let round = 0; round < 20; round++) {
      const noticeOpen = await notice.isVisible();
      const formOpen = await form.isVisible();
      if (!noticeOpen && !formOpen && (await clinicStep.isVisible())) break;
      try {
        if (noticeOpen)
          await notice.getByRole('button', { name: 'Dismiss notice' }).click({ timeout: 2000 });
        else throw new Error('no notice');
      } catch {
        if (formOpen) {
          await form
            .getByRole('radio', { name: 'Something else', exact: true })
            .check({ timeout: 2000 });
          await form.locator('form button[type=submit]').click({ timeout: 2000 });
        }
      }
      await page.waitForTimeout(250);
    }
    await expect(frame.getByRole('heading', { level: 1, name: 'Choose a clinic' })).toBeVisible();
    await expect(frame.getByLabel('Region')).toHaveValue(/perth/i);
    const src = await iframe.getAttribute('src');
    expect(src).toContain(`${portal}/iframe/select-region?`);
    expect(src).toContain('examSlug=xray-chest');
    // The iframe is as tall as the page inside (no inner scroll bar), and at least 600 px for modals.
    await expect
      .poll(async () => {
        const inner = await frame
          .locator('body')
          .evaluate((body) => body.getBoundingClientRect().height);
        const outer = await iframe.evaluate((element) => element.getBoundingClientRect().height);
        return { fits: Math.abs(Math.max(inner, 600) - outer) <= 2, inner, outer };
      })
      .toMatchObject({ fits: true });
    await frame.getByRole('button', { name: 'Choose Harbour Imaging Perth CBD' }).click();
    await expect(frame.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeVisible();
    const received = await page.evaluate(
      () =>
        (
          window as unknown as {
            received: { name: string; detail: { path?: string; height?: number } }[];
          }
        ).received,
    );
    expect(
      received.some((e) => e.name === 'imaging-frame-resized' && (e.detail.height ?? 0) > 200),
    ).toBe(true);
    expect(
      received.some(
        (e) => e.name === 'imaging-booking-navigated' && e.detail.path === '/iframe/select-clinic',
      ),
    ).toBe(true);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'embedding-iframe');
  });

  test('an origin the provider does not list gets neither the elements, the API nor the frame', async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.goto(`${stranger.origin}/book`);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => customElements.get('imaging-booking') === undefined)).toBe(
      true,
    );
    expect(refused.join('\n')).toMatch(/CORS/);
    const read = await page.evaluate(async (portal) => {
      try {
        await fetch(`${portal}/api/config/portal`, { credentials: 'include' });
        return 'read';
      } catch {
        return 'refused';
      }
    }, portal);
    expect(read).toBe('refused');

    await page.goto(`${stranger.origin}/book-in-a-frame`);
    await page.waitForLoadState('networkidle');
    // frame-ancestors: the browser does not show the portal inside the stranger's page.
    const inner = page.frameLocator('#book-a-scan iframe');
    await expect(inner.getByRole('heading', { level: 1 })).toHaveCount(0);
  });
});
