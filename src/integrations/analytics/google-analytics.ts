/**
 * Google Analytics 4 (analyticsMeasurementId) through gtag.js from
 * {tagManagerScriptBaseUrl}/gtag/js. Its own page view is off and every
 * hit carries the redacted page address as page_location, so no booking
 * key in the address bar reaches Google through this adapter.
 */
import { vendorEnabled, vendorScriptUrl } from '../../domain/integrations/vendors';
import { loadScript } from '../load-script';
import type { AnalyticsAdapter } from './adapter';
import { dataLayer } from './data-layer';
import { eventName, eventParams } from './params';

type Gtag = (...command: unknown[]) => void;

function gtag(): Gtag {
  const page = window as unknown as { gtag?: Gtag };
  // gtag.js reads each command as an `arguments` object, exactly as Google's snippet pushes it.
  page.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer().push(arguments);
  };
  return page.gtag;
}

export const googleAnalytics: AnalyticsAdapter = {
  name: 'google-analytics',
  enabled: (app) => vendorEnabled('googleAnalytics', app),
  load(app, page) {
    const id = app.analyticsMeasurementId;
    gtag()('js', new Date());
    gtag()('config', id, { send_page_view: false, page_location: page });
    return loadScript(vendorScriptUrl('googleAnalytics', app));
  },
  send(event, page) {
    gtag()('event', eventName(event), { ...eventParams(event), page_location: page });
  },
};
