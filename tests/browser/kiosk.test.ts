import '../../widgets/kiosk/define';
import '../../widgets/kiosk-idle/define';
import { sendKeys } from '@web/test-runner-commands';
import { forgetDevice } from '../../src/stores/kiosk-identity.store';
import { assert, equal, waitFor } from './assert';

const shadow = (element: HTMLElement) => element.shadowRoot!;
const openDialog = (element: HTMLElement) =>
  waitFor(() => shadow(element).querySelector<HTMLDialogElement>('dialog[open]'), 'an open dialog');
const focused = (element: HTMLElement) => shadow(element).activeElement as HTMLElement | null;

function mount(tag: string, attributes: Record<string, string> = {}): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.querySelectorAll('imaging-kiosk, imaging-kiosk-idle').forEach((e) => e.remove());
  forgetDevice();
});

describe('<imaging-kiosk> device name (spec 2.5, 5)', () => {
  it('the first visit asks for the device name: required, Save disabled while empty, Escape does not dismiss it', async () => {
    forgetDevice();
    const kiosk = mount('imaging-kiosk', { path: '/kiosk', search: '?kioskMode=true' });
    const dialog = await openDialog(kiosk);
    equal(dialog.querySelector('h2')?.textContent, 'Name this device');
    const input = await waitFor(() => dialog.querySelector('input'), 'the name field');
    await waitFor(() => focused(kiosk) === input, 'focus in the name field');
    const save = dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    assert(save.disabled, 'Save is disabled while empty');
    await sendKeys({ type: '   ' });
    assert(save.disabled, 'spaces are not a name');
    await sendKeys({ press: 'Escape' });
    assert(dialog.open, 'a required name cannot be dismissed with Escape');
    await sendKeys({ type: 'Front desk' });
    await waitFor(() => !save.disabled, 'Save enabled once named');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !dialog.open, 'the dialog closes on save');
    assert(document.cookie.includes('kioskIdentity='), 'kept in the kioskIdentity cookie');
    const device = await waitFor(() => shadow(kiosk).querySelector('[part="device"]'), 'name');
    assert(device.textContent?.includes('Front desk'), 'the home names the device');
  });

  it('"Forget this device" removes the cookie and asks again; the choices are kiosk links', async () => {
    document.cookie = 'kioskIdentity=Desk; path=/';
    const kiosk = mount('imaging-kiosk', { path: '/kiosk', search: '?kioskMode=true' });
    await waitFor(() => shadow(kiosk).querySelector('a.kiosk__choice'), 'the choices');
    const links = [...shadow(kiosk).querySelectorAll<HTMLAnchorElement>('a.kiosk__choice')];
    equal(
      links.map((a) => a.getAttribute('href')).join(' '),
      '/check-in?kioskMode=true /home?kioskMode=true',
    );
    for (const link of links) assert(link.getBoundingClientRect().height >= 48, 'at least 48 px');
    const forget = [...shadow(kiosk).querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Forget this device'),
    )!;
    forget.click();
    await openDialog(kiosk);
    assert(!document.cookie.includes('kioskIdentity=Desk'), 'the cookie is gone');
  });
});

describe('<imaging-kiosk-idle> inactivity modal (spec 4 "Kiosk inactivity")', () => {
  it('opens after the idle time with the countdown, keeps focus inside, and Escape is Cancel', async () => {
    const idle = mount('imaging-kiosk-idle', { 'idle-seconds': '1' });
    const dialog = await openDialog(idle);
    equal(dialog.getAttribute('role'), 'alertdialog');
    assert(dialog.textContent?.includes('in 10 seconds'), 'message.inactivity_text with 10 s');
    const live = dialog.querySelector('[role="status"]');
    assert(live?.textContent?.includes('10 seconds'), 'announced politely at the start');
    const [cancel, home] = [...dialog.querySelectorAll('footer button')] as HTMLElement[];
    await waitFor(() => focused(idle) === cancel, 'Cancel focused first');
    await sendKeys({ press: 'Tab' });
    equal(focused(idle), home, 'Tab moves to Home');
    await sendKeys({ press: 'Shift+Tab' });
    equal(focused(idle), cancel, 'Shift+Tab back to Cancel');
    assert(dialog.open, 'keys inside the warning do not dismiss it');
    await waitFor(() => dialog.textContent?.includes('in 9 seconds'), 'the countdown', 2500);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog.open, 'Escape closes it (Cancel)');
  });

  it('any activity closes it: a storage event from another tab', async () => {
    const idle = mount('imaging-kiosk-idle', { 'idle-seconds': '1' });
    const dialog = await openDialog(idle);
    window.dispatchEvent(new StorageEvent('storage', { key: 'x' }));
    await waitFor(() => !dialog.open, 'the warning closes on activity');
  });
});
