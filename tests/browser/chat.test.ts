import '../../widgets/frame/define';
import '../../widgets/booking/define';
import type { PortalConfig } from '../../src/contract/portal';
import { $config } from '../../src/stores/config.store';
import { assert, equal, waitFor } from './assert';

const VENDOR = '/vendor/genesys-bootstrap/genesys.min.js';
const vendorScripts = () => document.querySelectorAll(`script[src$="${VENDOR}"]`);
const vendorRequests = () =>
  performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/vendor/'));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function mount(tag: string): HTMLElement {
  const element = document.createElement(tag);
  document.body.append(element);
  return element;
}

describe('the chat (R-1-30, R-7-calls-55)', () => {
  // First: the page must not have started the chat before.
  it('without a deployment id, nothing of the vendor loads and no request leaves for it', async () => {
    const frame = mount('imaging-frame');
    const booking = mount('imaging-booking');
    const config = await waitFor(() => $config.get(), 'the configuration');
    equal(config.integration.chatDeploymentId, '', 'the fixture has no deployment id');
    await waitFor(() => frame.shadowRoot?.querySelector('header'), 'the frame');
    await waitFor(() => booking.shadowRoot?.querySelector('h1'), 'the booking flow');
    await pause(300);
    equal(vendorScripts().length, 0, 'vendor scripts');
    equal('Genesys' in window, false, 'the vendor global');
    equal(vendorRequests().length, 0, 'requests to the vendor');
    frame.remove();
    booking.remove();
  });

  it('with one, both elements start it once: the configured script, configured by environment and deploymentId', async () => {
    const config = $config.get() as PortalConfig;
    $config.set({ ...config, integration: { ...config.integration, chatDeploymentId: 'dep-1' } });
    const frame = mount('imaging-frame');
    const booking = mount('imaging-booking');
    await waitFor(() => vendorScripts().length > 0, 'the vendor script');
    await pause(300);
    equal(vendorScripts().length, 1, 'vendor scripts');
    const vendor = (window as unknown as { Genesys: { c: unknown; q: unknown[][] } }).Genesys;
    equal(JSON.stringify(vendor.c), '{"environment":"prod-apse2","deploymentId":"dep-1"}');
    const subscribed = vendor.q.filter((args) => args[0] === 'subscribe').map((args) => args[1]);
    assert(subscribed.includes('Messenger.opened'), 'listens to the messenger opening');
    assert(subscribed.includes('MessagingService.conversationCleared'), 'listens to clearing');
    frame.remove();
    booking.remove();
  });
});
