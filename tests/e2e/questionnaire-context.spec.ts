import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  frameReady,
  keepScreenshot,
  mailsTo,
  takeFirstFreeTime,
} from './helpers';

/**
 * Issue 13, defect 10 "Questionnaires out of context", as a patient meets
 * it: the before-booking forms open over the portal (its header, a page
 * that says which exams and which forms), the routing question offers only
 * what fits the exams booked, and what an answer means for the visit is
 * shown after the forms, on the booking summary and on the confirmation,
 * with the number tap-to-call. Each journey checks what the server holds.
 */
const booking = (page: Page) => page.locator('imaging-booking');
const flow = (page: Page) => page.locator('imaging-questionnaire');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

function radio(scope: Locator, question: RegExp, answer: string): Locator {
  return scope
    .getByRole('radiogroup', { name: question })
    .getByRole('radio', { name: answer, exact: true });
}

/** The exam step: "Several scans" when more than one, each scan type and exam, Continue. */
async function chooseExams(page: Page, exams: [modality: string, exam: string][]): Promise<void> {
  await page.goto('/');
  await frameReady(page);
  if (exams.length > 1) await booking(page).getByRole('radio', { name: 'Several scans' }).check();
  for (const [modality, exam] of exams) {
    await booking(page).getByRole('button', { name: modality, exact: true }).click();
    await booking(page).getByRole('button', { name: exam, exact: true }).click();
  }
  await booking(page).getByRole('button', { name: 'Continue' }).click();
}

/** The MRI safety screening's two pages, "No" everywhere but the enclosed-spaces answer. */
async function answerMriSafety(dialog: Locator, claustrophobic: 'Yes' | 'No'): Promise<void> {
  await radio(dialog, /pacemaker/, 'No').check();
  await radio(dialog, /metal in your body/, 'No').check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await radio(dialog, /pregnant/, 'No').check();
  await radio(dialog, /enclosed spaces/, claustrophobic).check();
  await radio(dialog, /Medicare rebate/, 'No').check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
}

/** Whether the keyboard focus is inside the open questionnaire modal (in the shadow root). */
function focusInModal(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.querySelector('imaging-questionnaire')?.shadowRoot;
    const active = root?.activeElement;
    return !!active && !!active.closest('dialog[open]');
  });
}

interface StoredAnswers {
  allQuestionnaireAnswers: {
    questionnaireId: number;
    examSlug: string | null;
    questionnaireResult: Record<string, unknown>;
  }[];
  questionnaires: { id: number; title: string }[];
}

