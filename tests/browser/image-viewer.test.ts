import '../../widgets/image-viewer/define';
import { sendKeys } from '@web/test-runner-commands';
import axe from 'axe-core';
import { assert, equal, waitFor } from './assert';

interface Fixture {
  studyInstanceUID: string;
  token: string;
  series: { uid: string; count: number }[];
}

let fixture: Fixture | undefined;
let element: HTMLElement | null = null;

const root = () => element!.shadowRoot!;
const stage = () => root().querySelector<HTMLElement>('[part="stage"]');
const count = () => root().querySelector('[data-testid="image-count"]')?.textContent ?? '';
const windowText = () => root().querySelector('[data-testid="window"]')?.textContent ?? '';
const live = () => root().querySelector('[aria-live="polite"]')?.textContent ?? '';
const button = (name: string) =>
  [...root().querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name,
  );

function mount(attributes: Record<string, string>): HTMLElement {
  element = document.createElement('imaging-image-viewer');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

async function viewer(token?: string): Promise<HTMLElement> {
  await study();
  return mount({
    'dicomweb-url': '/dicomweb',
    'study-uid': fixture!.studyInstanceUID,
    token: token ?? fixture!.token,
  });
}

async function study(): Promise<void> {
  fixture ??= (await (await fetch('/__fixtures/dicom-study')).json()) as Fixture;
}

async function shown(text: string): Promise<void> {
  await waitFor(
    () => count() === text && stage()?.dataset.state === 'shown',
    `image ${text}`,
    10000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; shown: ${root().textContent} [${stage()?.dataset.state}]`);
  });
}

function wheel(deltaY: number, ctrlKey = false): void {
  const box = stage()!.getBoundingClientRect();
  stage()!.dispatchEvent(
    new WheelEvent('wheel', {
      deltaY,
      ctrlKey,
      clientX: box.left + box.width / 2,
      clientY: box.top + box.height / 2,
      bubbles: true,
      cancelable: true,
    }),
  );
}

/** Whether the canvas shows more than one grey (an image, not a black box). */
function canvasHasImage(): boolean {
  const canvas = root().querySelector('canvas')!;
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  const greys = new Set<number>();
  for (let i = 0; i < data.length; i += 4 * 97) greys.add(data[i]!);
  return greys.size > 3;
}

describe('<imaging-image-viewer> (issue 17: the built-in viewer, R-1-19)', () => {
  afterEach(() => {
    element?.remove();
    element = null;
  });

  it('shows the middle CT slice first, then streams in all 80 with a progress bar', async () => {
    let loaded: CustomEvent | null = null;
    (await viewer()).addEventListener(
      'imaging-image-viewer-loaded',
      (e) => (loaded ??= e as CustomEvent),
    );
    await shown('40 / 80');
    assert(canvasHasImage(), 'the canvas shows the slice');
    equal(windowText(), 'W 400 L 40', 'the window the file names');
    assert(root().textContent?.includes('Citizen, Jane'), 'the patient name');
    assert(root().textContent?.includes('CT · Chest 2.5 mm axial'), 'modality and series');
    await waitFor(() => loaded, 'all slices loaded', 15000);
    equal(loaded!.detail.images, 80, 'images');
    equal(root().querySelector('[part="progress"]'), null, 'the progress bar is gone');
  });

  it('moves through the series by keyboard and announces the image number', async () => {
    await viewer();
    await shown('40 / 80');
    stage()!.focus();
    equal(root().activeElement, stage(), 'the image region takes focus');
    assert(stage()!.getAttribute('aria-label')?.includes('Arrow keys'), 'labelled with its keys');
    await sendKeys({ press: 'Home' });
    await shown('1 / 80');
    equal(live(), 'Image 1 of 80', 'live region');
    await sendKeys({ press: 'ArrowDown' });
    await shown('2 / 80');
    await sendKeys({ press: 'PageDown' });
    await shown('12 / 80');
    await sendKeys({ press: 'ArrowUp' });
    await shown('11 / 80');
    await sendKeys({ press: 'End' });
    await shown('80 / 80');
    equal(live(), 'Image 80 of 80', 'live region');
    await sendKeys({ press: '+' });
    await waitFor(() => root().textContent?.includes('Zoom 125%'), 'zoomed by key');
    await sendKeys({ press: 'r' });
    await waitFor(() => root().textContent?.includes('Zoom 100%'), 'reset');
  });

  it('scrolls with the wheel and zooms with Ctrl+wheel', async () => {
    await viewer();
    await shown('40 / 80');
    wheel(100);
    await shown('41 / 80');
    wheel(-100);
    wheel(-100);
    await shown('39 / 80');
    wheel(-200, true);
    await waitFor(() => !root().textContent?.includes('Zoom 100%'), 'zoomed in');
    assert(/Zoom 1[5-9]\d%/.test(root().textContent ?? ''), `zoomed: ${root().textContent}`);
  });

  it('applies the lung, bone and brain presets and changes the window by Shift+drag', async () => {
    await viewer();
    await shown('40 / 80');
    button('Lung')!.click();
    await waitFor(() => windowText() === 'W 1500 L -600', 'lung window');
    button('Bone')!.click();
    await waitFor(() => windowText() === 'W 1800 L 400', 'bone window');
    button('Brain')!.click();
    await waitFor(() => windowText() === 'W 80 L 40', 'brain window');
    const s = stage()!;
    const box = s.getBoundingClientRect();
    const at = (type: string, dx: number) =>
      s.dispatchEvent(
        new PointerEvent(type, {
          pointerId: 7,
          shiftKey: true,
          clientX: box.left + 100 + dx,
          clientY: box.top + 100,
          bubbles: true,
        }),
      );
    at('pointerdown', 0);
    at('pointermove', 64);
    at('pointerup', 64);
    await waitFor(() => windowText() !== 'W 80 L 40', 'the window changed by the drag');
    assert(/^W \d+ L 40$/.test(windowText()) && windowText() !== 'W 80 L 40', windowText());
  });

  it('switches to the ultrasound series: colour, no window presets', async () => {
    await viewer();
    await shown('40 / 80');
    await waitFor(
      () => root().querySelectorAll('[part="series-button"] img').length === 3,
      'thumbnails',
    );
    root().querySelectorAll<HTMLButtonElement>('[part="series-button"]')[1]!.click();
    await shown('1 / 1');
    equal(button('Lung'), undefined, 'no presets for colour');
    equal(windowText(), '', 'no window for colour');
    assert(canvasHasImage(), 'the ultrasound frame is drawn');
  });

  it('an expired token shows the translated message, and a new token loads the images', async () => {
    let failure: CustomEvent | null = null;
    (await viewer('expired-token')).addEventListener(
      'imaging-image-viewer-failed',
      (e) => (failure = e as CustomEvent),
    );
    await waitFor(() => root().querySelector('[role="alert"]'), 'the notice');
    assert(
      root().textContent?.includes('Your access to these images has ended'),
      root().textContent ?? '',
    );
    await waitFor(() => failure, 'the failed event');
    equal(failure!.detail.reason, 'image_viewer.expired', 'reason');
    element!.setAttribute('token', fixture!.token);
    await shown('40 / 80');
  });

  it("a study the service does not have shows 'images not available'", async () => {
    await study();
    mount({ 'dicomweb-url': '/dicomweb', 'study-uid': '2.25.1', token: fixture!.token });
    await waitFor(
      () => root().textContent?.includes('Images are not available for this study.'),
      'images not available',
    );
  });

  it('has no WCAG 2.2 A/AA violations (axe) with the image shown', async () => {
    await viewer();
    await shown('40 / 80');
    const result = await axe.run(element!, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
    });
    const found = result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`,
    );
    equal(found.join('\n'), '', 'axe violations');
  });
});
