/**
 * The privacy-friendly web-analytics tool (webAnalyticsEnabled and
 * webAnalyticsDomain): a Plausible style `plausible` queue and its script
 * without automatic page views (webAnalyticsScriptUrl). The funnel's page
 * view is its page view, and every event carries the redacted address as
 * `u`; it gets the names, never the e-mail hash.
 */
import { vendorEnabled, vendorScriptUrl } from '../../domain/integrations/vendors';
import { loadScript } from '../load-script';
import type { AnalyticsAdapter } from './adapter';
import { eventName, eventParams } from './params';

interface Plausible {
  (...command: unknown[]): void;
  q?: unknown[][];
}

function plausible(): Plausible {
  const page = window as unknown as { plausible?: Plausible };
  if (!page.plausible) {
    const queue: Plausible = (...command) => {
      (queue.q ??= []).push(command);
    };
    page.plausible = queue;
  }
  return page.plausible;
}

export const webAnalytics: AnalyticsAdapter = {
  name: 'web-analytics',
  enabled: (app) => vendorEnabled('webAnalytics', app),
  load(app) {
    plausible();
    return loadScript(vendorScriptUrl('webAnalytics', app), {
      'data-domain': app.webAnalyticsDomain,
    });
  },
  send(event, page) {
    if (event.name === 'page_view') plausible()('pageview', { u: page });
    else plausible()(eventName(event), { u: page, props: eventParams(event, false) });
  },
};
