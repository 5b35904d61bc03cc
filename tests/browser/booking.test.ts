import '../../widgets/booking/define';
import { sendKeys } from '@web/test-runner-commands';
import { assert, equal, waitFor } from './assert';
import {
  heading,
  mount,
  routeLikeAHost,
  shadow,
  unmountAll,
  type Navigated,
} from './booking-helpers';

const button = (element: HTMLElement, name: string) =>
  waitFor(
    () =>
      [...shadow(element).querySelectorAll('button')].find((b) => b.textContent?.trim() === name),
    `button "${name}"`,
  );
const focused = (element: HTMLElement) => shadow(element).activeElement;

afterEach(unmountAll);

describe('<imaging-booking>', () => {
  it('R-2.1-10: mounts in an open shadow root with its styles and the exam step', async () => {
    const element = mount();
    assert(element.shadowRoot, 'open shadow root');
    await heading(element, 'Choose your scan');
    assert(shadow(element).adoptedStyleSheets.length >= 2, 'tokens and widget CSS adopted');
    const current = shadow(element).querySelector('[aria-current="step"]');
    equal(current?.textContent?.includes('Scan'), true, 'progress marks the current step');
  });

  it('R-2.4-23: the exam step works with the keyboard alone', async () => {
    const element = mount();
    const mri = await button(element, 'MRI');
    mri.focus();
    await sendKeys({ press: 'Enter' });
    equal(mri.getAttribute('aria-pressed'), 'true', 'modality chosen with Enter');
    await sendKeys({ press: 'Tab' });
    equal(focused(element)?.textContent, 'CT', 'Tab moves to the next modality');
    const exam = await waitFor(
      () =>
        [...shadow(element).querySelectorAll<HTMLButtonElement>('.exam__choose')].find((b) =>
          b.textContent?.includes('MRI Knee'),
        ),
      'MRI Knee',
    );
    exam.focus();
    await sendKeys({ press: 'Space' });
    equal(exam.getAttribute('aria-pressed'), 'true', 'exam chosen with Space');
    const info = [...shadow(element).querySelectorAll<HTMLButtonElement>('.exam__info')].find((b) =>
      b.textContent?.endsWith(': MRI Knee'),
    )!;
    info.focus();
    await sendKeys({ press: 'Enter' });
    const dialog = await waitFor(
      () => shadow(element).querySelector<HTMLDialogElement>('dialog[open]'),
      'exam info modal',
    );
    equal(dialog.getAttribute('aria-labelledby') !== null, true, 'modal labelled by its title');
    assert(dialog.textContent?.includes('pacemaker'), 'R-2.5-01: exam notes shown');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !shadow(element).querySelector('dialog[open]'), 'Escape closes the modal');
    (await button(element, 'Continue')).focus();
    await sendKeys({ press: 'Enter' });
    await heading(element, 'Choose a clinic');
    equal(focused(element)?.tagName, 'H1', 'focus moves to the new step heading');
  });

  it('R-2.2-09: a move is reported by imaging-booking-navigated, bubbling out of the shadow root', async () => {
    const element = mount({ search: '?modality=ct' });
    let event: Navigated | null = null;
    document.body.addEventListener('imaging-booking-navigated', (e) => (event = e as Navigated), {
      once: true,
    });
    const exam = await waitFor(
      () =>
        [...shadow(element).querySelectorAll<HTMLButtonElement>('.exam__choose')].find((b) =>
          b.textContent?.includes('CT Chest'),
        ),
      'CT Chest',
    );
    exam.click();
    const received = await waitFor(() => event, 'navigated event');
    equal(received.target, element as EventTarget, 'dispatched from the host element');
    equal(received.composed && received.bubbles, true, 'bubbles and composed');
    equal(received.detail.path, '/');
    equal(received.detail.search, '?procedureTab=single&modality=ct&examSlug=ct-chest');
    equal(received.detail.replace, true, 'a choice within a step replaces the history entry');
  });

  it('back and forward: the host sets path and search, and the widget shows that step', async () => {
    const element = mount({ search: '?modality=ct&examSlug=ct-chest' });
    const events = routeLikeAHost(element);
    (await button(element, 'Continue')).click();
    await heading(element, 'Choose a clinic');
    equal(events.at(-1)?.detail.path, '/select-region');
    equal(events.at(-1)?.detail.search.includes('regionSlug=select-region'), true, 'R-2.2-07');
    element.setAttribute('path', '/');
    element.setAttribute('search', '?procedureTab=single&modality=ct&examSlug=ct-chest');
    await heading(element, 'Choose your scan');
    const chosen = shadow(element).querySelector('.exam__choose[aria-pressed="true"]');
    assert(chosen?.textContent?.includes('CT Chest'), 'the choice is restored');
  });

  it('R-1-27: a body part on the figure is a named button chosen with the keyboard', async () => {
    const element = mount();
    (await button(element, 'By body part')).click();
    const knee = await waitFor(
      () => shadow(element).querySelector<SVGGElement>('[data-part="knee"]'),
      'knee',
    );
    equal(knee.getAttribute('role'), 'button');
    equal(knee.getAttribute('aria-label'), 'Knee');
    knee.focus();
    await sendKeys({ press: 'Enter' });
    equal(knee.getAttribute('aria-pressed'), 'true');
    await waitFor(
      () =>
        [...shadow(element).querySelectorAll('.exam__choose')].some((b) =>
          b.textContent?.includes('X-ray Knee'),
        ),
      'knee exams listed',
    );
  });

  it('R-4-slots-13: the slot step shows times in the clinic zone as named buttons', async () => {
    const element = mount({
      path: '/select-clinic',
      search: '?examSlug=mri-knee&selectedClinic=2&week=2027-03-01',
    });
    await heading(element, 'Choose a time');
    const slot = await waitFor(
      () => shadow(element).querySelector<HTMLButtonElement>('.slot'),
      'a slot',
    );
    const name = slot.getAttribute('aria-label') ?? '';
    assert(
      /9:00\s?am/i.test(name) && name.includes('2 March 2027'),
      `accessible name has time and date: ${name}`,
    );
    assert(name.includes('AWST'), 'the clinic zone is named');
    slot.click();
    await waitFor(() => slot.getAttribute('aria-pressed') === 'true', 'slot chosen');
  });

  it('R-2.4-22: the map loads on demand and shows land and clinics without tiles', async () => {
    const element = mount({ path: '/select-region', search: '?examSlug=mri-knee' });
    (await button(element, 'Map')).click();
    await waitFor(() => shadow(element).querySelector('.leaflet-container'), 'Leaflet map');
    await waitFor(() => shadow(element).querySelector('path.map-land'), 'land outline');
    const markers = await waitFor(() => {
      const found = [...shadow(element).querySelectorAll<HTMLElement>('.map-marker')];
      return found.length === 3 ? found : null;
    }, 'three clinic markers');
    equal(markers[0]?.getAttribute('tabindex'), '0', 'markers are in the tab order');
    assert(
      markers.some((marker) => marker.getAttribute('title') === 'Harbour Imaging Perth CBD'),
      'markers are named',
    );
  });
});
