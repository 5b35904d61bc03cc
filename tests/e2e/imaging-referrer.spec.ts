import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot } from './helpers';
import { auditOf, CT, DX_NO_IMAGES, imageCount, imageLink, MR } from './imaging-helpers';

/**
 * Issue 17: a referrer opens an image link (/referrer/quick-report?imsec=…)
 * against the real server: the quick report and the CT in the built-in
 * viewer on a phone, an expired link, the PACS preference, a study without
 * images. Links come from the development route that makes a fresh imsec for
 * a seeded study; the server's imaging audit is read back.
 */
const viewer = (page: import('@playwright/test').Page) => page.locator('imaging-referrer-viewer');

test.describe('referrer image link', () => {
  test('R-1-04, R-2.4-06, R-2.4-09: on a phone, the quick report and the CT, scrolled with the keyboard', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const link = await imageLink(request, CT.accession);
    expect(link.path).toMatch(/^\/referrer\/quick-report\?imsec=/);
    await page.goto(link.path);
    const element = viewer(page);
    await expect(element.getByRole('heading', { level: 1, name: 'Image viewer' })).toBeVisible();
    await expect(element.locator('img[part="banner"]')).toHaveJSProperty('complete', true);
    const study = element.locator('[part="study"]');
    await expect(study).toContainText(CT.patient);
    await expect(study).toContainText('14 Mar 1961');
    await expect(study).toContainText(CT.accession);
    await expect(element.locator('[part="report-text"]')).toContainText(
      'Cholelithiasis without CT evidence of acute cholecystitis',
    );
    await expect(element.getByRole('link', { name: 'Open in PACS' })).toHaveCount(0);

    // The built-in viewer, loaded on this page only, shows a slice of the 96.
    const count = imageCount(page);
    await expect(count).toHaveText(/^\d+ \/ 96$/, { timeout: 20_000 });
    const stage = page.locator('imaging-image-viewer [part="stage"]');
    await stage.focus();
    await page.keyboard.press('Home');
    await expect(count).toHaveText('1 / 96');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(count).toHaveText('4 / 96');
    await page.keyboard.press('End');
    await expect(count).toHaveText('96 / 96');
    // The series thumbnail (a rendered frame, fetched with the token) is drawn: the page's
    // policy lets its blob: address in.
    await expect
      .poll(() =>
        page
          .locator('imaging-image-viewer img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);

    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'imaging-referrer-phone');
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // What the server holds: the referrer's read of the link, by its imsec, at this moment.
    const rows = await auditOf(request, CT.accession);
    const reads = rows.filter((row) => row.actorKind === 'imsec' && row.outcome === 'ok');
    expect(reads.length).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(reads[0]!.at)).toBeLessThan(60_000);
  });

  test('the same link at a desk: the report beside the images', async ({ page, request }) => {
    const link = await imageLink(request, CT.accession);
    await page.goto(link.path);
    await expect(imageCount(page)).toHaveText(/^\d+ \/ 96$/, { timeout: 20_000 });
    const report = await viewer(page).locator('.referrer-viewer__report').boundingBox();
    const images = await viewer(page).locator('.referrer-viewer__images').boundingBox();
    expect(images!.x).toBeGreaterThan(report!.x + report!.width - 1);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'imaging-referrer-desktop');

    // Issue 17 part 8: window/level, by preset and by dragging, as a radiologist looks at a CT.
    const imageViewer = page.locator('imaging-image-viewer');
    const windowValue = imageViewer.getByTestId('window');
    await expect(windowValue).toHaveText('W 400 L 40');
    const canvas = imageViewer.locator('canvas').first();
    const pixels = () => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    const softTissue = await pixels();
    await imageViewer.getByRole('button', { name: 'Lung' }).click();
    await expect(windowValue).toHaveText('W 1500 L -600');
    expect(await pixels()).not.toBe(softTissue);
    await imageViewer.getByRole('button', { name: 'Window/level' }).click();
    const box = (await imageViewer.locator('[part="stage"]').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 30, { steps: 5 });
    await page.mouse.up();
    await expect(windowValue).not.toHaveText('W 1500 L -600');
    // Reset view goes back to the series' own window.
    await imageViewer.getByRole('button', { name: 'Reset view' }).click();
    await expect(windowValue).toHaveText('W 400 L 40');
  });

  test('R-4-viewer-01: an expired link goes to the redirect URL before anything shows', async ({
    page,
    request,
  }) => {
    const link = await imageLink(request, CT.accession, true);
    const answer = await request.get(`/api/image_viewer?input=${link.imsec}`);
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { imageViewerLinkStatus: string; redirectUrl: string };
    expect(body.imageViewerLinkStatus).toBe('EXPIRED');
    const redirect = new URL(body.redirectUrl);
    // A provider's page on the Internet is served here so the browser can land on it.
    if (redirect.hostname !== '127.0.0.1')
      await page.route(`${redirect.origin}/**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<title>Provider</title><h1>Provider</h1>',
        }),
      );
    await page.goto(link.path);
    await expect(page).toHaveURL(body.redirectUrl);
    const rows = await auditOf(request, CT.accession);
    expect(rows.some((row) => row.actorKind === 'imsec' && row.outcome === 'refused')).toBe(true);
  });

  test('R-4-viewer-02: a referrer who prefers their PACS gets the PACS link', async ({
    page,
    request,
  }) => {
    const link = await imageLink(request, MR.accession);
    await page.goto(link.path);
    const pacs = viewer(page).getByRole('link', { name: 'Open in PACS' });
    await expect(pacs).toHaveAttribute('href', 'https://pacs.northshore-ortho.example/viewer');
    await expect(pacs).toHaveAttribute('target', '_blank');
    await expect(viewer(page).locator('[part="report-text"]')).toContainText('medial meniscus');
    await expect(imageCount(page)).toHaveText(/^\d+ \/ 24$/, { timeout: 20_000 });
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'imaging-referrer-pacs');
  });

  test("R-4-viewer-03: a study without images says 'images not available'", async ({
    page,
    request,
  }) => {
    const link = await imageLink(request, DX_NO_IMAGES.accession);
    await page.goto(link.path);
    await expect(viewer(page).locator('[part="warning"]')).toHaveText(
      'Images not available for this study yet.',
    );
    await expect(viewer(page).locator('[part="report-text"]')).toContainText('Preliminary');
    await expect(page.locator('imaging-image-viewer')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("R-4-viewer-04: a link without a valid code shows 'error generating url'", async ({
    page,
  }) => {
    await page.goto('/referrer/quick-report?imsec=not-a-code');
    await expect(viewer(page).getByRole('alert')).toHaveText(
      'Error generating the image link. Please try again later.',
    );
    await expectNoAxeViolations(page);
  });

  test('R-2.4-07, R-2.4-08, R-7-calls-23: the feedback button opens once the questionnaire loads and, once feedback is given, says so', async ({
    page,
    request,
  }) => {
    const link = await imageLink(request, MR.accession);
    // The questionnaire the server holds for this link: the button waits for it.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/image_viewer_link/questionnaires?*', async (route) => {
      await answered;
      await route.continue();
    });
    const asked = page.waitForResponse((r) =>
      r.url().includes('/api/image_viewer_link/questionnaires'),
    );
    await page.goto(link.path);
    await expect(
      viewer(page).getByRole('button', { name: 'Report quality feedback' }),
    ).toBeDisabled();
    answer();
    const held = (await (await asked).json()) as { questionnaireId: number; title: string };
    expect(held.title).toBe('Report quality feedback');
    const button = viewer(page).getByRole('link', { name: 'Report quality feedback' });
    await expect(button).toHaveAttribute(
      'href',
      `/referrer/report-feedback?imsec=${encodeURIComponent(link.imsec)}`,
    );

    // The referrer gives the feedback (the feedback page's call), then opens the link again.
    const given = await request.post(`/api/image_viewer_link/questionnaires?imsec=${link.imsec}`, {
      data: {
        questionnaireId: held.questionnaireId,
        questionnaireResult: { usefulness: 5, clinicalQuestion: 'yes' },
      },
    });
    expect(given.status(), await given.text()).toBe(200);
    await page.reload();
    await expect(viewer(page).locator('[part="feedback-given"]')).toHaveText(
      'Feedback already provided. Thank you.',
    );
    await expect(viewer(page).locator('[part="feedback"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'imaging-referrer-feedback-given');
  });
});