test.describe('questionnaires in the context of the booking (issue 13)', () => {
  test('R-2.1-07, R-4-quest-01/02, R-1-14: MRI Knee, CT Chest and Chest X-ray: the forms open over the portal with the exams and "Form 1 of 3"; no breast screening; the server holds the answers', async ({
    page,
  }) => {
    await chooseExams(page, [
      ['MRI', 'MRI Knee'],
      ['CT', 'CT Chest'],
      ['X-Ray', 'Chest X-ray'],
    ]);
    // R-2.1-07, R-2.2-04: the top-level route with every parameter, now inside the frame.
    await expect(page).toHaveURL(/\/questionnaires\?.*examSlug=mri-knee%2Cct-chest%2Cxray-chest/);
    await expect(page).toHaveURL(/backUrl=/);
    await frameReady(page);
    const intro = flow(page).locator('[part="questionnaire-intro"]');
    await expect(intro.getByRole('heading', { level: 1 })).toHaveText('Before you choose a time');
    await expect(intro).toContainText('A few questions for MRI Knee, CT Chest and Chest X-ray');
    await expect(intro).toContainText('Then you choose a clinic and a time.');

    const mri = page.getByRole('dialog', { name: 'MRI safety screening' });
    await expect(mri).toBeVisible();
    await expect(mri.getByText('Form 1 of 3', { exact: true })).toBeVisible();
    await expect(mri.getByText('For MRI Knee', { exact: true })).toBeVisible();
    await expect(intro.locator('[aria-current="step"]')).toContainText('MRI safety screening');
    // The modal has the keyboard: focus inside, and Tab does not leave it.
    await expect.poll(() => focusInModal(page)).toBe(true);
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    expect(await focusInModal(page)).toBe(true);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'questionnaire-context-desktop');
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'questionnaire-context-phone');
    await page.setViewportSize(DESKTOP);

    await answerMriSafety(mri, 'No');
    const ct = page.getByRole('dialog', { name: 'CT contrast screening' });
    await expect(ct.getByText('Form 2 of 3', { exact: true })).toBeVisible();
    await expect(ct.getByText('For CT Chest', { exact: true })).toBeVisible();
    await expect(intro.locator('li[data-state="done"]')).toContainText('MRI safety screening');
    for (const group of await ct.getByRole('radiogroup').all())
      await group.getByRole('radio', { name: 'No', exact: true }).check();
    await ct.getByRole('button', { name: 'Submit' }).click();

    const routing = page.getByRole('dialog', { name: 'What brings you in?' });
    await expect(routing.getByText('Form 3 of 3', { exact: true })).toBeVisible();
    await expect(routing.getByText('For Chest X-ray', { exact: true })).toBeVisible();
    // Issue 13: breast screening is no choice for a knee, a chest and a chest X-ray.
    const reasons = routing.getByRole('radiogroup', { name: /What is the scan for/ });
    await expect(reasons.getByRole('radio')).toHaveCount(2);
    await expect(reasons).not.toContainText('Breast screening');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'questionnaire-context-routing');
    await radio(routing, /What is the scan for/, 'Something else').check();
    await routing.getByRole('button', { name: 'Submit' }).click();

    await expect(heading(page, 'Choose a clinic')).toBeVisible();
    const bookingKey = new URL(page.url()).searchParams.get('bookingKey')!;
    expect(bookingKey).toBeTruthy();
    // What the server holds under the flow's key: the three answers, each with its exam.
    const listed = await page.request.get(
      `/api/questionnaires?examSlugs=mri-knee,ct-chest,xray-chest&bookingKey=${bookingKey}`,
    );
    expect(listed.status(), await listed.text()).toBe(200);
    const stored = (await listed.json()) as StoredAnswers;
    const byTitle = (title: string) => {
      const id = stored.questionnaires.find((q) => q.title === title)?.id;
      return stored.allQuestionnaireAnswers.find((answer) => answer.questionnaireId === id);
    };
    expect(byTitle('MRI safety screening')).toMatchObject({
      examSlug: 'mri-knee',
      questionnaireResult: { pacemaker: 'no', claustrophobic: 'no' },
    });
    expect(byTitle('CT contrast screening')).toMatchObject({
      examSlug: 'ct-chest',
      questionnaireResult: { kidneyDisease: 'no' },
    });
    expect(byTitle('What brings you in?')).toMatchObject({
      examSlug: 'xray-chest',
      questionnaireResult: { reason: 'other' },
    });
  });

  test('R-4-quest-03, R-2.1-23, R-1-14: claustrophobia on an MRI Brain is said after the forms, on the booking summary and on the confirmation, with a tap-to-call number; "How to prepare" does not ask about the pacemaker again', async ({
    page,
  }) => {
    await chooseExams(page, [['MRI', 'MRI Brain']]);
    const mri = page.getByRole('dialog', { name: 'MRI safety screening' });
    await expect(mri.getByText('For MRI Brain', { exact: true })).toBeVisible();
    await answerMriSafety(mri, 'Yes');

    // Where the patient is: the result of the forms, before the next step.
    const result = flow(page).locator('[part="questionnaire-result"]');
    await expect(
      result.getByRole('heading', { name: 'What your answers mean for your visit' }),
    ).toBeFocused();
    await expect(result).toContainText('You told us enclosed spaces make you anxious.');
    await expect(result.getByRole('link', { name: '(02) 5550 0100' })).toHaveAttribute(
      'href',
      'tel:0255500100',
    );
    await expect(page).toHaveURL(/\/questionnaires\?/);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'questionnaire-note-desktop');
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, 'questionnaire-note-phone');
    await page.setViewportSize(DESKTOP);
    await result.getByRole('button', { name: 'Continue' }).click();

    await expect(heading(page, 'Choose a clinic')).toBeVisible();
    // No exam change for a brain: the note is the outcome.
    await expect(page).toHaveURL(/examSlug=mri-brain(&|$)/);
    await booking(page).getByLabel('Region').selectOption({ label: 'Sydney' });
    await booking(page).getByRole('button', { name: 'Choose Harbour Imaging Sydney CBD' }).click();
    await expect(heading(page, 'Choose a time')).toBeVisible();
    await takeFirstFreeTime(booking(page));
    await booking(page).getByRole('button', { name: 'Continue' }).click();

    await expect(heading(page, 'Your details')).toBeVisible();
    const summaryNote = booking(page).locator('[part="answer-notes"]');
    await expect(summaryNote).toContainText('From your answers');
    await expect(summaryNote).toContainText('enclosed spaces');
    await expectNoAxeViolations(page);
    const form = booking(page);
    await form.getByLabel('First name').fill('Noah');
    await form.getByLabel('Last name').fill('Petrov');
    await form.getByLabel('Date of birth').fill('1990-02-11');
    await form.getByLabel('Email').fill('noah.petrov@example.org');
    await form.getByLabel('Contact number').fill('0412345678');
    await form.getByLabel('Male', { exact: true }).check();
    await form.getByLabel('Post code').fill('2000');
    await form.getByRole('button', { name: 'Book appointment' }).click();

    await expect(heading(page, 'Booking confirmed')).toBeVisible();
    const confirmation = page.locator('imaging-appointment');
    const notes = confirmation.locator('[part="patient-notes"]');
    await expect(notes).toContainText('From your answers:');
    await expect(notes).toContainText('You told us enclosed spaces make you anxious.');
    await expect(notes.getByRole('link', { name: '(02) 5550 0100' })).toHaveAttribute(
      'href',
      'tel:0255500100',
    );
    const prepare = confirmation.locator('section', {
      has: page.getByRole('heading', { name: 'How to prepare' }),
    });
    await expect(prepare).toContainText('Leave jewellery');
    await expect(prepare).not.toContainText(/pacemaker/i);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'questionnaire-note-confirmation');

    // What the server holds: the note with the appointment, and in its e-mail.
    const bookingKey = new URL(page.url()).pathname.split('/').pop()!;
    const summary = await page.request.post('/api/secured/appointments/summary', {
      data: { bookingKey },
    });
    expect(summary.status(), await summary.text()).toBe(200);
    const { appointments } = (await summary.json()) as {
      appointments: { examSlug: string; patientNotes: { message: string }[] }[];
    };
    expect(appointments[0]).toMatchObject({
      examSlug: 'mri-brain',
      patientNotes: [{ message: 'message.questionnaire_note_claustrophobia' }],
    });
    await expect
      .poll(async () => (await mailsTo(page.request, 'noah.petrov@example.org')).join('\n'), {
        timeout: 15_000,
      })
      .toContain('You told us enclosed spaces make you anxious.');
    const mail = (await mailsTo(page.request, 'noah.petrov@example.org')).join('\n');
    expect(mail).not.toMatch(/pacemaker/i);
  });
});
