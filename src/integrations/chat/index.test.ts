import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortalConfig } from '../../contract/portal';

const connectChat = vi.fn();
vi.mock('./chat-adapter', () => ({ connectChat }));

const config = (chatDeploymentId: string) =>
  ({
    integration: {
      sentryDSN: '',
      mapsKey: '',
      mapsTileUrl: '',
      chatDeploymentId,
      chatEnvironment: 'prod-apse2',
      chatScriptUrl: 'https://apps.mypurecloud.com.au/genesys-bootstrap/genesys.min.js',
    },
  }) as PortalConfig;

async function fresh() {
  vi.resetModules();
  return import('./index');
}

afterEach(() => connectChat.mockClear());

describe('startChat (R-1-30, R-7-calls-55): the chat loads only with a deployment id', () => {
  it('without a deployment id (or before the configuration arrives) nothing loads', async () => {
    const { startChat } = await fresh();
    startChat(null);
    startChat(config(''));
    await vi.dynamicImportSettled();
    expect(connectChat).not.toHaveBeenCalled();
  });

  it('with one, it loads the chat once however many elements start it', async () => {
    const { startChat } = await fresh();
    const configured = config('dep-1');
    startChat(configured);
    startChat(configured);
    await vi.dynamicImportSettled();
    expect(connectChat).toHaveBeenCalledTimes(1);
    expect(connectChat).toHaveBeenCalledWith(configured.integration);
  });
});
