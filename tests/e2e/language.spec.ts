/**
 * Issue 13 part 8, "Language": a patient chooses Macedonian in the frame
 * and books two exams. Every step reads in Macedonian (exam names,
 * questionnaires, dates, times with the zone's abbreviation), the choice
 * survives reloads and navigation, <html lang> follows it, and the e-mail
 * the server sends is Macedonian too.
 */
import { expect, test, type Page } from '@playwright/test';
import { clinicPage, startClinicSite } from './clinic-site';
import { expectNoAxeViolations, frameReady, keepScreenshot, mailsTo } from './helpers';

const frame = (page: Page) => page.locator('imaging-frame');
const booking = (page: Page) => page.locator('imaging-booking');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const EMAIL = 'ana.petrovska@example.org';

/** Latin letters of an English text that must not show in a Macedonian step. */
const ENGLISH =
  /\b(Choose|Continue|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|AM|PM|MRI Knee|CT Chest)\b/;

async function chooseMacedonian(page: Page, phone = false): Promise<void> {
  if (phone) await frame(page).getByRole('button', { name: 'Menu' }).click();
  const toggle = frame(page).getByRole('button', { name: /^Language:/ });
  await toggle.click();
  const option = frame(page).getByRole('button', { name: 'Македонски' });
  await expect(option).toHaveAttribute('lang', 'mk');
  await expectNoAxeViolations(page);
  await keepScreenshot(page, `language-${phone ? 'phone' : 'desktop'}-0-menu`);
  await option.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'mk');
  await expect(frame(page)).toHaveAttribute('lang', 'mk');
  if (phone) {
    // The phone menu closes with the choice, the focus back on its button: the page shows in Macedonian.
    const menu = frame(page).locator('.header__toggle');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await menu.click();
  }
  await expect(frame(page).getByRole('link', { name: 'Почетна' }).first()).toBeAttached();
}

