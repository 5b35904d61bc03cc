import { expect, type Page } from '@playwright/test';

/** Paths of the booking flow's exam step (/, /home, /kiosk, /advanced-booking, under /iframe too). */
const EXAM_STEP = /^\/(iframe\/)?(home|kiosk|advanced-booking)?$/;
const onQuestionnaires = (page: Page) => /\/questionnaires$/.test(new URL(page.url()).pathname);

/** Where the questionnaire route is: its open modal's title and page, its errors, or gone. */
async function questionnaireState(page: Page): Promise<string> {
  if (!onQuestionnaires(page)) return '(left)';
  const open = page.locator('imaging-questionnaire dialog[open]');
  const errors = await open.locator('.question__error').count();
  if (errors > 0)
    return `(errors: ${(await open.locator('.question__error').allInnerTexts()).join('; ')})`;
  const [title = ''] = await open.locator('h2').allInnerTexts();
  const [pageText = ''] = await open.locator('.questionnaire__page').allInnerTexts();
  return `${title}|${pageText}`;
}

/**
 * The booking flow asks the exams' before-booking questionnaires after the
 * exam step (issue 5: exam → questionnaire → location → time). Journeys that
 * are about something else call this after "Continue" on the exam step: it
 * waits until the flow has left the exam step and, when the questionnaire
 * route opened, answers every question neutrally ("No", "Something else", or
 * the first choice) and submits, until the flow moves on.
 */
export async function passQuestionnaires(page: Page): Promise<void> {
  await page.waitForURL((url) => !EXAM_STEP.test(url.pathname));
  for (let round = 0; round < 12 && onQuestionnaires(page); round++) {
    const dialog = page.locator('imaging-questionnaire dialog[open]').first();
    try {
      await dialog.waitFor({ state: 'visible', timeout: 5000 });
    } catch {
      if (!onQuestionnaires(page)) return;
      throw new Error('the questionnaire route showed no questionnaire');
    }
    for (const group of await dialog.getByRole('radiogroup').all()) {
      const preferred = [
        group.getByRole('radio', { name: 'No', exact: true }),
        group.getByRole('radio', { name: 'Something else', exact: true }),
        group.getByRole('radio').first(),
      ];
      for (const choice of preferred) {
        if ((await choice.count()) > 0) {
          await choice.check();
          break;
        }
      }
    }
    const before = await questionnaireState(page);
    await dialog.locator('form button[type=submit]').click();
    await expect.poll(() => questionnaireState(page)).not.toBe(before);
    const after = await questionnaireState(page);
    if (after.startsWith('(errors')) throw new Error(`questionnaire not accepted ${after}`);
  }
}
