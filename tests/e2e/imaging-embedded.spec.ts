/**
 * A clinic's web developer puts imaging results on the clinic's own site,
 * another origin (issue 17, docs/embedding.md): one module script
 * (/elements/index.js) and two elements, <imaging-referrer-viewer> for a
 * doctor's image link and <imaging-results> for a patient. Both render with
 * the provider's API and DICOMweb on the portal's origin (CORS for the listed
 * clinic), and neither the clinic's fonts and styles get in nor the elements'
 * get out.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { clinicPage, startClinicSite, type ClinicSite } from './clinic-site';
import { expectNoAxeViolations, keepScreenshot } from './helpers';
import { codeFrom, CT, imageCount, imageLink, MR, patientKey } from './imaging-helpers';

/** The patient here is the knee MRI's (released, 24 images): his e-mails are no other journey's. */
const PATIENT = {
  accession: MR.accession,
  dob: { day: '02', month: '11', year: '1988' },
  email: 'david.okafor@example.com',
};

const clinicPort = Number(process.env.E2E_CLINIC_PORT);
let portal: string;
let clinic: ClinicSite;

/**
 * A clinic's stylesheet as found in the wild: a light, spaced, italic body
 * font and a universal rule. Inherited properties reach a custom element;
 * its own text settings must win.
 */
const CLINIC_STYLE = `<style id="clinic-style">
  body { font-weight: 300; letter-spacing: 0.08em; font-style: italic; word-spacing: 0.3em; }
  * { color: rgb(120, 20, 20); text-transform: uppercase; text-shadow: 1px 1px 0 #999; }
  h1 { font-size: 2.5rem; }
</style>`;

test.beforeAll(async () => {
  portal = new URL(test.info().project.use.baseURL!).origin;
  clinic = await startClinicSite(clinicPort, {
    '/imaging': clinicPage(
      'Your imaging',
      `${CLINIC_STYLE}
      <script type="module" src="${portal}/elements/index.js"></script>
      <h2>For referring doctors</h2>
      <imaging-referrer-viewer api-base="${portal}"></imaging-referrer-viewer>
      <h2>For patients</h2>
      <imaging-results api-base="${portal}"></imaging-results>
      <script>
        const query = new URLSearchParams(location.search);
        const set = (tag, name, value) =>
          value && document.querySelector(tag).setAttribute(name, value);
        set('imaging-referrer-viewer', 'imsec', query.get('imsec'));
        set('imaging-results', 'booking-key', query.get('bookingKey'));
      </script>`,
    ),
  });
});
test.afterAll(async () => {
  await clinic.close();
});

/** Failed requests and console errors that name the portal: CORS or CSP refusals show there. */
function portalTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.url().startsWith(portal))
      trouble.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /CORS|Content Security Policy|blocked/i.test(message.text()))
      trouble.push(message.text());
  });
  return trouble;
}

/** Computed text styles of an element found in the page (shadow roots pierced). */
async function textStyle(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((node) => {
      const style = getComputedStyle(node);
      return {
        fontFamily: style.fontFamily,
        fontWeight: style.fontWeight,
        fontStyle: style.fontStyle,
        letterSpacing: style.letterSpacing,
        wordSpacing: style.wordSpacing,
        textTransform: style.textTransform,
        textShadow: style.textShadow,
        color: style.color,
      };
    });
}

