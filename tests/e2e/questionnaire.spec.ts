import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, frameReady, keepScreenshot } from './helpers';
import { answerSafetyQuestionnaires, passQuestionnaires } from './questionnaire-helpers';

/**
 * Questionnaire journeys against the real server and its seeded
 * questionnaires: MRI safety (deny, exam change, minimum date, Medicare),
 * CT contrast (booking request), and after booking pain score, consent
 * forms and feedback.
 */
const booking = (page: Page) => page.locator('imaging-booking');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const PHONE = { width: 390, height: 844 };

/** The exam step: a scan type, an exam, Continue. */
async function chooseExam(page: Page, modality: string, exam: string): Promise<void> {
  await page.goto('/');
  await frameReady(page);
  await booking(page).getByRole('button', { name: modality, exact: true }).click();
  await booking(page).getByRole('button', { name: exam, exact: true }).click();
  await booking(page).getByRole('button', { name: 'Continue' }).click();
}

function radio(scope: Locator, question: RegExp, answer: string): Locator {
  return scope
    .getByRole('radiogroup', { name: question })
    .getByRole('radio', { name: answer, exact: true });
}

interface MriAnswers {
  pacemaker?: 'Yes' | 'No';
  pregnant?: 'Yes' | 'No' | 'Not sure';
  claustrophobic?: 'Yes' | 'No';
  medicare?: 'Yes' | 'No';
}

/** Answers the seeded MRI safety screening (two pages) and submits it. */
async function answerMriSafety(page: Page, answers: MriAnswers, shots?: string): Promise<void> {
  await expect(page).toHaveURL(/\/questionnaires\?/);
  const dialog = page.getByRole('dialog', { name: 'MRI safety screening' });
  await expect(dialog).toBeVisible();
  if (shots) {
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `${shots}-desktop`);
  }
  await radio(dialog, /pacemaker/, answers.pacemaker ?? 'No').check();
  await radio(dialog, /metal in your body/, 'No').check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Page 2 of 2')).toBeVisible();
  await radio(dialog, /pregnant/, answers.pregnant ?? 'No').check();
  await radio(dialog, /enclosed spaces/, answers.claustrophobic ?? 'No').check();
  await radio(dialog, /Medicare rebate/, answers.medicare ?? 'No').check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
}

const PATIENT = {
  firstName: 'Ava',
  lastName: 'Nguyen',
  dateOfBirth: '1979-03-02',
  email: 'ava.nguyen@example.org',
  contactNumber: '0412345678',
  sex: 'FEMALE',
  postalCode: '2000',
};

