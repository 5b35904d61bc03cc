import '../../widgets/checkin/define';
import { sendKeys } from '@web/test-runner-commands';
import { checkInEnv, leaveCheckIn } from '../../widgets/checkin/checkin.store';
import { checkInState } from '../../widgets/checkin/checkin.fixtures';
import { assert, equal, waitFor } from './assert';

/**
 * <imaging-checkin> in Chromium with the check-in API answered by the test:
 * the referrer combobox by keyboard (WAI-ARIA combobox pattern) and the
 * modals (focus kept inside, Escape).
 */
const realFetch = window.fetch.bind(window);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let searches: string[] = [];
let mode: 'SIMPLE' | 'PREPARE_FIRST' = 'PREPARE_FIRST';

const checkIn = () => checkInState({ mode });
const doctors = [
  {
    id: 'd1',
    name: 'Dr Ann Smith',
    providerNumber: '1',
    practice: 'North Clinic',
    suburb: 'Ryde',
    postalCode: '2112',
    state: 'NSW',
  },
  {
    id: 'd2',
    name: 'Dr Bob Smithers',
    providerNumber: '2',
    practice: 'South Clinic',
    suburb: 'Kogarah',
    postalCode: '2217',
    state: 'NSW',
  },
];

function stubApi(): void {
  searches = [];
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), location.href);
    if (url.pathname === '/api/secured/check_in/appointments')
      return json([
        {
          slug: 's1',
          bookingKey: 'K',
          examName: 'CT Brain',
          clinicName: 'North',
          date: '2026-11-26T10:00:00+11:00',
          timeZone: 'Australia/Sydney',
          checkIn: checkIn(),
        },
      ]);
    if (url.pathname.endsWith('/doctor_search')) {
      searches.push(url.searchParams.get('term') ?? '');
      return json(doctors);
    }
    if (url.pathname.startsWith('/api/secured') || url.pathname.startsWith('/api/check_in'))
      return json({ statusCode: 404, message: 'message.not_found' }, 404);
    return realFetch(input, init);
  };
}

async function mount(): Promise<HTMLElement> {
  const element = document.createElement('imaging-checkin');
  element.setAttribute('booking-key', 'K');
  element.addEventListener('imaging-navigated', (event) => event.preventDefault());
  document.body.append(element);
  return element;
}
const shadow = (element: HTMLElement) => element.shadowRoot!;
const active = (element: HTMLElement) => shadow(element).activeElement as HTMLElement | null;

describe('<imaging-checkin>', () => {
  beforeEach(() => {
    stubApi();
    checkInEnv.today = () => '2026-11-26';
  });
  afterEach(() => {
    leaveCheckIn();
    document.querySelectorAll('imaging-checkin').forEach((e) => e.remove());
    window.fetch = realFetch;
  });

  it('the referrer combobox works by keyboard: lower-cased debounced search, Down/Up, Enter, Escape', async () => {
    mode = 'PREPARE_FIRST';
    const element = await mount();
    const confirm = await waitFor(
      () => shadow(element).querySelector<HTMLButtonElement>('[part="confirm"] button'),
      'confirm',
    );
    confirm.click();
    const input = await waitFor(
      () => shadow(element).querySelector<HTMLInputElement>('[role="combobox"]'),
      'combobox',
    );
    equal(input.getAttribute('aria-expanded'), 'false', 'closed at first');
    assert(
      shadow(element).getElementById(input.getAttribute('aria-controls')!)?.getAttribute('role') ===
        'listbox',
      'controls a listbox',
    );
    input.focus();
    await sendKeys({ type: 'SM' });
    await new Promise((r) => setTimeout(r, 300));
    equal(searches.length, 0, 'two characters do not search');
    await sendKeys({ type: 'ITH' });
    await waitFor(() => input.getAttribute('aria-expanded') === 'true', 'the list opens');
    equal(searches.join(','), 'smith', 'one debounced, lower-cased search');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    const activeId = input.getAttribute('aria-activedescendant')!;
    equal(
      shadow(element).getElementById(activeId)?.textContent?.includes('Smithers'),
      true,
      'second option active',
    );
    equal(shadow(element).getElementById(activeId)?.getAttribute('aria-selected'), 'true');
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'Enter' });
    equal(input.value, 'Dr Ann Smith', 'Enter chooses the active doctor');
    equal(input.getAttribute('aria-expanded'), 'false');
    equal(active(element), input, 'focus stays in the field');
    // Typing again reopens; Escape closes the list without leaving the field.
    await sendKeys({ type: 'x' });
    await waitFor(() => input.getAttribute('aria-expanded') === 'true', 'reopens');
    await sendKeys({ press: 'Escape' });
    equal(input.getAttribute('aria-expanded'), 'false', 'Escape closes the list');
  });

  it('the form ties errors to fields and keeps submit disabled while invalid', async () => {
    mode = 'PREPARE_FIRST';
    const element = await mount();
    (
      await waitFor(
        () => shadow(element).querySelector<HTMLButtonElement>('[part="confirm"] button'),
        'confirm',
      )
    ).click();
    const form = await waitFor(
      () => shadow(element).querySelector<HTMLFormElement>('[part="check-in-form"]'),
      'form',
    );
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    equal(submit.disabled, true, 'disabled while empty');
    const medicare = [...form.querySelectorAll('input')].find(
      (i) => i.labels?.[0]?.textContent === 'Medicare number',
    )!;
    medicare.focus();
    await sendKeys({ type: '2123456711' });
    medicare.blur();
    await waitFor(() => medicare.getAttribute('aria-invalid') === 'true', 'invalid check digit');
    const describedBy = medicare.getAttribute('aria-describedby')!.split(' ');
    assert(
      describedBy.some((id) =>
        shadow(element).getElementById(id)?.textContent?.includes('not valid'),
      ),
      'the error is tied to the field',
    );
  });

  it('simple mode: the confirmation modal keeps focus inside and Escape closes it', async () => {
    mode = 'SIMPLE';
    const element = await mount();
    (
      await waitFor(
        () => shadow(element).querySelector<HTMLButtonElement>('[part="confirm"] button'),
        'confirm',
      )
    ).click();
    const dialog = await waitFor(
      () => [...shadow(element).querySelectorAll('dialog')].find((d) => d.open),
      'modal',
    );
    await waitFor(() => dialog.contains(active(element)), 'focus inside the modal');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    assert(dialog.contains(active(element)), 'Tab stays inside the modal');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog.open, 'Escape closes');
    equal(
      element.shadowRoot!.querySelector('[part="checkin"]')?.getAttribute('data-step'),
      'CONFIRM',
    );
  });
});
