import '../../widgets/frame/define';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { emit } from '../../src/element/emit';
import { assert, equal, waitFor } from './assert';

function mount(attributes: Record<string, string> = {}): HTMLElement {
  const frame = document.createElement('imaging-frame');
  for (const [name, value] of Object.entries(attributes)) frame.setAttribute(name, value);
  frame.innerHTML = '<p id="content">Page content</p>';
  document.body.append(frame);
  return frame;
}

const shadow = (frame: HTMLElement) => frame.shadowRoot!;
const rendered = (frame: HTMLElement) =>
  waitFor(() => shadow(frame).querySelector('header'), 'the header');

afterEach(() => document.querySelectorAll('imaging-frame').forEach((f) => f.remove()));

describe('<imaging-frame>', () => {
  it('renders inside an open shadow root and projects the page through its slot', async () => {
    const frame = mount({ path: '/about' });
    await rendered(frame);
    assert(frame.shadowRoot, 'open shadow root');
    const slot = shadow(frame).querySelector('main slot') as HTMLSlotElement;
    equal(slot.assignedElements()[0]?.id, 'content', 'slotted content');
  });

  it('R-2.3-08..10: menu items go to internal pages unless an external URL is configured', async () => {
    const frame = mount({ path: '/' });
    await rendered(frame);
    const links = [...shadow(frame).querySelectorAll<HTMLAnchorElement>('nav.nav a')];
    const byText = Object.fromEntries(links.map((a) => [a.textContent, a.getAttribute('href')]));
    equal(byText['Home'], '/');
    equal(byText['About Test Imaging'], '/about');
    equal(byText['Contact'], 'https://contact.example.org/');
    equal(byText['Terms'], '/terms');
    equal(byText['Privacy'], '/privacy');
  });

  it('R-2.3-01/02 and security: the banner HTML is sanitised and can be dismissed', async () => {
    const frame = mount();
    await rendered(frame);
    const banner = await waitFor(() => shadow(frame).querySelector('[part="banner"]'), 'banner');
    await waitFor(
      () => banner.querySelector('strong'),
      'sanitised banner HTML (DOMPurify loads lazily)',
    );
    assert(banner.innerHTML.includes('<strong>new clinic</strong>'), 'keeps harmless markup');
    assert(!banner.innerHTML.includes('onerror'), 'drops event handlers');
    (banner.querySelector('button') as HTMLButtonElement).click();
    await waitFor(() => !shadow(frame).querySelector('[part="banner"]'), 'banner to close');
  });

  it('R-2.3-03: the read-only banner shows message.access_read_only', async () => {
    const frame = mount();
    await rendered(frame);
    const banner = shadow(frame).querySelector('[part="read-only-banner"]');
    assert(banner?.textContent?.length, 'read-only banner text');
  });

  it('R-2.3-11/12: the admin login link hides in kiosk mode and returns when the attribute is removed', async () => {
    const frame = mount({ 'kiosk-mode': '' });
    await rendered(frame);
    const login = () => shadow(frame).querySelector('a[href="https://admin.example.org/login"]');
    equal(login(), null, 'no login link in kiosk mode');
    const home = shadow(frame).querySelector<HTMLAnchorElement>('.header__logo');
    equal(home?.getAttribute('href'), '/kiosk?kioskMode=true', 'R-2.3-33 kiosk home');
    frame.removeAttribute('kiosk-mode');
    await waitFor(login, 'login link after removing kiosk-mode');
  });

  it('issue 16: in kiosk mode every menu link keeps kioskMode=true and no link leaves the portal', async () => {
    const frame = mount({ path: '/about', 'kiosk-mode': '' });
    await rendered(frame);
    const hrefs = [...shadow(frame).querySelectorAll<HTMLAnchorElement>('nav.nav a')].map(
      (a) => a.getAttribute('href') ?? '',
    );
    assert(hrefs.includes('/about?kioskMode=true'), `About keeps kiosk mode: ${hrefs.join(' ')}`);
    for (const href of hrefs) assert(href.includes('kioskMode=true'), `${href} keeps kiosk mode`);
    equal(shadow(frame).querySelectorAll('a[target="_blank"]').length, 0, 'no external links');
  });

  it('theming: --imaging-color-primary set on the host colours the links', async () => {
    const frame = mount();
    frame.style.setProperty('--imaging-color-primary', 'rgb(1, 2, 3)');
    await rendered(frame);
    const link = shadow(frame).querySelector('nav.nav a') as HTMLElement;
    equal(getComputedStyle(link).color, 'rgb(1, 2, 3)');
  });

  it('R-2.3-36: the loading attribute shows the overlay with message.loading', async () => {
    const frame = mount({ loading: '' });
    await rendered(frame);
    const overlay = shadow(frame).querySelector('[part="loading-overlay"]');
    equal(overlay?.textContent?.trim(), 'Loading…');
  });

  it('R-2.3-23: the footer shows the version with a tooltip giving version and hash', async () => {
    await setViewport({ width: 1280, height: 900 }); // the footer is hidden below 1120 px
    const frame = mount();
    await rendered(frame);
    const tooltip = await waitFor(
      () => shadow(frame).querySelector('.footer__version [role="tooltip"]'),
      `the footer version (width ${innerWidth})`,
    );
    assert(
      tooltip?.textContent?.includes('1.2.3') && tooltip.textContent.includes('abc1234'),
      'tooltip',
    );
    assert(
      shadow(frame).querySelector('footer')?.textContent?.includes(`${new Date().getFullYear()}`),
      'year',
    );
  });

  it('R-1-25: the language switcher works from the keyboard, names each language in itself and keeps the choice for the visit', async () => {
    await setViewport({ width: 1280, height: 900 });
    const frame = mount();
    await rendered(frame);
    equal(frame.getAttribute('lang'), 'en-AU', 'the element marks its own language');
    const toggle = await waitFor(
      () => shadow(frame).querySelector<HTMLButtonElement>('nav button[aria-controls]'),
      'the language button (loaded after the header)',
    );
    equal(toggle.textContent, 'Language: English (Australia)', 'its accessible text');
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    equal(toggle.getAttribute('aria-expanded'), 'true', 'Enter opens the list');
    const options = [...shadow(frame).querySelectorAll<HTMLButtonElement>('.user-menu__item')];
    equal(
      options.map((o) => `${o.lang}:${o.textContent}`).join(','),
      'en-AU:English (Australia),mk:Македонски',
    );
    equal(options[0]?.getAttribute('aria-current'), 'true', 'the current language is marked');
    await sendKeys({ press: 'Escape' });
    equal(toggle.getAttribute('aria-expanded'), 'false', 'Escape closes the list');
    equal(shadow(frame).activeElement, toggle, 'and gives the focus back to the button');

    await sendKeys({ press: 'Enter' });
    options[1]?.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => frame.getAttribute('lang') === 'mk', 'the element in Macedonian');
    equal(shadow(frame).activeElement, toggle, 'the focus is back on the button');
    equal(sessionStorage.getItem('imaging-portal.locale'), 'mk', 'kept for the visit');
    await waitFor(
      () => shadow(frame).querySelector('nav.nav a')?.textContent === 'Почетна',
      'the menu in Macedonian',
    );
    // Back to English for the other tests.
    toggle.click();
    (
      await waitFor(
        () => shadow(frame).querySelector<HTMLButtonElement>('[lang="en-AU"].user-menu__item'),
        'English',
      )
    ).click();
    await waitFor(() => frame.getAttribute('lang') === 'en-AU', 'English again');
    sessionStorage.clear();
  });

  it('emit() dispatches events that bubble out of the shadow root', async () => {
    const frame = mount();
    await rendered(frame);
    let target: EventTarget | null = null;
    document.body.addEventListener('imaging-banner-closed', (e) => (target = e.target), {
      once: true,
    });
    emit(shadow(frame).querySelector('header'), 'imaging-banner-closed', {});
    equal(target, frame as EventTarget, 'dispatched from the host and bubbled to body');
  });
});
