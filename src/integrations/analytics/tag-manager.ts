/**
 * Google Tag Manager (tagManagerId): the container loads from
 * {tagManagerScriptBaseUrl}/gtm.js, and each funnel event is a dataLayer
 * event for the provider's tags (docs/integrations.md lists the variables).
 */
import { vendorEnabled, vendorScriptUrl } from '../../domain/integrations/vendors';
import { loadScript } from '../load-script';
import type { AnalyticsAdapter } from './adapter';
import { dataLayer } from './data-layer';
import { eventName, eventParams } from './params';

export const tagManager: AnalyticsAdapter = {
  name: 'tag-manager',
  enabled: (app) => vendorEnabled('tagManager', app),
  load(app) {
    dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    return loadScript(vendorScriptUrl('tagManager', app));
  },
  send(event, page) {
    dataLayer().push({ event: eventName(event), ...eventParams(event), page_location: page });
  },
};
