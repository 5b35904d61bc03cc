import { describe, expect, it } from 'vitest';
import portalConfig from '../../../tests/fixtures/portal-config.json';
import type { AppConfig, PortalConfig } from '../../contract/portal';
import {
  integrationSources,
  vendorEnabled,
  vendorScriptUrl,
  type AnalyticsVendor,
} from './vendors';

const base = portalConfig as PortalConfig;
const withApp = (app: Partial<AppConfig>, sentryDSN = ''): PortalConfig => ({
  ...base,
  app: { ...base.app, ...app },
  integration: { ...base.integration, sentryDSN },
});
const everything: Partial<AppConfig> = {
  analyticsEnabled: true,
  tagManagerId: 'GTM-ABC123',
  analyticsMeasurementId: 'G-TEST123',
  socialPixelTrackingEnabled: true,
  socialPixelTrackingId: '1234567890',
  heatmapEnabled: true,
  heatmapId: '3456789',
  webAnalyticsEnabled: true,
  webAnalyticsDomain: 'portal.example',
};
const enabled = (app: Partial<AppConfig>) =>
  (
    ['tagManager', 'googleAnalytics', 'socialPixel', 'heatmap', 'webAnalytics'] as AnalyticsVendor[]
  ).filter((vendor) => vendorEnabled(vendor, withApp(app).app));

describe('R-7-calls-58: which analytics load', () => {
  it('none while analytics is off, whatever ids are set', () => {
    expect(enabled({ ...everything, analyticsEnabled: false })).toEqual([]);
  });

  it('each vendor needs its id, and the pixel, heatmap and web analytics their own flag', () => {
    expect(enabled(everything)).toEqual([
      'tagManager',
      'googleAnalytics',
      'socialPixel',
      'heatmap',
      'webAnalytics',
    ]);
    expect(
      enabled({
        ...everything,
        tagManagerId: '',
        socialPixelTrackingEnabled: false,
        heatmapId: '',
        webAnalyticsEnabled: false,
      }),
    ).toEqual(['googleAnalytics']);
  });

  it('settings an older back end does not send count as off', () => {
    const app = { analyticsEnabled: true, tagManagerId: 'GTM-1' } as AppConfig;
    expect(vendorEnabled('heatmap', app)).toBe(false);
    expect(vendorScriptUrl('tagManager', app)).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-1',
    );
  });
});

describe('vendor scripts: the vendor by default, a configured address otherwise', () => {
  it('builds each script address with its id', () => {
    const app = withApp(everything).app;
    expect(vendorScriptUrl('tagManager', app)).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123',
    );
    expect(vendorScriptUrl('googleAnalytics', app)).toBe(
      'https://www.googletagmanager.com/gtag/js?id=G-TEST123',
    );
    expect(vendorScriptUrl('socialPixel', app)).toBe(
      'https://connect.facebook.net/en_US/fbevents.js',
    );
    expect(vendorScriptUrl('heatmap', app)).toBe(
      'https://static.hotjar.com/c/hotjar-3456789.js?sv=6',
    );
    expect(vendorScriptUrl('webAnalytics', app)).toBe('https://plausible.io/js/script.manual.js');
  });

  it('a local base address replaces the vendor (a proxy, a test collector)', () => {
    const app = withApp({ ...everything, tagManagerScriptBaseUrl: 'http://127.0.0.1:19611/' }).app;
    expect(vendorScriptUrl('googleAnalytics', app)).toBe(
      'http://127.0.0.1:19611/gtag/js?id=G-TEST123',
    );
  });
});

describe("the page's Content-Security-Policy follows the configuration", () => {
  it('adds nothing when nothing is configured', () => {
    expect(integrationSources(base)).toEqual({ script: [], connect: [] });
    expect(integrationSources(withApp({ ...everything, analyticsEnabled: false }))).toEqual({
      script: [],
      connect: [],
    });
  });

  it("adds a vendor's origins when its script is the vendor's", () => {
    const sources = integrationSources(
      withApp({ analyticsEnabled: true, analyticsMeasurementId: 'G-1' }),
    );
    expect(sources.script).toEqual([
      'https://www.googletagmanager.com',
      'https://*.googletagmanager.com',
    ]);
    expect(sources.connect).toContain('https://*.google-analytics.com');
  });

  it('only the configured origin for a local script, and the DSN origin for error reports', () => {
    const sources = integrationSources(
      withApp(
        {
          analyticsEnabled: true,
          analyticsMeasurementId: 'G-1',
          tagManagerScriptBaseUrl: 'http://127.0.0.1:19611',
        },
        'http://public@127.0.0.1:19612/1',
      ),
    );
    expect(sources).toEqual({
      script: ['http://127.0.0.1:19611'],
      connect: ['http://127.0.0.1:19611', 'http://127.0.0.1:19612'],
    });
  });
});
