/**
 * Analytics (R-1-28, R-7-calls-58/59): the configured adapters load once
 * analytics may run (enabled, and consented to when the provider requires
 * consent), then every funnel event of the page goes to each of them, the
 * ones from before they loaded first. Events while consent is withdrawn
 * are dropped, not kept for later.
 */
import type { AppConfig } from '../../contract/portal';
import { redactUrl } from '../../domain/redaction/url';
import { $funnel, funnelSince } from '../../stores/funnel.store';
import type { AnalyticsAdapter } from './adapter';
import { analyticsConsented, watchConsent } from './consent';
import { googleAnalytics } from './google-analytics';
import { heatmap } from './heatmap';
import { socialPixel } from './social-pixel';
import { tagManager } from './tag-manager';
import { webAnalytics } from './web-analytics';

export const ANALYTICS_ADAPTERS: readonly AnalyticsAdapter[] = [
  tagManager,
  googleAnalytics,
  socialPixel,
  heatmap,
  webAnalytics,
];

/** The page's address as the vendors may see it: booking keys, codes and personal parameters masked. */
export function pageAddress(): string {
  return redactUrl(window.location.href);
}

/** Starts the configured adapters; returns the way to stop sending (tests). */
export function startAnalytics(
  app: AppConfig,
  adapters: readonly AnalyticsAdapter[] = ANALYTICS_ADAPTERS,
): () => void {
  const enabled = adapters.filter((adapter) => adapter.enabled(app));
  if (!app.analyticsEnabled || enabled.length === 0) return () => {};
  const consented = () => !app.analyticsConsentRequired || analyticsConsented();
  let loaded = false;
  let position = 0;

  const flush = () => {
    if (!loaded) return;
    const { events, position: next } = funnelSince(position);
    position = next;
    if (!consented()) return;
    const page = pageAddress();
    for (const event of events) for (const adapter of enabled) adapter.send(event, page);
  };
  const load = () => {
    if (loaded || !consented()) return;
    loaded = true;
    for (const adapter of enabled) {
      adapter.load(app, pageAddress()).catch((error: unknown) => {
        console.warn(`Analytics: ${adapter.name} did not load.`, error);
      });
    }
    flush();
  };

  const unwatch = app.analyticsConsentRequired ? watchConsent(load) : () => {};
  load();
  const unlisten = $funnel.listen(flush);
  return () => {
    unwatch();
    unlisten();
  };
}
