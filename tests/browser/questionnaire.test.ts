import '../../widgets/questionnaire/define';
import { sendKeys } from '@web/test-runner-commands';
import fixture from '../fixtures/questionnaire-all-types.json';
import { $config, loadConfig } from '../../src/stores/config.store';
import { assert, equal, waitFor } from './assert';
import { emptyOutcome } from '../../src/domain/questionnaire/outcomes';

type Navigated = CustomEvent<{ path: string; search: string; replace: boolean }>;

interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

const realFetch = window.fetch.bind(window);
let calls: Recorded[] = [];
let navigations: Navigated[] = [];
/** The test is the host router: it takes the move, so the element does not follow it alone. */
const onNavigated = (event: Event) => {
  event.preventDefault();
  navigations.push(event as Navigated);
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const NO_OUTCOME = emptyOutcome();

/** The questionnaire API of D's contract, answered from the fixture; everything else as before. */
function stubApi(outcome: Record<string, unknown> = {}): void {
  calls = [];
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), location.href);
    if (url.pathname === '/api/booking/clinics/by_ids')
      return json([{ id: 2, name: 'Harbour Imaging Sydney CBD' }]);
    if (!url.pathname.startsWith('/api/questionnaires')) return realFetch(input, init);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    if (url.pathname === '/api/questionnaires')
      return json({
        questionnaires: [fixture],
        exams: [
          { slug: 'mri-knee', name: 'MRI Knee', modalityId: 1, modality: 'mri', bodyPart: 'knee' },
        ],
        bookingKey: 'BK-Q-1',
        examQuestionnaireAnswers: [],
        allQuestionnaireAnswers: [],
      });
    if (url.pathname.endsWith('/temporary_answers')) return json({ id: 1 });
    if (url.pathname.endsWith('/process_outcomes')) return json({ ...NO_OUTCOME, ...outcome });
    return json({ message: 'message.not_found' }, 404);
  };
}

function mount(search = '?examSlug=mri-knee&selectedClinic=2&backUrl=%2F%3FexamSlug%3Dmri-knee') {
  const element = document.createElement('imaging-questionnaire');
  element.setAttribute('path', '/questionnaires');
  element.setAttribute('search', search);
  document.body.append(element);
  return element;
}

const root = (element: HTMLElement) => element.shadowRoot!;
const focused = (element: HTMLElement) => root(element).activeElement as HTMLElement | null;
const question = (element: HTMLElement, name: string) =>
  root(element).querySelector<HTMLFieldSetElement>(`fieldset[data-question="${name}"]`);
const legendText = (element: HTMLElement, name: string) =>
  question(element, name)?.querySelector('legend')?.textContent?.replace(/\s+/g, ' ').trim();
const openDialog = (element: HTMLElement) =>
  waitFor(
    () => root(element).querySelector<HTMLDialogElement>('dialog[open]'),
    'the questionnaire modal',
  );
const submitButton = (element: HTMLElement) =>
  [...root(element).querySelectorAll<HTMLButtonElement>('form button[type=submit]')][0]!;

async function press(key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await sendKeys({ press: key });
}

/** Focuses the element by tabbing, as a keyboard user would, from the current focus. */
async function tabTo(element: HTMLElement, target: Element, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (focused(element) === target) return;
    await sendKeys({ press: 'Tab' });
  }
  throw new Error(`Tab never reached ${target.outerHTML.slice(0, 80)}`);
}

