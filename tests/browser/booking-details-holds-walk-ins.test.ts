import '../../widgets/booking/define';
import { sendKeys } from '@web/test-runner-commands';
import { redirectTo, requireFields } from '../../widgets/booking/booking-options.store';
import { assert, equal, waitFor } from './assert';
import { heading, mount, routeLikeAHost, shadow, unmountAll } from './booking-helpers';

const SLOT =
  '&startTime=2027-03-02T09:00:00%2B08:00&endTime=2027-03-02T09:30:00%2B08:00&deviceId=21';

const button = (root: ParentNode, name: string) =>
  waitFor(
    () =>
      [...root.querySelectorAll('button')].find(
        (b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name,
      ),
    `button "${name}"`,
  );
const dialog = (element: HTMLElement, title: string) =>
  waitFor(
    () =>
      [...shadow(element).querySelectorAll<HTMLDialogElement>('dialog[open]')].find(
        (d) => d.querySelector('.modal__title')?.textContent === title,
      ),
    `dialog "${title}"`,
  );
/** An input by its label's text, inside the shadow root. */
const field = (element: HTMLElement, label: string) =>
  waitFor(() => {
    const found = [...shadow(element).querySelectorAll('label')].find(
      (l) => l.textContent?.trim() === label,
    );
    const id = found?.getAttribute('for');
    return id ? shadow(element).getElementById(id) : null;
  }, `field "${label}"`) as Promise<HTMLInputElement>;

const cleanups: (() => void)[] = [];

function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  unmountAll();
  requireFields({ medicareNumberRequired: false, validationCodeRequired: false });
});