/** Answers the screening questions "Не" (no) and submits each form, in Macedonian. */
async function answerQuestionnairesNo(page: Page): Promise<void> {
  await page.waitForURL(/\/questionnaires\?/);
  const asking = () => /\/questionnaires\?/.test(page.url());
  const dialog = page.locator('imaging-questionnaire dialog[open]').first();
  const state = async () =>
    asking()
      ? (
          await dialog
            .locator('h2, .questionnaire__page')
            .allInnerTexts()
            .catch(() => [])
        ).join('|')
      : '(left)';
  for (let form = 0; form < 8; form++) {
    // The next form, or the flow moves on to the clinic step.
    await expect.poll(async () => !asking() || (await dialog.isVisible())).toBe(true);
    if (!asking()) return;
    // The forms name the exams in Macedonian too ("За МРИ на колено"), issue 13.
    await expect(dialog).not.toContainText(/\b(Yes|No|Do you|Next|Submit|MRI Knee|CT Chest)\b/);
    if (form === 0) {
      await expect(
        dialog.getByRole('heading', { name: 'Безбедносни прашања пред МРИ' }),
      ).toBeVisible();
      await expect(dialog.getByText(/^Формулар 1 од \d$/)).toBeVisible();
      await expect(
        dialog
          .getByRole('radiogroup', { name: /срцев пејсмејкер/ })
          .getByRole('radio', { name: 'Да' }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await keepScreenshot(page, 'language-desktop-2-questionnaire');
    }
    for (const group of await dialog.getByRole('radiogroup').all())
      await group.getByRole('radio', { name: 'Не', exact: true }).check();
    const before = await state();
    await dialog.locator('form button[type=submit]').click();
    // Another page or form, or the flow left: a busy button is not yet a new state.
    await expect.poll(state).not.toBe(before);
  }
}

test.describe('R-1-25 a patient books in Macedonian (issue 13 part 8)', () => {
  test('desktop: chosen in the frame, two exams, every step and the e-mail in Macedonian, kept through reloads, tabs and the e-mail link', async ({
    page,
    context,
    browser,
  }) => {
    await page.goto('/');
    await frameReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-AU');
    await chooseMacedonian(page);

    // Exam step: the catalogue and the provider's banner in Macedonian.
    await expect(heading(page, 'Изберете снимање')).toBeVisible();
    await expect(frame(page).locator('[part="banner"]')).toContainText(
      'Работно време за празниците',
    );
    await booking(page).getByRole('radio', { name: 'Повеќе снимања' }).check();
    for (const [modality, exam] of [
      ['МРИ', 'МРИ на колено'],
      ['КТ', 'КТ на гради'],
    ]) {
      await booking(page).getByRole('button', { name: modality, exact: true }).click();
      await booking(page).getByRole('button', { name: exam, exact: true }).click();
    }
    await expect(booking(page)).not.toContainText(ENGLISH);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'language-desktop-1-exams');
    await booking(page).getByRole('button', { name: 'Продолжи' }).click();
    await answerQuestionnairesNo(page);

    // Clinic step, after a reload: still Macedonian.
    await expect(heading(page, 'Изберете клиника')).toBeVisible();
    await page.reload();
    await expect(heading(page, 'Изберете клиника')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'mk');
    await booking(page).getByLabel('Регион').selectOption({ label: 'Сиднеј' });
    await booking(page).getByRole('button', { name: 'Избери Harbour Imaging Sydney CBD' }).click();

    // Time step: Macedonian dates, 24-hour times, the clinic's zone as AEDT/AEST.
    await expect(heading(page, 'Изберете термин')).toBeVisible();
    await expect(booking(page).getByText(/Се вчитуваат слободните термини/)).toHaveCount(0);
    const combination = booking(page).getByRole('button', { name: /МРИ на колено.*КТ на гради/ });
    if ((await combination.count()) === 0)
      await booking(page).getByRole('button', { name: 'Најди го првиот слободен термин' }).click();
    await combination.first().click();
    const label = await combination.first().innerText();
    expect(label).toMatch(/\d{1,2}:\d{2}/);
    expect(label).toMatch(/AE[DS]T/); // the test browser runs on UTC
    await expect(booking(page)).toContainText(
      /(понеделник|вторник|среда|четврток|петок|сабота|недела), \d{1,2} [а-ј]+ 20\d\d г\./,
    );
    await expect(booking(page)).not.toContainText(ENGLISH);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'language-desktop-3-time');
    await booking(page).getByRole('button', { name: 'Продолжи' }).click();

    // Details.
    await expect(heading(page, 'Ваши податоци')).toBeVisible();
    const form = booking(page);
    await form.getByLabel('Име', { exact: true }).fill('Ана');
    await form.getByLabel('Презиме').fill('Петровска');
    await form.getByLabel('Датум на раѓање').fill('1986-03-14');
    await form.getByLabel('Е-пошта').fill(EMAIL);
    await form.getByLabel('Телефонски број').fill('0412345678');
    await form.getByLabel('Женски', { exact: true }).check();
    await form.getByLabel('Поштенски број').fill('2000');
    await expect(booking(page)).not.toContainText(ENGLISH);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'language-desktop-4-details');
    await form.getByRole('button', { name: 'Резервирај термин' }).click();

    // The appointment page: exam names, preparation and dates in Macedonian.
    await expect(heading(page, 'Резервацијата е потврдена')).toBeVisible();
    const page_ = page.locator('imaging-appointment');
    await expect(page_).toContainText('МРИ на колено');
    await expect(page_).toContainText('КТ на гради');
    await expect(page_).toContainText('Оставете ги накитот, часовникот и шнолите дома');
    await expect(page_).toContainText(/20\d\d г\./);
    await expect(page_).not.toContainText(ENGLISH);
    await expect(page_).toHaveAttribute('lang', 'mk');
    // The documents section: exam names and the provider's document types.
    const documents = page_.locator('[part="attachments"]');
    await expect(documents).toContainText('Прикачи Упат за МРИ на колено');
    await expect(documents).not.toContainText(/Referral|Medicare card|MRI Knee/);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'language-desktop-5-confirmed');
    await page.reload();
    await expect(heading(page, 'Резервацијата е потврдена')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'mk');

    // What the server sent (issue 13): one confirmation for the booking, in Macedonian,
    // naming both exams, its link opening the portal in Macedonian.
    await expect
      .poll(async () => (await mailsTo(page.request, EMAIL)).length, { timeout: 20_000 })
      .toBe(1);
    await page.waitForTimeout(3000); // nothing further comes for this booking
    const all = await mailsTo(page.request, EMAIL);
    expect(all).toHaveLength(1);
    const mails = all.join('\n');
    expect(mails).toContain('Почитувани Ана Петровска,');
    expect(mails).toContain('Вашите термини се закажани.');
    expect(mails).toContain('Преглед: МРИ на колено');
    expect(mails).toContain('Преглед: КТ на гради');
    expect(mails).toMatch(/Кога: .* 20\d\d г\. во \d{1,2}:\d{2} AE[DS]T/);
    expect(mails).toMatch(/Subject: Вашите термини за МРИ на колено и КТ на гради од /);
    expect(mails).not.toMatch(/Dear|Your appointment is booked/);
    const link = /(https?:\/\/\S+\/appointments\/[\w-]+\?lang=mk)\b/.exec(mails)?.[1];
    expect(link, mails).toBeTruthy();

    // The patient closes the tab and comes back in a new one: still Macedonian.
    await page.close();
    const again = await context.newPage();
    await again.goto('/');
    await expect(heading(again, 'Изберете снимање')).toBeVisible();
    await expect(again.locator('html')).toHaveAttribute('lang', 'mk');

    // On another device (nothing kept), the e-mail's link opens the portal in Macedonian.
    const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const other = await elsewhere.newPage();
      const { pathname, search } = new URL(link!);
      await other.goto(`${pathname}${search}`);
      await expect(heading(other, 'Прегледајте го вашиот термин')).toBeVisible();
      await expect(other.locator('html')).toHaveAttribute('lang', 'mk');
      // The address loses ?lang=: a reload or a later choice is not undone by it.
      await expect(other).not.toHaveURL(/lang=/);
      await expectNoAxeViolations(other);
      for (const [name, size] of [
        ['phone', { width: 390, height: 844 }],
        ['desktop', { width: 1280, height: 900 }],
      ] as const) {
        await other.setViewportSize(size);
        await keepScreenshot(other, `language-email-link-${name}`);
      }
    } finally {
      await elsewhere.close();
    }
  });

  test('phone: the switcher sits in the phone menu, the choice holds on other pages and steps', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await frameReady(page);
    await chooseMacedonian(page, true);
    // The patient opened the menu again (chooseMacedonian) and goes on from there.
    await frame(page).getByRole('link', { name: 'За Harbour Imaging' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('imaging-page')).toContainText('пракса предводена од радиолози');
    await expect(page.locator('html')).toHaveAttribute('lang', 'mk');
    await keepScreenshot(page, 'language-phone-1-about');
    await page.goto('/');
    await expect(heading(page, 'Изберете снимање')).toBeVisible();
    await booking(page).getByRole('button', { name: 'КТ', exact: true }).click();
    await booking(page).getByRole('button', { name: 'КТ на синуси', exact: true }).click();
    await expect(booking(page)).not.toContainText(ENGLISH);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'language-phone-2-exam');
    await booking(page).getByRole('button', { name: 'Продолжи' }).click();
    await booking(page).getByLabel('Регион').selectOption({ label: 'Перт' });
    await booking(page).getByRole('button', { name: 'Избери Harbour Imaging Perth CBD' }).click();
    await expect(heading(page, 'Изберете термин')).toBeVisible();
    await expect(booking(page).getByText(/Се вчитуваат слободните термини/)).toHaveCount(0);
    const slot = booking(page).locator('button.slot').first();
    if ((await slot.count()) === 0)
      await booking(page).getByRole('button', { name: 'Најди го првиот слободен термин' }).click();
    await slot.click();
    await expect(slot).toHaveAttribute('aria-label', /\d{1,2}:\d{2} AWST/);
    await expect(booking(page)).not.toContainText(ENGLISH);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'language-phone-3-time');
  });

  test("a clinic's page: the element in Macedonian marks itself, the clinic's <html lang> stays", async ({
    page,
  }) => {
    const portal = new URL(test.info().project.use.baseURL!).origin;
    // The clinic origin the server allows (the embedding journeys close theirs after their file).
    const site = await startClinicSite(Number(process.env.E2E_CLINIC_PORT), {
      '/book-mk': clinicPage(
        'Закажете снимање',
        `<script type="module" src="${portal}/elements/booking.js"></script>
        <imaging-booking api-base="${portal}" locale="mk"></imaging-booking>`,
      ),
    });
    try {
      await page.goto(`${site.origin}/book-mk`);
      await expect(heading(page, 'Изберете снимање')).toBeVisible();
      await expect(booking(page)).toHaveAttribute('lang', 'mk');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-AU');
      await booking(page).getByRole('button', { name: 'Ултразвук', exact: true }).click();
      await expect(
        booking(page).getByRole('button', { name: 'Ултразвук на тироидна жлезда', exact: true }),
      ).toBeVisible();
    } finally {
      await site.close();
    }
  });
});
