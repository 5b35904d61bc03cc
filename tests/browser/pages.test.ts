import '../../widgets/pages/define';
import { assert, equal, waitFor } from './assert';

afterEach(() => document.querySelectorAll('imaging-page').forEach((p) => p.remove()));

function mount(page: string): HTMLElement {
  const element = document.createElement('imaging-page');
  element.setAttribute('page', page);
  document.body.append(element);
  return element;
}

describe('<imaging-page>', () => {
  it('R-2.4-01: about shows "About {name}" and the sanitised about HTML', async () => {
    const element = mount('about');
    const heading = await waitFor(() => element.shadowRoot?.querySelector('h1'), 'heading');
    equal(heading.textContent, 'About Test Imaging');
    const html = await waitFor(
      () => element.shadowRoot?.querySelector('.page__html p'),
      'about HTML',
    );
    equal(html.textContent, 'We scan.');
    assert(!element.shadowRoot!.innerHTML.includes('<script'), 'script removed');
  });

  it('R-2.4-05: privacy links to the configured privacy URL in a new tab', async () => {
    const element = mount('privacy');
    const link = await waitFor(() => element.shadowRoot?.querySelector('a'), 'privacy link');
    equal(link.getAttribute('href'), 'https://example.org/privacy');
    equal(link.getAttribute('rel'), 'noopener noreferrer');
  });

  it('switching the page attribute re-renders the element', async () => {
    const element = mount('privacy');
    await waitFor(() => element.shadowRoot?.querySelector('h1'), 'heading');
    element.setAttribute('page', 'contact');
    await waitFor(
      () => element.shadowRoot?.querySelector('h1')?.textContent === 'Contact',
      'contact heading',
    );
  });
});