function isoToday(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Books the next free MRI Knee at Sydney CBD through the API and logs in as its holder. */
async function bookAndLogIn(page: Page): Promise<{ bookingKey: string; slug: string }> {
  const request: APIRequestContext = page.request;
  const { bookingKey } = (await (await request.post('/api/booking/booking_key')).json()) as {
    bookingKey: string;
  };
  const clinics = (await (
    await request.get('/api/booking/clinics?examSlug=mri-knee&regionSlug=sydney')
  ).json()) as { id: number; name: string }[];
  const clinic = clinics.find((item) => item.name === 'Harbour Imaging Sydney CBD') ?? clinics[0]!;
  const slot = (await (
    await request.get(
      `/api/booking/find_next_available?examSlug=mri-knee&clinicIds=${clinic.id}&from=${isoToday()}`,
    )
  ).json()) as { deviceId: number; startDateTime: string };
  await answerSafetyQuestionnaires(request, bookingKey, ['mri-knee']);
  const created = await request.post('/api/booking/appointments', {
    data: {
      bookingKey,
      examSlug: 'mri-knee',
      clinicId: clinic.id,
      deviceId: slot.deviceId,
      startDateTime: slot.startDateTime,
      patient: PATIENT,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const login = await request.post('/api/dev/patient-login', { data: { bookingKey } });
  expect(login.status()).toBe(204);
  const summary = (await (
    await request.post('/api/secured/appointments/summary', { data: { bookingKey } })
  ).json()) as { appointments: { slug: string }[] };
  return { bookingKey, slug: summary.appointments[0]!.slug };
}

const afterBookingUrl = (bookingKey: string, types: string) =>
  `/questionnaires?bookingKey=${bookingKey}&types=${types}&backUrl=/appointments/${bookingKey}`;

test.describe('questionnaires before booking', () => {
  test('R-4-quest-04, R-1-14: a pacemaker answer denies online booking with a clear message and the phone number', async ({
    page,
  }) => {
    await chooseExam(page, 'MRI', 'MRI Knee');
    // R-4-create-14: exam → questionnaire; the route takes every parameter (R-2.2-04).
    await expect(page).toHaveURL(/\/questionnaires\?.*examSlug=mri-knee/);
    await expect(page).toHaveURL(/bookingKey=/);
    const dialog = page.getByRole('dialog', { name: 'MRI safety screening' });
    await expect(dialog).toBeVisible();
    // R-5-23/24: numbered, required marked.
    await expect(
      dialog.getByRole('radiogroup', {
        name: /^1\. Do you have a cardiac pacemaker.* \(required\)$/,
      }),
    ).toBeVisible();
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'questionnaire-mri-safety-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await answerMriSafety(page, { pacemaker: 'Yes' }, 'questionnaire-mri-safety');
    const denial = page.locator('imaging-questionnaire').getByRole('alert');
    await expect(denial).toContainText('We cannot book an MRI online');
    await expect(denial).toContainText('(02) 5550 0100');
    // The number is tap-to-call.
    await expect(denial.getByRole('link', { name: '(02) 5550 0100' })).toHaveAttribute(
      'href',
      'tel:0255500100',
    );
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'questionnaire-denied');
  });

  test('R-2.5-19/20: the modal is static; closing asks first and goes back to the exam step', async ({
    page,
  }) => {
    await chooseExam(page, 'MRI', 'MRI Knee');
    const dialog = page.getByRole('dialog', { name: 'MRI safety screening' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close the questionnaire' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Leave the questionnaire?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'questionnaire-close-confirmation');
    await confirm.getByRole('button', { name: 'Leave' }).click();
    await expect(heading(page, 'Choose your scan')).toBeVisible();
    await expect(page).toHaveURL(/examSlug=mri-knee/);
  });

  test('R-4-quest-08/13, R-9-16: a claustrophobia answer changes the exam and the flow reloads with it', async ({
    page,
  }) => {
    await chooseExam(page, 'MRI', 'MRI Knee');
    await answerMriSafety(page, { claustrophobic: 'Yes' });
    await expect(page).toHaveURL(/changedExamSlug=mri-knee/);
    await expect(page).toHaveURL(/examSlug=mri-knee-wide-bore/);
    // The moved answers cover the new exam; the answer also says what it means for
    // the visit (issue 13), then on to the location.
    const result = page.locator('imaging-questionnaire [part="questionnaire-result"]');
    await expect(result).toContainText('enclosed spaces');
    await result.getByRole('button', { name: 'Continue' }).click();
    await expect(heading(page, 'Choose a clinic')).toBeVisible();
    await expect(page).toHaveURL(/\/select-region\?.*examSlug=mri-knee-wide-bore/);
  });

  test('R-4-quest-10: a pregnancy answer restricts the earliest date, visibly in the slot picker', async ({
    page,
  }) => {
    await chooseExam(page, 'MRI', 'MRI Knee');
    await answerMriSafety(page, { pregnant: 'Yes', medicare: 'Yes' });
    await expect(heading(page, 'Choose a clinic')).toBeVisible();
    const url = new URL(page.url());
    const minDate = url.searchParams.get('restrictMinDate');
    expect(minDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(minDate! > isoToday()).toBe(true);
    expect(url.searchParams.get('medicareNumberRequired')).toBe('true');
    await booking(page).getByLabel('Region').selectOption({ label: 'Sydney' });
    await booking(page).getByRole('button', { name: 'Choose Harbour Imaging Sydney CBD' }).click();
    await expect(heading(page, 'Choose a time')).toBeVisible();
    const note = booking(page).locator('[part="min-date-note"]');
    await expect(note).toContainText('the earliest day you can book is');
    await expect(note).toHaveAttribute('data-min-date', minDate!);
    await expect(booking(page).getByRole('button', { name: 'Previous week' })).toBeDisabled();
    await expect(booking(page).getByText(/Loading free times/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'questionnaire-min-date-slots');
    // The booking form asks for the Medicare number the outcome required.
    const slots = booking(page).locator('button.slot');
    if ((await slots.count()) === 0)
      await booking(page).getByRole('button', { name: 'Find next available' }).click();
    await slots.first().click();
    await booking(page).getByRole('button', { name: 'Continue' }).click();
    await expect(heading(page, 'Your details')).toBeVisible();
    await expect(booking(page).getByLabel('Medicare card number').first()).toBeVisible();
  });

  test('R-1-14, CREATE_BOOKING_REQUEST: a contrast risk turns the booking into a booking request', async ({
    page,
  }) => {
    await chooseExam(page, 'CT', 'CT Brain');
    const dialog = page.getByRole('dialog', { name: 'CT contrast screening' });
    await expect(dialog).toBeVisible();
    await radio(dialog, /kidney/, 'Yes').check();
    await radio(dialog, /reacted to an iodine contrast/, 'No').check();
    await radio(dialog, /Veterans/, 'No').check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(heading(page, 'Choose a clinic')).toBeVisible();
    await expect(page).toHaveURL(/isBookingRequest=true/);
    await booking(page).getByLabel('Region').selectOption({ label: 'Sydney' });
    await booking(page).getByRole('button', { name: 'Choose Harbour Imaging Sydney CBD' }).click();
    // No time: a booking request goes straight to the details, and its step bar has no Time.
    await expect(heading(page, 'Your details')).toBeVisible();
    const progress = booking(page).locator('[part="progress"]');
    await expect(progress).toContainText('Your details');
    await expect(progress).not.toContainText('Time');
    const form = booking(page);
    await form.getByLabel('First name').fill('Mia');
    await form.getByLabel('Last name').fill('Thompson');
    await form.getByLabel('Date of birth').fill('1984-06-15');
    await form.getByLabel('Email').fill('mia.thompson@example.org');
    await form.getByLabel('Contact number').fill('0412345678');
    await form.getByLabel('Female', { exact: true }).check();
    await form.getByLabel('Post code').fill('2000');
    await form.getByRole('button', { name: 'Send booking request' }).click();
    await expect(heading(page, 'Booking request sent')).toBeVisible();
    await expect(page).toHaveURL(/\/booking-requests\//);
  });
});

test.describe('questionnaires in the booking funnel', () => {
  test('R-4-create-14, MODALITY_ROUTING: an X-ray asks what brings the patient in; a neutral answer goes on to the clinic', async ({
    page,
  }) => {
    await page.goto('/');
    await frameReady(page);
    await booking(page).getByRole('button', { name: 'X-Ray', exact: true }).click();
    await booking(page).getByRole('button', { name: 'X-ray Knee', exact: true }).click();
    await booking(page).getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('dialog', { name: 'What brings you in?' })).toBeVisible();
    await passQuestionnaires(page);
    await expect(heading(page, 'Choose a clinic')).toBeVisible();
    await expect(page).toHaveURL(/\/select-region\?.*examSlug=xray-knee/);
  });
});

test.describe('questionnaires after booking', () => {
  test('PAIN_SCORE_INITIAL: the pain score is given with the keyboard on a 0–10 scale and saved', async ({
    page,
  }) => {
    const { bookingKey, slug } = await bookAndLogIn(page);
    await page.goto(afterBookingUrl(bookingKey, 'PAIN_SCORE_INITIAL'));
    const dialog = page.getByRole('dialog', { name: 'Pain score before your procedure' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('data-size', 'md');
    const scale = dialog.getByRole('radiogroup', { name: /pain/i }).first();
    await expect(scale.getByRole('radio')).toHaveCount(11);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'questionnaire-pain-score');
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, 'questionnaire-pain-score-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await scale.getByRole('radio', { name: '0', exact: true }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
    await expect(scale.getByRole('radio', { name: '7', exact: true })).toBeChecked();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/appointments/${bookingKey}`);
    const saved = (await (
      await page.request.get(
        `/api/secured/appointments/${slug}/questionnaires?types=PAIN_SCORE_INITIAL`,
      )
    ).json()) as {
      allQuestionnaireAnswers: { questionnaireType: string; painScore: number | null }[];
    };
    expect(
      saved.allQuestionnaireAnswers.find(
        (answer) => answer.questionnaireType === 'PAIN_SCORE_INITIAL',
      )?.painScore,
    ).toBe(7);
  });

  test('R-1-22: consent forms are signed, by typing the name and by drawing', async ({ page }) => {
    const { bookingKey, slug } = await bookAndLogIn(page);
    const before = (await (
      await page.request.get(`/api/secured/appointments/${slug}/consent_forms`)
    ).json()) as { appointmentConsentForms: { answered: boolean }[] };
    const count = before.appointmentConsentForms.filter((form) => !form.answered).length;
    expect(count).toBeGreaterThan(0);
    await page.goto(afterBookingUrl(bookingKey, 'CONSENT_FORM'));
    for (let index = 0; index < count; index++) {
      const open = page.getByRole('dialog').first();
      await expect(open).toBeVisible();
      const title = (await open.getByRole('heading', { level: 2 }).innerText()).trim();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog.locator('canvas')).toBeVisible();
      if (index === 0) {
        await expectNoAxeViolations(page);
        await keepScreenshot(page, 'questionnaire-consent');
      }
      await radio(dialog, /I agree/, 'Yes').check();
      if (index === 0) {
        await dialog.getByLabel('Or type your full name').fill('Ava Nguyen');
      } else {
        const box = (await dialog.locator('canvas').boundingBox())!;
        await page.mouse.move(box.x + 20, box.y + 30);
        await page.mouse.down();
        await page.mouse.move(box.x + 120, box.y + 80, { steps: 8 });
        await page.mouse.move(box.x + 220, box.y + 40, { steps: 8 });
        await page.mouse.up();
        await expect(dialog.getByText('Signature drawn.')).toBeVisible();
      }
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog).toBeHidden();
    }
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/appointments/${bookingKey}`);
    const after = (await (
      await page.request.get(`/api/secured/appointments/${slug}/consent_forms`)
    ).json()) as { answers: { questionnaireResult: { signature?: string } }[] };
    expect(after.answers).toHaveLength(count);
    expect(after.answers.map((answer) => answer.questionnaireResult.signature)).toContain(
      'Ava Nguyen',
    );
  });

  test('R-4-feedback-01..03, R-9-23: feedback is answered once; the second time shows "already answered"', async ({
    page,
  }) => {
    const { bookingKey } = await bookAndLogIn(page);
    await page.goto(afterBookingUrl(bookingKey, 'FEEDBACK'));
    const dialog = page.getByRole('dialog', { name: 'How was your visit?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'questionnaire-feedback');
    const rating = dialog.getByRole('radiogroup').first();
    await rating.getByRole('radio').last().check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Thank you for your feedback.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const thanked = Date.now();
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 8000 })
      .toBe(`/appointments/${bookingKey}`);
    expect(Date.now() - thanked).toBeGreaterThan(3000);
    await page.goto(afterBookingUrl(bookingKey, 'FEEDBACK'));
    await expect(
      page.getByText('Thank you: these questions have already been answered.'),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
