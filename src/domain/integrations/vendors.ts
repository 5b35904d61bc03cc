/**
 * Which analytics vendors a provider's configuration turns on, where each
 * one's script comes from, and the origins the page must allow for them
 * (the browser's adapters in src/integrations/analytics and the server's
 * Content-Security-Policy read the same rules). Pure.
 */
import {
  HEATMAP_SCRIPT_BASE_URL,
  SOCIAL_PIXEL_SCRIPT_URL,
  TAG_MANAGER_SCRIPT_BASE_URL,
  VENDOR_ORIGINS,
  WEB_ANALYTICS_SCRIPT_URL,
} from '../../contract/integrations';
import type { AppConfig, PortalConfig } from '../../contract/portal';

export type AnalyticsVendor =
  'tagManager' | 'googleAnalytics' | 'socialPixel' | 'heatmap' | 'webAnalytics';

export const ANALYTICS_VENDORS: readonly AnalyticsVendor[] = [
  'tagManager',
  'googleAnalytics',
  'socialPixel',
  'heatmap',
  'webAnalytics',
];

/** The script version the heatmap tool's snippet names. */
export const HEATMAP_SCRIPT_VERSION = 6;

/** A base address and a path, whether or not the base ends with a slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * R-7-calls-58: nothing loads unless analytics is enabled; then each vendor
 * needs its own id, and the pixel, heatmap and web analytics their own flag.
 * Fields a provider's older back end does not send count as off.
 */
export function vendorEnabled(vendor: AnalyticsVendor, app: AppConfig): boolean {
  if (!app.analyticsEnabled) return false;
  switch (vendor) {
    case 'tagManager':
      return Boolean(app.tagManagerId);
    case 'googleAnalytics':
      return Boolean(app.analyticsMeasurementId);
    case 'socialPixel':
      return Boolean(app.socialPixelTrackingEnabled && app.socialPixelTrackingId);
    case 'heatmap':
      return Boolean(app.heatmapEnabled && app.heatmapId);
    case 'webAnalytics':
      return Boolean(app.webAnalyticsEnabled && app.webAnalyticsDomain);
  }
}

/** The vendor's script base or address: the configured one, else the vendor's own. */
function scriptBase(vendor: AnalyticsVendor, app: AppConfig): string {
  switch (vendor) {
    case 'tagManager':
    case 'googleAnalytics':
      return app.tagManagerScriptBaseUrl || TAG_MANAGER_SCRIPT_BASE_URL;
    case 'socialPixel':
      return app.socialPixelScriptUrl || SOCIAL_PIXEL_SCRIPT_URL;
    case 'heatmap':
      return app.heatmapScriptBaseUrl || HEATMAP_SCRIPT_BASE_URL;
    case 'webAnalytics':
      return app.webAnalyticsScriptUrl || WEB_ANALYTICS_SCRIPT_URL;
  }
}

/** The address of the vendor's script for this configuration. */
export function vendorScriptUrl(vendor: AnalyticsVendor, app: AppConfig): string {
  const base = scriptBase(vendor, app);
  const id = (value: string) => encodeURIComponent(value);
  switch (vendor) {
    case 'tagManager':
      return joinUrl(base, `gtm.js?id=${id(app.tagManagerId)}`);
    case 'googleAnalytics':
      return joinUrl(base, `gtag/js?id=${id(app.analyticsMeasurementId)}`);
    case 'heatmap':
      return joinUrl(base, `c/hotjar-${id(app.heatmapId)}.js?sv=${HEATMAP_SCRIPT_VERSION}`);
    case 'socialPixel':
    case 'webAnalytics':
      return base;
  }
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

const DEFAULT_BASE: Record<AnalyticsVendor, string> = {
  tagManager: TAG_MANAGER_SCRIPT_BASE_URL,
  googleAnalytics: TAG_MANAGER_SCRIPT_BASE_URL,
  socialPixel: SOCIAL_PIXEL_SCRIPT_URL,
  heatmap: HEATMAP_SCRIPT_BASE_URL,
  webAnalytics: WEB_ANALYTICS_SCRIPT_URL,
};

const ORIGINS_OF: Record<AnalyticsVendor, keyof typeof VENDOR_ORIGINS> = {
  tagManager: 'tagManager',
  googleAnalytics: 'tagManager',
  socialPixel: 'socialPixel',
  heatmap: 'heatmap',
  webAnalytics: 'webAnalytics',
};

export interface ContentSources {
  script: string[];
  connect: string[];
}

/**
 * What the page's Content-Security-Policy must allow for the configured
 * integrations: each enabled vendor's script origin (for its script and
 * what it sends), the vendor's further origins when the script is the
 * vendor's own (a provider's proxy or a test's collector needs none), and
 * the error-reporting DSN's origin. Nothing when nothing is configured.
 */
export function integrationSources(config: PortalConfig): ContentSources {
  const script = new Set<string>();
  const connect = new Set<string>();
  for (const vendor of ANALYTICS_VENDORS) {
    if (!vendorEnabled(vendor, config.app)) continue;
    const origin = originOf(scriptBase(vendor, config.app));
    if (!origin) continue;
    script.add(origin);
    connect.add(origin);
    if (origin === originOf(DEFAULT_BASE[vendor])) {
      const extra = VENDOR_ORIGINS[ORIGINS_OF[vendor]];
      extra.script.forEach((source) => script.add(source));
      extra.connect.forEach((source) => connect.add(source));
    }
  }
  const dsn = config.integration.sentryDSN ? originOf(config.integration.sentryDSN) : null;
  if (dsn) connect.add(dsn);
  return { script: [...script], connect: [...connect] };
}
