import { describe, expect, it, vi } from 'vitest';
import portalConfig from '../../tests/fixtures/portal-config.json';
import type { PortalConfig } from '../contract/portal';
import type { Integration } from './integration';
import { INTEGRATIONS, startConfigured } from './integrations';

const config = portalConfig as PortalConfig;

const fake = (name: string, configured: boolean, start = vi.fn(async () => {})) => ({
  integration: { name, configured: () => configured, start } satisfies Integration,
  start,
});

describe('the optional integrations start when configured, once each', () => {
  it('R-1-28/29: with the fixture configuration (nothing set), none is configured', () => {
    expect(INTEGRATIONS.filter((integration) => integration.configured(config))).toEqual([]);
  });

  it('analytics with analyticsEnabled; error reporting with a sentryDSN; the chat with a deployment id (R-1-30)', () => {
    const on = {
      ...config,
      app: { ...config.app, analyticsEnabled: true },
      integration: {
        ...config.integration,
        sentryDSN: 'https://k@errors.example/1',
        chatDeploymentId: 'dep-1',
      },
    };
    expect(
      INTEGRATIONS.filter((integration) => integration.configured(on)).map((i) => i.name),
    ).toEqual(['analytics', 'error-reporting', 'chat']);
  });

  it('starts only the configured ones, each once, and one failing leaves the others', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = fake(
      'broken-test',
      true,
      vi.fn(async () => Promise.reject(new Error('offline'))),
    );
    const on = fake('on-test', true);
    const off = fake('off-test', false);
    const all = [broken.integration, on.integration, off.integration];
    await startConfigured(config, all);
    await startConfigured(config, all);
    expect(broken.start).toHaveBeenCalledTimes(1);
    expect(on.start).toHaveBeenCalledTimes(1);
    expect(off.start).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
