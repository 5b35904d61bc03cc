/**
 * An element alone on a clinic's page (R-1-24, docs/embedding.md): its first
 * call already goes to `api-base`, and with no host router it moves through
 * its own steps, mirroring them into the address with `url-state`.
 */
import '../../widgets/booking/define';
import { assert, equal, waitFor } from './assert';
import { heading, shadow } from './booking-helpers';

const realFetch = window.fetch;

function place(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement('imaging-booking');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

const button = (element: HTMLElement, name: string) =>
  waitFor(
    () =>
      [...shadow(element).querySelectorAll('button')].find((b) => b.textContent?.trim() === name),
    `button "${name}"`,
  );

afterEach(() => {
  window.fetch = realFetch;
  document.querySelectorAll('imaging-booking').forEach((element) => element.remove());
  history.replaceState(null, '', location.pathname + location.search);
});

describe('a standalone element', () => {
  it('sends its very first call to api-base (applied before the first render)', async () => {
    const urls: string[] = [];
    const base = `${location.origin}/provider`;
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      urls.push(url);
      return realFetch(url.replace('/provider/', '/'), init);
    };
    const element = place({ 'api-base': base, search: '?modality=ct' });
    await heading(element, 'Choose your scan');
    await waitFor(() => urls.length > 0, 'a call');
    assert(
      urls.every((url) => url.startsWith(`${base}/api/`)),
      `every call goes to api-base: ${urls.join(', ')}`,
    );
    element.setAttribute('api-base', '');
  });

  it('moves through its own steps when no host handles the navigation, mirroring them into the address', async () => {
    const element = place({ path: '/', search: '?modality=ct&examSlug=ct-chest', 'url-state': '' });
    await heading(element, 'Choose your scan');
    (await button(element, 'Continue')).click();
    await heading(element, 'Choose a clinic');
    await waitFor(() => element.getAttribute('path') === '/select-region', 'its own path');
    assert(
      location.hash.startsWith('#imaging:/select-region?'),
      `address mirrors: ${location.hash}`,
    );
    history.back();
    await heading(element, 'Choose your scan');
    history.forward();
    await heading(element, 'Choose a clinic');
  });

  it('a reload shows the step the address holds', async () => {
    history.replaceState(
      null,
      '',
      '#imaging:/select-region?modality=ct&examSlug=ct-chest&regionSlug=select-region',
    );
    const element = place({ path: '/', 'url-state': '' });
    await heading(element, 'Choose a clinic');
  });

  it('a host router that calls preventDefault keeps the address to itself', async () => {
    const element = place({ path: '/', search: '?modality=ct&examSlug=ct-chest', 'url-state': '' });
    const take = (event: Event) => event.preventDefault();
    document.addEventListener('imaging-booking-navigated', take);
    try {
      await heading(element, 'Choose your scan');
      (await button(element, 'Continue')).click();
      await new Promise((resolve) => setTimeout(resolve, 300));
      equal(location.hash, '', 'nothing mirrored');
      assert(element.getAttribute('path') !== '/select-region', 'the host decides the path');
    } finally {
      document.removeEventListener('imaging-booking-navigated', take);
    }
  });
});
