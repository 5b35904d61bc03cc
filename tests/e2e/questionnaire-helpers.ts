import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Paths of the booking flow's exam step (/, /home, /kiosk, /advanced-booking, under /iframe too). */
const EXAM_STEP = /^\/(iframe\/)?(home|kiosk|advanced-booking)?$/;
/**
 * The portal path the page shows: its pathname, or, for an element alone on a
 * clinic's page with url-state, the path mirrored into its hash (#imaging:/path?query).
 */
function portalPath(url: URL): string {
  if (!url.hash.startsWith('#imaging:')) return url.pathname;
  return new URL(decodeURI(url.hash.slice('#imaging:'.length)), url.origin).pathname;
}
const onQuestionnaires = (page: Page) => /\/questionnaires$/.test(portalPath(new URL(page.url())));

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
 * exam step (exam → questionnaire → location → time). Journeys that
 * are about something else call this after "Continue" on the exam step: it
 * waits until the flow has left the exam step and, when the questionnaire
 * route opened, answers every question neutrally ("No", "Something else", or
 * the first choice) and submits, until the flow moves on.
 */
export async function passQuestionnaires(page: Page): Promise<void> {
  await page.waitForURL((url) => !EXAM_STEP.test(portalPath(url)));
  for (let round = 0; round < 12 && onQuestionnaires(page); round++) {
    const dialog = page.locator('imaging-questionnaire dialog[open]').first();
    try {
      await dialog.waitFor({ state: 'visible', timeout: 5000 });
    } catch {
      if (!onQuestionnaires(page)) return;
      throw new Error('the questionnaire route showed no questionnaire');
    }
    // The form's code may still be arriving ("Loading…" in the dialog): a patient waits for the questions.
    await dialog.locator('form').waitFor({ state: 'visible' });
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

interface SurveyElement {
  type?: string;
  name?: string;
  isRequired?: boolean;
  visibleIf?: string;
  choices?: (string | { value: unknown })[];
  elements?: SurveyElement[];
}

/** A neutral answer to one question: "no", else the first choice; undefined to leave it out. */
function neutralAnswer(element: SurveyElement): unknown {
  const values = (element.choices ?? []).map((c) => (typeof c === 'object' ? c.value : c));
  switch (element.type) {
    case 'radiogroup':
    case 'dropdown':
      return values.includes('no') ? 'no' : values[0];
    case 'checkbox':
      return element.isRequired ? values.slice(0, 1) : undefined;
    case 'boolean':
      return element.isRequired ? true : undefined;
    case 'rating':
      return element.isRequired ? 1 : undefined;
    case 'text':
    case 'comment':
      return element.isRequired ? 'None' : undefined;
    default:
      return undefined;
  }
}

function neutralAnswers(elements: SurveyElement[], answers: Record<string, unknown>): void {
  for (const element of elements) {
    // Questions shown only for some answers stay hidden with neutral answers.
    if (element.visibleIf) continue;
    if (element.elements) neutralAnswers(element.elements, answers);
    const value = neutralAnswer(element);
    if (element.name && value !== undefined) answers[element.name] = value;
  }
}

/**
 * Specs that book through the API without the UI: the server refuses exams
 * whose safety screening (MRI safety, CT contrast: the before-booking
 * questionnaires that can deny a booking or make it a request) the key has
 * not answered (409 message.questionnaire_required). Lists the exams'
 * screenings for the key and stores neutral answers ("No", else the first
 * choice), as a patient clearing them would.
 */
export async function answerSafetyQuestionnaires(
  request: APIRequestContext,
  bookingKey: string,
  examSlugs: string[],
): Promise<void> {
  const query = new URLSearchParams({
    examSlugs: examSlugs.join(','),
    bookingKey,
    types: 'CREATE_BOOKING_REQUEST',
  });
  const listed = await request.get(`/api/questionnaires?${query.toString()}`);
  expect(listed.status(), await listed.text()).toBe(200);
  const { questionnaires } = (await listed.json()) as {
    questionnaires: {
      id: number;
      examSlugs: string[];
      json: { pages?: { elements?: SurveyElement[] }[] };
    }[];
  };
  for (const questionnaire of questionnaires) {
    const answers: Record<string, unknown> = {};
    for (const page of questionnaire.json.pages ?? []) neutralAnswers(page.elements ?? [], answers);
    const saved = await request.post('/api/questionnaires/temporary_answers', {
      data: {
        bookingKey,
        questionnaireId: questionnaire.id,
        questionnaireResult: answers,
        examSlug: examSlugs.find((slug) => questionnaire.examSlugs.includes(slug)) ?? examSlugs[0],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
}
