import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot, logInAs } from './helpers';
import {
  auditOf,
  codeFrom,
  CT,
  DX_WAITING,
  imageCount,
  patientKey,
  US_EXPIRED,
} from './imaging-helpers';

/**
 * Issue 17: a patient's results (/appointments/{key}/result) against the
 * real server: the log-in of type APPOINTMENT_RESULTS with the code from the
 * e-mail, the report and its PDF, pain scores and images; results not yet
 * released; results past their access period. Booking keys of the seeded
 * studies come from the development route.
 */
const results = (page: Page) => page.locator('imaging-results');

const PAIN_LABELS = { PAIN_SCORE_INITIAL: 'Before the scan', PAIN_SCORE_FINAL: 'After the scan' };
const PAIN_WORDS = ['no pain', 'mild pain', 'moderate pain', 'severe pain'];

/**
 * R-1-19, R-2.4-33: the page shows each pain score the server holds for the
 * appointment, in order, by its moment, its score out of 10 and in words
 * (not by colour alone), under the scale's meaning.
 */
async function expectPainScoresAsHeld(page: Page, slug: string): Promise<void> {
  const held = await page.evaluate(
    (s) =>
      fetch(`/api/secured/appointments/${s}/pain_score`).then(
        (r) => r.json() as Promise<{ painScores: { type: string; score: number }[] }>,
      ),
    slug,
  );
  expect(held.painScores.map((score) => score.type)).toEqual([
    'PAIN_SCORE_INITIAL',
    'PAIN_SCORE_FINAL',
  ]);
  const section = results(page).locator('[part="pain-scores"]');
  await expect(section.getByRole('heading', { name: 'Your pain scores' })).toBeVisible();
  await expect(section.locator('[part="pain-scale"]')).toHaveText(
    'On a scale from 0 (no pain) to 10 (the worst pain imaginable).',
  );
  const items = section.getByRole('listitem');
  await expect(items).toHaveCount(held.painScores.length);
  for (const [i, { type, score }] of held.painScores.entries()) {
    const item = items.nth(i);
    await expect(item).toContainText(PAIN_LABELS[type as keyof typeof PAIN_LABELS]);
    await expect(item).toContainText(`${score} out of 10`);
    const words = await item.innerText();
    expect(PAIN_WORDS.filter((w) => words.includes(w))).toHaveLength(1);
    // The bar repeats the number for the eye only.
    await expect(item.locator('meter')).toHaveAttribute('value', String(score));
    await expect(item.locator('meter')).toHaveAttribute('aria-hidden', 'true');
  }
}

test.describe('patient results', () => {
  test('R-2.1-18, R-2.2-02, R-1-19: a patient logs in to the results and downloads the PDF', async ({
    page,
    request,
  }) => {
    const { bookingKey, slug } = await patientKey(request, CT.accession);
    await page.goto(`/appointments/${bookingKey}/result`);
    await expect(page).toHaveURL(/\/authentication\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('type')).toBe('APPOINTMENT_RESULTS');
    expect(url.searchParams.get('returnUrl')).toBe(`/appointments/${bookingKey}/result`);
    const form = page.getByRole('dialog', { name: 'View your results' });
    await form.getByLabel('Day').fill(CT.dob.day);
    await form.getByLabel('Month').fill(CT.dob.month);
    await form.getByLabel('Year').fill(CT.dob.year);
    await form.getByRole('button', { name: 'Send code' }).click();
    const codeDialog = page.getByRole('dialog', { name: 'Enter your code' });
    await codeDialog.getByLabel('6-digit code').fill(await codeFrom(request, CT.email));
    await codeDialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${bookingKey}/result$`));

    const page1 = results(page);
    await expect(page1.getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();
    const card = page1.locator('[part="results-card"]');
    await expect(card).toHaveAttribute('data-state', 'RELEASED');
    await expect(card.locator('[part="access"]')).toContainText(
      'You can see these results online until',
    );
    await expect(card.locator('[part="report-text"]')).toContainText('Cholelithiasis');
    await expectPainScoresAsHeld(page, slug);
    await expect(imageCount(page)).toHaveText(/^\d+ \/ 96$/, { timeout: 20_000 });

    // The PDF: a real file with the report in it.
    const downloading = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Download the report (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`report-${CT.accession}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');

    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'imaging-results-patient');
    // What the server holds: the patient's reads of the report and its PDF.
    const rows = await auditOf(request, CT.accession);
    const patientReads = rows.filter((row) => row.actorKind === 'patient' && row.outcome === 'ok');
    expect(patientReads.length).toBeGreaterThanOrEqual(2);
  });

  test('on a phone the results read in one column', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { bookingKey, slug } = await patientKey(request, CT.accession);
    await logInAs(page, bookingKey);
    await page.goto(`/appointments/${bookingKey}/result`);
    await expect(results(page).locator('[part="report-text"]')).toContainText('Cholelithiasis');
    await expectPainScoresAsHeld(page, slug);
    // Each pain score stays on the phone's width, its parts wrapping within it.
    for (const box of await results(page)
      .locator('.pain-scores__item')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(390);
    await expect(imageCount(page)).toHaveText(/^\d+ \/ 96$/, { timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'imaging-results-phone');
  });

  test('before release the patient sees when the results will be available', async ({
    page,
    request,
  }) => {
    const { bookingKey, slug } = await patientKey(request, DX_WAITING.accession);
    await logInAs(page, bookingKey);
    await page.goto(`/appointments/${bookingKey}/result`);
    const card = results(page).locator('[part="results-card"]');
    await expect(card).toHaveAttribute('data-state', 'WAITING');
    await expect(card.locator('[part="access"]')).toContainText(
      /Your results will be available on .+, or sooner once your doctor has seen them\./,
    );
    await expect(card.locator('[part="report-text"]')).toHaveCount(0);
    // The server refuses the report itself too.
    const refused = await page.evaluate(
      (s) => fetch(`/api/secured/appointments/${s}/reports`).then((r) => r.status),
      slug,
    );
    expect(refused).toBe(403);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'imaging-results-waiting');
  });

  test('R-4-deny-09: after the access period the deny page says the results expired', async ({
    page,
    request,
  }) => {
    const { bookingKey } = await patientKey(request, US_EXPIRED.accession);
    await logInAs(page, bookingKey);
    await page.goto(`/appointments/${bookingKey}/result`);
    await expect(page).toHaveURL(/\/deny\?resultsExpired=true$/);
    await expect(page.locator('imaging-deny').getByRole('alert')).toHaveText(
      'These results are no longer available online.',
    );
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'imaging-results-expired');
  });
});