describe('<imaging-booking>: details, holds, combinations, walk-ins, mobile units, redirects', () => {
  it('R-4-quest-05: medicare-number-required shows a labelled Medicare field; a wrong check digit is an error tied to it; the value stays', async () => {
    const element = mount({
      path: '/booking',
      search: `?examSlug=mri-knee&selectedClinic=2${SLOT}`,
      'medicare-number-required': '',
      'validation-code-required': '',
    });
    await heading(element, 'Your details');
    const medicare = await field(element, 'Medicare card number');
    const code = await field(element, 'Validation code');
    equal(medicare.getAttribute('inputmode'), 'numeric');
    assert(medicare.getAttribute('aria-describedby'), 'the hint is tied to the field');
    typeInto(medicare, '2123 45671 1');
    typeInto(code, 'AB12');
    (await button(shadow(element), 'Book appointment')).click();
    await waitFor(() => medicare.getAttribute('aria-invalid') === 'true', 'Medicare invalid');
    const described = (medicare.getAttribute('aria-describedby') ?? '').split(' ');
    const messages = described.map((id) => shadow(element).getElementById(id)?.textContent);
    assert(
      messages.includes('Please enter a valid Medicare card number.'),
      `error tied to the field: ${messages.join(' | ')}`,
    );
    equal(medicare.value, '2123 45671 1', 'the value is kept');
    equal(code.getAttribute('aria-invalid'), null, 'the valid code has no error');
  });

  it('without the attributes (and no outcome) the Medicare and validation code fields are not shown', async () => {
    const element = mount({
      path: '/booking',
      search: `?examSlug=mri-knee&selectedClinic=2${SLOT}`,
    });
    await heading(element, 'Your details');
    await field(element, 'Post code');
    const labels = [...shadow(element).querySelectorAll('label')].map((l) => l.textContent);
    assert(!labels.includes('Medicare card number'), 'no Medicare field');
    assert(!labels.includes('Validation code'), 'no validation code field');
  });

  it('holds: a chosen time is held (bookingKey in the URL) and "Held for you for 10 minutes" shows under it', async () => {
    const element = mount({
      path: '/select-clinic',
      search: '?examSlug=mri-knee&selectedClinic=2&week=2027-03-01',
    });
    const events = routeLikeAHost(element);
    await heading(element, 'Choose a time');
    const slot = await waitFor(
      () => shadow(element).querySelector<HTMLButtonElement>('.slot'),
      'a slot',
    );
    slot.click();
    const status = await waitFor(
      () => shadow(element).querySelector('[part="hold"]')?.textContent?.includes('10 minutes'),
      'hold status',
    );
    assert(status, 'held');
    const text = shadow(element).querySelector('[part="hold"]')!.textContent!;
    assert(/is held for you for 10 minutes/.test(text), text);
    equal(shadow(element).querySelector('[part="hold"]')?.getAttribute('role'), 'status');
    const note = await waitFor(
      () => slot.parentElement?.querySelector('.slot__held'),
      'the note under the chosen time',
    );
    equal(note.textContent, 'Held for you for 10 minutes');
    await waitFor(
      () => events.some((event) => event.detail.search.includes('bookingKey=BK-TEST-0001')),
      'bookingKey in the URL',
    );
  });

  it('several exams at one clinic: combinations are offered as one choice and set the slots per exam index', async () => {
    const element = mount({
      path: '/select-clinic',
      search: '?procedureTab=multiple&examSlug=mri-knee,ct-chest&selectedClinic=2&week=2027-03-01',
    });
    const events = routeLikeAHost(element);
    await heading(element, 'Choose a time');
    const combination = await waitFor(
      () => shadow(element).querySelector<HTMLButtonElement>('.slot--combination'),
      'a combination',
    );
    // The accessible name is the visible text (label in name) with the day and zone.
    equal(combination.getAttribute('aria-label'), null);
    const name = (combination.textContent ?? '').replace(/\s+/g, ' ');
    assert(
      /^9:00\s?am–10:00\s?am AWST, Tuesday 2 March 2027: 9:00\s?am MRI Knee, 9:45\s?am CT Chest$/i.test(
        name,
      ),
      `the name has the range, day, zone and every exam with its time: ${name}`,
    );
    assert(!shadow(element).querySelector('.exam-tabs'), 'no per-exam tabs');
    combination.click();
    const last = await waitFor(
      () => events.find((event) => event.detail.search.includes('deviceId=21%2C25')),
      'both slots in the URL',
    );
    const search = new URLSearchParams(last.detail.search);
    equal(search.get('startTime'), '2027-03-02T09:00:00+08:00,2027-03-02T09:45:00+08:00');
    equal(search.get('date'), '2027-03-02,2027-03-02');
    await waitFor(() => combination.getAttribute('aria-pressed') === 'true', 'chosen');
    const continueButton = await button(shadow(element), 'Continue');
    equal(continueButton.disabled, false, 'every exam has its time');
  });

  it('R-4-slots-17/18: the walk-in modal explains the walk-in; afterwards only the other exam is booked, procedureTab single', async () => {
    const element = mount({
      path: '/select-clinic',
      search: '?procedureTab=multiple&examSlug=mri-knee,xray-knee&selectedClinic=2&week=2027-03-01',
    });
    const events = routeLikeAHost(element);
    const modal = await dialog(element, 'No appointment needed for some exams');
    assert(modal.textContent?.includes('X-ray Knee walk-in'), 'names the walk-in');
    assert(modal.textContent?.includes('10 minutes to prepare'), 'prep time');
    assert(modal.textContent?.includes('MRI Knee'), 'names what is booked');
    equal(shadow(element).activeElement?.textContent, 'Book the other exams', 'focus in the modal');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !shadow(element).querySelector('dialog[open]'), 'modal closed');
    const last = await waitFor(
      () => events.find((event) => event.detail.search.includes('procedureTab=single')),
      'procedureTab single',
    );
    equal(new URLSearchParams(last.detail.search).get('examSlug'), 'mri-knee');
    await waitFor(
      () => shadow(element).textContent?.includes('No appointment needed for X-ray Knee walk-in'),
      'the walk-in reminder',
    );
  });

  it('mobile locations: a labelled radio choice; choosing one puts mobileLocationId in the URL', async () => {
    const element = mount({
      path: '/select-clinic',
      search: '?examSlug=mri-knee&selectedClinic=2&week=2027-03-01',
    });
    const events = routeLikeAHost(element);
    const group = await waitFor(
      () => shadow(element).querySelector<HTMLFieldSetElement>('[part="mobile-locations"]'),
      'mobile locations',
    );
    equal(group.querySelector('legend')?.textContent, 'Where would you like your scan?');
    const radios = [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    equal(radios.length, 2);
    equal(radios[0]!.checked, true, 'the clinic itself is the default');
    radios[0]!.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(
      () => events.some((event) => event.detail.search.includes('mobileLocationId=41')),
      'mobileLocationId in the URL',
    );
    const label = radios[1]!.closest('label')?.textContent ?? '';
    assert(label.includes('Mobile MRI at Joondalup Health Campus'), label);
  });

  it('R-4-slots-19, R-9-22: the redirect modal counts down 5 seconds, then navigates', async () => {
    const element = mount({ path: '/', search: '' });
    const events = routeLikeAHost(element);
    await heading(element, 'Choose your scan');
    redirectTo('/select-region?regionSlug=perth', 'booking.redirect.text');
    const modal = await dialog(element, 'Taking you to our booking site');
    const countdown = modal.querySelector('.redirect__countdown')!;
    equal(countdown.textContent, 'Going in 5 seconds…');
    await waitFor(() => countdown.textContent === 'Going in 4 seconds…', '4 seconds', 2000);
    const started = performance.now();
    const navigated = await waitFor(
      () => events.find((event) => event.detail.path === '/select-region'),
      'navigation',
      6000,
    );
    assert(performance.now() - started > 3000, 'not before the countdown ends');
    equal(navigated.detail.search, '?regionSlug=perth');
    await waitFor(() => !shadow(element).querySelector('dialog[open]'), 'modal closed');
  });

  it('the redirect can be stopped (Stay here)', async () => {
    const element = mount({ path: '/', search: '' });
    const events = routeLikeAHost(element);
    await heading(element, 'Choose your scan');
    redirectTo('/select-region');
    const modal = await dialog(element, 'Taking you to our booking site');
    (await button(modal, 'Stay here')).click();
    await waitFor(() => !shadow(element).querySelector('dialog[open]'), 'modal closed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    equal(events.length, 0, 'no navigation');
  });

  it("R-4-slots-15: 'Back' in the booking-request info modal returns to / with procedureTab", async () => {
    // "Several scans" with one exam: back to / with procedureTab single.
    const element = mount({
      path: '/',
      search: '?procedureTab=multiple&modality=mri&examSlug=mri-brain-contrast',
    });
    const events = routeLikeAHost(element);
    (await button(shadow(element), 'Continue')).click();
    const modal = await dialog(element, 'Before you book MRI Brain with contrast');
    (await button(modal, 'Back')).click();
    await waitFor(() => !shadow(element).querySelector('dialog[open]'), 'modal closed');
    const last = await waitFor(() => events.at(-1), 'navigated');
    equal(last.detail.path, '/');
    equal(new URLSearchParams(last.detail.search).get('procedureTab'), 'single');
    await heading(element, 'Choose your scan');
  });

  it('R-4-create-13, R-9-21: a step change reaches the host as imaging-booking-progressed after 2000 ms', async () => {
    const element = mount({ path: '/', search: '?modality=ct&examSlug=ct-chest' });
    routeLikeAHost(element);
    const seen: { step: number; at: number }[] = [];
    const listener = (event: Event) =>
      seen.push({
        step: (event as CustomEvent<{ step: number }>).detail.step,
        at: performance.now(),
      });
    document.addEventListener('imaging-booking-progressed', listener);
    cleanups.push(() => document.removeEventListener('imaging-booking-progressed', listener));
    (await button(shadow(element), 'Continue')).click();
    const moved = performance.now();
    await heading(element, 'Choose a clinic');
    const event = await waitFor(() => seen.find((item) => item.step === 1), 'progressed 1', 4000);
    assert(event.at - moved >= 1900, `after the debounce (${Math.round(event.at - moved)} ms)`);
  });
});
