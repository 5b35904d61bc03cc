import '../../widgets/questionnaire/define';
import { emptyOutcome } from '../../src/domain/questionnaire/outcomes';
import { assert, equal, waitFor } from './assert';

/**
 * Issue 13, defect 10: the questionnaires in the context of the booking.
 * The page behind the modal names the exams, the clinic and the forms; a
 * choice is offered only for the exams it fits; what the answers mean for
 * the visit is said before the next step, with a tap-to-call number.
 */
type Navigated = CustomEvent<{ path: string; search: string }>;

const realFetch = window.fetch.bind(window);
let navigations: Navigated[] = [];
const onNavigated = (event: Event) => {
  event.preventDefault();
  navigations.push(event as Navigated);
};
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const EXAM = (slug: string, name: string, modality: string, bodyPart: string, id: number) => ({
  slug,
  name,
  modalityId: id,
  modality,
  bodyPart,
});
const KNEE = EXAM('xray-knee', 'X-ray Knee', 'x-ray', 'knee', 3);
const CHEST = EXAM('xray-chest', 'Chest X-ray', 'x-ray', 'chest', 3);
const MAMMOGRAM = EXAM('mammogram-screening', 'Screening mammogram', 'mammography', 'breast', 6);

const routing = {
  id: 7,
  type: 'MODALITY_ROUTING',
  title: 'What brings you in?',
  modalSize: 'md',
  showClosingConfirmation: false,
  examSlugs: [],
  modalityIds: [3, 6],
  general: false,
  json: {
    title: 'What brings you in?',
    pages: [
      {
        name: 'reason',
        elements: [
          {
            type: 'radiogroup',
            name: 'reason',
            title: 'What is the scan for?',
            isRequired: true,
            choices: [
              { value: 'injury', text: 'An injury in the last few days' },
              {
                value: 'screening',
                text: 'Breast screening, with no symptoms',
                visibleIf: "{booking.bodyParts} contains 'breast'",
              },
              { value: 'other', text: 'Something else' },
            ],
          },
        ],
      },
    ],
  },
};

function stubApi(exams: unknown[], outcome: Record<string, unknown> = {}): void {
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), location.href);
    if (url.pathname === '/api/booking/clinics/by_ids')
      return json([{ id: 2, name: 'Harbour Imaging Sydney CBD' }]);
    if (url.pathname === '/api/questionnaires')
      return json({
        questionnaires: [routing],
        exams,
        bookingKey: 'BK-C-1',
        examQuestionnaireAnswers: [],
        allQuestionnaireAnswers: [],
      });
    if (url.pathname.endsWith('/temporary_answers')) return json({ id: 1 });
    if (url.pathname.endsWith('/process_outcomes')) return json({ ...emptyOutcome(), ...outcome });
    return realFetch(input, init);
  };
}

function mount(search: string) {
  const element = document.createElement('imaging-questionnaire');
  element.setAttribute('path', '/questionnaires');
  element.setAttribute('search', search);
  document.body.append(element);
  return element;
}

const root = (element: HTMLElement) => element.shadowRoot!;
const choices = (element: HTMLElement) =>
  [...root(element).querySelectorAll('dialog[open] .choice span')].map((span) => span.textContent);

describe('<imaging-questionnaire> in the context of the booking (issue 13)', () => {
  beforeEach(() => {
    navigations = [];
    document.addEventListener('imaging-navigated', onNavigated);
  });
  afterEach(() => {
    document.removeEventListener('imaging-navigated', onNavigated);
    document.querySelectorAll('imaging-questionnaire').forEach((element) => element.remove());
    window.fetch = realFetch;
  });

  it('R-4-quest-01: the page behind the modal names the exams and the clinic; the modal says which exam the form is for', async () => {
    stubApi([KNEE, CHEST]);
    const element = mount('?examSlug=xray-knee,xray-chest&selectedClinic=2');
    const intro = await waitFor(
      () => root(element).querySelector<HTMLElement>('[part="questionnaire-intro"]'),
      'the intro',
    );
    await waitFor(() => intro.textContent?.includes('X-ray Knee and Chest X-ray'), 'exam names');
    equal(intro.querySelector('h1')?.textContent, 'Before you choose a time', 'the page heading');
    assert(intro.textContent?.includes('At Harbour Imaging Sydney CBD'), 'the clinic');
    assert(intro.textContent?.includes('Then you choose a time.'), 'what comes next');
    const dialog = await waitFor(
      () => root(element).querySelector<HTMLDialogElement>('dialog[open]'),
      'the modal',
    );
    equal(
      dialog.querySelector('.questionnaire__about')?.textContent,
      'For X-ray Knee and Chest X-ray',
      'the form says what it is for',
    );
    assert(dialog.contains(root(element).activeElement), 'the focus is in the modal');
  });

  it('R-1-14: breast screening is not offered for a knee and a chest; it is for a mammogram', async () => {
    stubApi([KNEE, CHEST]);
    const knee = mount('?examSlug=xray-knee,xray-chest');
    await waitFor(() => choices(knee).length > 0, 'choices');
    equal(
      JSON.stringify(choices(knee)),
      JSON.stringify(['An injury in the last few days', 'Something else']),
    );
    knee.remove();
    stubApi([KNEE, MAMMOGRAM]);
    const breast = mount('?examSlug=xray-knee,mammogram-screening');
    await waitFor(() => choices(breast).length > 0, 'choices');
    assert(choices(breast).includes('Breast screening, with no symptoms'), 'offered for a breast');
  });

  it('R-4-quest-03 PATIENT_NOTE: the answers’ meaning is shown with a tap-to-call number and the focus; Continue goes on', async () => {
    stubApi([KNEE], {
      notes: [
        {
          message: 'questionnaire.flow.deny_phone',
          messageParams: { phone: '(02) 5550 0100' },
        },
      ],
    });
    const element = mount('?examSlug=xray-knee');
    await waitFor(() => choices(element).length > 0, 'choices');
    root(element).querySelector<HTMLInputElement>('dialog[open] input[value=other]')!.click();
    root(element)
      .querySelector<HTMLButtonElement>('dialog[open] form button[type=submit]')!
      .click();
    const result = await waitFor(
      () => root(element).querySelector<HTMLElement>('[part="questionnaire-result"]'),
      'the result',
    );
    const heading = result.querySelector('h2')!;
    await waitFor(() => root(element).activeElement === heading, 'the focus on the result');
    const link = result.querySelector('a')!;
    equal(link.getAttribute('href'), 'tel:0255500100', 'tap to call');
    equal(navigations.length, 0, 'it waits for the patient');
    const intro = root(element).querySelector('[part="questionnaire-intro"]')!;
    assert(!root(element).querySelector('dialog[open]'), 'no modal over the result');
    assert(intro.textContent?.includes('X-ray Knee'), 'the context stays');
    [...result.querySelectorAll('button')].find((b) => b.textContent === 'Continue')!.click();
    const moved = await waitFor(() => navigations[0], 'navigation');
    equal(moved.detail.path, '/select-clinic');
  });
});

declare global {
  function beforeEach(body: () => unknown): void;
}
