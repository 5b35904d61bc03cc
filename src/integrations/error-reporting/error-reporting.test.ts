import type { BrowserOptions } from '@sentry/browser';
import { describe, expect, it } from 'vitest';
import portalConfig from '../../../tests/fixtures/portal-config.json';
import type { PortalConfig } from '../../contract/portal';
import { reportingOptions } from './error-reporting';

type Integrations = Extract<
  NonNullable<BrowserOptions['integrations']>,
  (...args: never[]) => unknown
>;
type Integration = Parameters<Integrations>[0][number];

const config = {
  ...portalConfig,
  integration: { ...portalConfig.integration, sentryDSN: 'https://public@errors.example/1' },
} as PortalConfig;

describe('R-7-calls-57: the error-reporting SDK is set up to collect the least', () => {
  it('reports to the configured DSN, with no user, cookies, bodies or query parameters', () => {
    const options = reportingOptions(config);
    expect(options.dsn).toBe('https://public@errors.example/1');
    expect(options.dataCollection).toMatchObject({
      userInfo: false,
      cookies: false,
      httpBodies: [],
      urlQueryParams: false,
    });
  });

  it('sends no session pings and keeps no console lines', () => {
    const defaults = ['GlobalHandlers', 'Breadcrumbs', 'Console', 'BrowserSession', 'Dedupe'].map(
      (name) => ({ name }) as Integration,
    );
    const integrations = reportingOptions(config).integrations as Integrations;
    expect(integrations(defaults).map((integration) => integration.name)).toEqual([
      'GlobalHandlers',
      'Breadcrumbs',
      'Dedupe',
    ]);
  });

  it('scrubs every report and breadcrumb before it leaves', () => {
    const options = reportingOptions(config);
    const event = options.beforeSend!(
      { type: undefined, message: 'sent to mia@example.org', user: { id: '1' } },
      {},
    );
    expect(event).toEqual({ type: undefined, message: 'sent to [email]' });
    expect(options.beforeBreadcrumb!({ message: 'call 0412345678' })).toEqual({
      message: 'call [number]',
    });
  });
});