test.describe('imaging on a clinic site', () => {
  test("R-1-03, R-1-19: one script, the referrer's report and CT, and the patient's results after logging in on the clinic page", async ({
    page,
    request,
  }) => {
    const trouble = portalTrouble(page);
    const link = await imageLink(request, CT.accession);
    const { bookingKey } = await patientKey(request, PATIENT.accession);
    await page.goto(`${clinic.origin}/imaging?imsec=${link.imsec}&bookingKey=${bookingKey}`);

    const viewer = page.locator('imaging-referrer-viewer');
    await expect(viewer.getByRole('heading', { level: 1, name: 'Image viewer' })).toBeVisible();
    await expect(viewer.locator('[part="study"]')).toContainText(CT.patient);
    await expect(viewer.locator('[part="report-text"]')).toContainText('Cholelithiasis');
    await expect(viewer.locator('img[part="banner"]')).toHaveJSProperty('complete', true);
    // The built-in viewer's script from the portal's /elements/, its DICOMweb calls across origins.
    await expect(imageCount(page).first()).toHaveText(/^\d+ \/ 96$/, { timeout: 20_000 });

    // No session yet: the results element asks for the date of birth and the code in place.
    const form = page.getByRole('dialog', { name: 'View your results' });
    await form.getByLabel('Day').fill(PATIENT.dob.day);
    await form.getByLabel('Month').fill(PATIENT.dob.month);
    await form.getByLabel('Year').fill(PATIENT.dob.year);
    await form.getByRole('button', { name: 'Send code' }).click();
    const codeDialog = page.getByRole('dialog', { name: 'Enter your code' });
    await codeDialog.getByLabel('6-digit code').fill(await codeFrom(request, PATIENT.email));
    await codeDialog.getByRole('button', { name: 'Verify' }).click();
    const results = page.locator('imaging-results');
    await expect(results.locator('[part="results-card"]')).toHaveAttribute(
      'data-state',
      'RELEASED',
    );
    await expect(results.locator('[part="report-text"]')).toContainText('meniscus');
    await expect(imageCount(page)).toHaveCount(2);
    await expect(imageCount(page).nth(1)).toHaveText(/^\d+ \/ 24$/, { timeout: 20_000 });
    // The PDF lives on the provider's origin, where a top-level visit carries no session
    // cookie of the clinic's partition: it downloads, and the clinic's page stays.
    const downloading = page.waitForEvent('download');
    await results.getByRole('link', { name: 'Download the report (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`report-${PATIENT.accession}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(new URL(page.url()).origin).toBe(clinic.origin);
    await expect(results.locator('[part="report-text"]')).toContainText('meniscus');
    expect(trouble).toEqual([]);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'imaging-embedded-clinic');
  });

  test("fonts and styles do not leak: the clinic's inherited text settings stay out, the elements' stay in", async ({
    page,
    request,
  }) => {
    const link = await imageLink(request, CT.accession);
    await page.goto(`${clinic.origin}/imaging?imsec=${link.imsec}`);
    const viewer = page.locator('imaging-referrer-viewer');
    await expect(viewer.locator('[part="report-text"]')).toContainText('Cholelithiasis');
    await expect(imageCount(page).first()).toHaveText(/^\d+ \/ 96$/, { timeout: 20_000 });

    // In: the report reads in the provider's font, upright, unspaced, as written.
    const report = await textStyle(page, 'imaging-referrer-viewer [part="report-text"] p');
    expect(report.fontFamily).not.toContain('Georgia');
    expect(report).toMatchObject({
      fontWeight: '400',
      fontStyle: 'normal',
      letterSpacing: 'normal',
      wordSpacing: '0px',
      textTransform: 'none',
      textShadow: 'none',
    });
    expect(report.color).not.toBe('rgb(120, 20, 20)');
    const count = await textStyle(page, 'imaging-image-viewer [data-testid="image-count"]');
    expect(count).toMatchObject({ textTransform: 'none', letterSpacing: 'normal' });

    // Out: the clinic's page keeps its own type, and no sheet or font was added to it.
    const heading = await textStyle(page, 'main > h1');
    expect(heading).toMatchObject({
      fontStyle: 'italic',
      textTransform: 'uppercase',
      color: 'rgb(120, 20, 20)',
    });
    expect(heading.fontFamily).toContain('Georgia');
    const documentSheets = await page.evaluate(() => ({
      elements: [...document.querySelectorAll('style, link[rel="stylesheet"]')].map(
        (node) => node.id || node.tagName,
      ),
      adopted: document.adoptedStyleSheets.length,
      fonts: document.fonts.size,
    }));
    expect(documentSheets).toEqual({ elements: ['STYLE', 'clinic-style'], adopted: 0, fonts: 0 });
    await keepScreenshot(page, 'imaging-embedded-styles');
  });
});