describe('<imaging-questionnaire> renderer', () => {
  beforeEach(() => {
    navigations = [];
    document.addEventListener('imaging-navigated', onNavigated);
  });
  afterEach(() => {
    document.removeEventListener('imaging-navigated', onNavigated);
    document.querySelectorAll('imaging-questionnaire').forEach((element) => element.remove());
    window.fetch = realFetch;
  });

  it('R-4-quest-01, R-2.5-18: the first unanswered questionnaire opens in a modal sized from the questionnaire', async () => {
    stubApi();
    const element = mount();
    const dialog = await openDialog(element);
    equal(dialog.dataset.size, 'lg', 'modal size');
    equal(dialog.querySelector('h2')?.textContent, 'MRI safety questions', 'title');
    const loaded = new URL(calls[0]!.path, location.href).searchParams;
    equal(loaded.get('examSlugs'), 'mri-knee', 'loaded by exam');
    equal(
      loaded.get('types'),
      'CREATE_BOOKING_REQUEST,MODALITY_ROUTING,BOOKING_FORM',
      'patient types',
    );
    await waitFor(() => legendText(element, 'pacemaker'), 'first question');
  });

  it('R-5-23, R-5-24: visible questions are numbered; required ones carry an asterisk and a hidden "required"', async () => {
    stubApi();
    const element = mount();
    await waitFor(() => question(element, 'pacemaker'), 'questions');
    equal(legendText(element, 'pacemaker'), '1. Do you have a pacemaker? * (required)');
    equal(legendText(element, 'weight'), '2. Your weight in kilograms');
    equal(legendText(element, 'pregnant'), '5. Are you or could you be pregnant? * (required)');
    const star = question(element, 'pacemaker')!.querySelector('.question__required')!;
    equal(star.getAttribute('aria-hidden'), 'true', 'the asterisk is decoration');
    const group = question(element, 'pacemaker')!.querySelector('[role=radiogroup]')!;
    equal(group.getAttribute('aria-required'), 'true', 'aria-required on the radio group');
    equal(question(element, 'pacemakerModel'), null, 'the follow-up is hidden');
    // The html element is sanitised: its script and handler never ran.
    await waitFor(() => root(element).querySelector('.question__html strong'), 'html text');
    equal((window as { __pwned?: boolean }).__pwned, undefined, 'no script from the html element');
  });

  it('R-issue5-3: submitting with missing answers shows the errors at the questions and focuses the first', async () => {
    stubApi();
    const element = mount();
    await waitFor(() => question(element, 'pacemaker'), 'questions');
    // The modal opens (and takes the focus) after it renders: focus the button once it holds.
    await openDialog(element);
    await waitFor(() => {
      submitButton(element).focus();
      return focused(element) === submitButton(element);
    }, 'focus on submit');
    await press('Enter');
    const first = await waitFor(
      () => (focused(element)?.matches('input[type=radio]') ? focused(element) : null),
      'focus on the first radio of the first unanswered question',
    );
    equal(first.closest('fieldset')?.dataset.question, 'pacemaker', 'first error focused');
    const group = question(element, 'pacemaker')!.querySelector('[role=radiogroup]')!;
    const errorId = group.getAttribute('aria-describedby')!;
    const error = root(element).getElementById(errorId);
    equal(error?.textContent, 'Please choose an answer.', 'error tied with aria-describedby');
    equal(group.getAttribute('aria-invalid'), 'true', 'aria-invalid');
    assert(
      question(element, 'pregnant')?.dataset.invalid === 'true',
      'the other required question too',
    );
    equal(calls.filter((call) => call.method === 'POST').length, 0, 'nothing saved');
  });

  it('R-2.5-19: the modal is static: Escape does not close it', async () => {
    stubApi();
    const element = mount();
    const dialog = await openDialog(element);
    await waitFor(() => question(element, 'pacemaker'), 'questions');
    question(element, 'pacemaker')!.querySelector<HTMLInputElement>('input')!.focus();
    await press('Escape');
    await press('Escape');
    await new Promise((r) => setTimeout(r, 100));
    assert(dialog.open, 'still open after Escape');
    equal(navigations.length, 0, 'no navigation');
  });

  it('R-2.5-20: closing asks first (showClosingConfirmation) and then goes to the back URL', async () => {
    stubApi();
    const element = mount();
    await openDialog(element);
    const close = await waitFor(
      () => root(element).querySelector<HTMLButtonElement>('.questionnaire__close'),
      'close button',
    );
    equal(close.getAttribute('aria-label'), 'Close the questionnaire');
    close.focus();
    await press('Enter');
    const confirm = await waitFor(
      () => root(element).querySelectorAll<HTMLDialogElement>('dialog[open]')[1],
      'the confirmation',
    );
    equal(focused(element)?.textContent, 'Keep answering', 'the safe choice has focus');
    await press('Tab');
    equal(focused(element)?.textContent, 'Leave');
    await press('Enter');
    await waitFor(() => navigations[0], 'navigation');
    equal(navigations[0]!.detail.path, '/', 'back URL path');
    equal(navigations[0]!.detail.search, '?examSlug=mri-knee', 'back URL query');
    assert(!confirm.open, 'the confirmation closed');
  });

  it('every question type works with the keyboard alone; a follow-up appears live; the answers are saved and the flow goes on', async () => {
    stubApi({ restrictMinDate: '2026-12-14', restrictQuestionnaireId: 901 });
    const element = mount();
    const dialog = await openDialog(element);
    await waitFor(() => question(element, 'pacemaker'), 'questions');
    // radiogroup: arrows move along the choices.
    const firstRadio = question(element, 'pacemaker')!.querySelector<HTMLInputElement>('input')!;
    firstRadio.focus();
    await press('Space');
    equal(firstRadio.checked, true, 'Space chooses Yes');
    // visibleIf: the follow-up appears at once, numbered 2, and the numbers after it move on.
    await waitFor(() => question(element, 'pacemakerModel'), 'follow-up question');
    equal(
      legendText(element, 'pacemakerModel'),
      '2. Which pacemaker model do you have? * (required)',
    );
    equal(legendText(element, 'weight'), '3. Your weight in kilograms');
    await press('ArrowDown');
    equal(focused(element)?.getAttribute('value'), 'no', 'ArrowDown moves to No');
    await waitFor(() => question(element, 'pacemakerModel') === null, 'follow-up hidden again');
    // text (number)
    const weight = question(element, 'weight')!.querySelector('input')!;
    await tabTo(element, weight);
    await sendKeys({ type: '72' });
    equal(weight.value, '72');
    equal(
      weight.getAttribute('aria-describedby'),
      question(element, 'weight')!.querySelector('.question__description')!.id,
      'the description is tied to the input',
    );
    // checkbox: Tab to each and Space.
    const stent = question(element, 'implants')!.querySelectorAll('input')[1]!;
    await tabTo(element, stent);
    await press('Space');
    equal(stent.checked, true, 'Space ticks a checkbox');
    // dropdown: the arrow keys choose on a closed select.
    const select = question(element, 'heardFrom')!.querySelector('select')!;
    await tabTo(element, select);
    await press('ArrowDown', 2);
    equal(select.selectedOptions[0]?.textContent, 'Website', 'dropdown chosen by arrows');
    // boolean: Yes / No radios.
    const yes = question(element, 'pregnant')!.querySelector<HTMLInputElement>('input')!;
    await tabTo(element, yes);
    await press('ArrowRight');
    equal(
      question(element, 'pregnant')!.querySelector<HTMLInputElement>('input[value=false]')!.checked,
      true,
      'No chosen with an arrow',
    );
    // Next page with Enter on the submit button.
    await tabTo(element, submitButton(element));
    equal(submitButton(element).textContent, 'Next');
    await press('Enter');
    await waitFor(() => question(element, 'pain'), 'page 2');
    assert(
      root(element).querySelector('.questionnaire__page')?.textContent === 'Page 2 of 2',
      'page counter',
    );
    // rating 0–10 with labelled ends: arrows move along the scale.
    const scale = question(element, 'pain')!;
    const steps = scale.querySelectorAll<HTMLInputElement>('input[type=radio]');
    equal(steps.length, 11, 'eleven points 0 to 10');
    equal(steps[0]!.value, '0');
    const ends = scale.querySelector('.rating__ends')!.textContent;
    equal(ends, 'No painWorst pain imaginable', 'labelled ends');
    equal(
      root(element).getElementById(steps[0]!.getAttribute('aria-describedby')!)?.textContent,
      'No pain',
      'the 0 button is described by its end label',
    );
    steps[0]!.focus();
    await press('Space');
    await press('ArrowRight', 3);
    equal(focused(element)?.getAttribute('value'), '3', 'ArrowRight walks the scale');
    // comment
    const notes = question(element, 'notes')!.querySelector('textarea')!;
    await tabTo(element, notes);
    await sendKeys({ type: 'Claustrophobic' });
    // signaturepad: the typed name answers it.
    const typed = question(element, 'signature')!.querySelector<HTMLInputElement>(
      'input[type=text]',
    )!;
    await tabTo(element, typed);
    await sendKeys({ type: 'Jane Citizen' });
    await tabTo(element, submitButton(element));
    equal(submitButton(element).textContent, 'Submit');
    await press('Enter');
    const saved = await waitFor(
      () => calls.find((call) => call.path.endsWith('/temporary_answers')),
      'temporary answer saved',
    );
    equal(
      JSON.stringify(saved.body),
      JSON.stringify({
        questionnaireId: 901,
        questionnaireResult: {
          pacemaker: 'no',
          weight: 72,
          implants: ['stent'],
          heardFrom: 'web',
          pregnant: false,
          pain: 3,
          notes: 'Claustrophobic',
          signature: 'Jane Citizen',
        },
        examSlug: 'mri-knee',
        bookingKey: 'BK-Q-1',
        examSlugs: ['mri-knee'],
      }),
      'answers saved under the flow key, with every exam booked',
    );
    // R-9-19: BOOKING_FORM navigation after 100 ms; R-4-quest-10: the minimum date goes along.
    const navigated = await waitFor(() => navigations[0], 'navigation to the slots');
    equal(navigated.detail.path, '/select-clinic');
    const params = new URLSearchParams(navigated.detail.search);
    equal(params.get('bookingKey'), 'BK-Q-1');
    equal(params.get('examSlug'), 'mri-knee');
    equal(params.get('selectedClinic'), '2', 'the flow parameters are passed through');
    equal(params.get('restrictMinDate'), '2026-12-14');
    equal(params.get('backUrl'), null, 'the questionnaire-only parameters stay behind');
    assert(!dialog.open || !root(element).querySelector('dialog[open]'), 'the modal closed');
  });

  it('R-1-22: a signature can be drawn with a pointer', async () => {
    stubApi();
    const element = mount();
    await waitFor(() => question(element, 'pacemaker'), 'questions');
    // Answer page 1 quickly by clicking.
    question(element, 'pacemaker')!.querySelector<HTMLInputElement>('input[value=no]')!.click();
    question(element, 'pregnant')!.querySelector<HTMLInputElement>('input[value=false]')!.click();
    submitButton(element).click();
    const pad = await waitFor(
      () => root(element).querySelector<HTMLCanvasElement>('canvas.signature__pad'),
      'signature pad',
    );
    equal(pad.getAttribute('role'), 'img');
    const box = pad.getBoundingClientRect();
    const at = (type: string, x: number, y: number) =>
      pad.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          pointerId: 1,
          clientX: box.left + x,
          clientY: box.top + y,
          isPrimary: true,
        }),
      );
    at('pointerdown', 10, 10);
    at('pointermove', 60, 40);
    at('pointermove', 120, 20);
    at('pointerup', 120, 20);
    await waitFor(() => pad.dataset.drawn === 'true', 'signature drawn');
    const clear = [...question(element, 'signature')!.querySelectorAll('button')].find(
      (button) => button.textContent === 'Clear the signature',
    )!;
    equal(clear.disabled, false, 'clear is offered');
  });

  it('R-3-01: the provider questionnaireCss applies inside the shadow root', async () => {
    stubApi();
    await loadConfig();
    const config = $config.get()!;
    $config.set({
      ...config,
      app: { ...config.app, questionnaireCss: '.question__title { color: rgb(1, 2, 3); }' },
    });
    const element = mount();
    await waitFor(() => question(element, 'pacemaker'), 'questions');
    const title = question(element, 'pacemaker')!.querySelector('.question__title')!;
    await waitFor(() => getComputedStyle(title).color === 'rgb(1, 2, 3)', 'provider CSS applied');
    $config.set(config);
  });
});

declare global {
  function beforeEach(body: () => unknown): void;
}
