import '../../widgets/booking/define';
import type { PortalConfig } from '../../src/contract/portal';
import { $config, loadConfig } from '../../src/stores/config.store';
import { $mapsApi } from '../../widgets/booking/maps.store';
import { assert, equal, waitFor } from './assert';
import { mount, shadow, unmountAll, type Navigated } from './booking-helpers';

// Nothing listens on this port (one of the e2e ports of issue 14): the connection is refused.
const REFUSED_TILES = 'http://127.0.0.1:19639/{z}/{x}/{y}.png?key={key}';
// The fixture server answers every /api/assets/application/* with a small image.
const ANSWERING_TILES = '/api/assets/application/tile-{z}-{x}-{y}';

let original: PortalConfig | null = null;

async function withTiles(mapsTileUrl: string): Promise<void> {
  original ??= await loadConfig();
  assert(original, 'fixture configuration');
  $config.set({ ...original, integration: { ...original.integration, mapsTileUrl } });
}

async function openMap(): Promise<HTMLElement> {
  const element = mount({ path: '/select-region', search: '?examSlug=mri-knee' });
  const mapButton = await waitFor(
    () => [...shadow(element).querySelectorAll('button')].find((b) => b.textContent === 'Map'),
    'Map button',
  );
  mapButton.click();
  return element;
}

const clinicButtons = (element: HTMLElement) =>
  [...shadow(element).querySelectorAll<HTMLButtonElement>('button')].filter((b) =>
    b.getAttribute('aria-label')?.startsWith('Choose '),
  );

afterEach(() => {
  unmountAll();
  $mapsApi.set('unknown');
  if (original) $config.set(original);
});

describe('<imaging-booking> map and the maps service (spec 7)', () => {
  it('R-7-calls-53: with a tile server that answers, the map shows its tiles and the maps API is loaded', async () => {
    await withTiles(ANSWERING_TILES);
    const element = await openMap();
    await waitFor(() => $mapsApi.get() === 'loaded', 'maps API loaded');
    await waitFor(() => shadow(element).querySelector('img.leaflet-tile'), 'a tile');
    equal(shadow(element).querySelector('[part="step"]')?.getAttribute('data-maps'), 'loaded');
  });

  it('R-7-calls-54: tiles at a refused address mark the maps API as not loaded and leave the clinic list', async () => {
    await withTiles(REFUSED_TILES);
    const element = await openMap();
    await waitFor(() => $mapsApi.get() === 'not-loaded', 'maps API marked not loaded');
    const notice = await waitFor(
      () =>
        [...shadow(element).querySelectorAll('[role="status"]')].find((n) =>
          n.textContent?.includes('The map could not be loaded'),
        ),
      'the not-loaded notice',
    );
    assert(notice, 'notice');
    equal(shadow(element).querySelector('.leaflet-container'), null, 'no broken map left');
    equal(shadow(element).querySelector('[part="step"]')?.getAttribute('data-maps'), 'not-loaded');
    const choices = clinicButtons(element);
    equal(choices.length, 3, 'every clinic can still be chosen from the list');
    let chosen: Navigated | null = null;
    element.addEventListener('imaging-booking-navigated', (e) => (chosen = e), { once: true });
    choices[0]!.click();
    const moved = await waitFor(() => chosen, 'the flow moves on with the clinic');
    assert(/selectedClinic=\d+/.test(moved.detail.search), moved.detail.search);
  });
});
