/**
 * The social pixel (socialPixelTrackingEnabled and socialPixelTrackingId):
 * a Meta-pixel style `fbq` queue and fbevents.js from socialPixelScriptUrl.
 * Funnel events are custom events; the pixel's automatic page view on each
 * history change is off (it would carry the raw address).
 */
import { loadScript } from '../load-script';
import { vendorEnabled, vendorScriptUrl } from '../../domain/integrations/vendors';
import type { AnalyticsAdapter } from './adapter';
import { eventName, eventParams } from './params';

interface Fbq {
  (...command: unknown[]): void;
  callMethod?: (...command: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
  disablePushState: boolean;
}

/** The vendor's queue, as its snippet installs it: calls wait until fbevents.js takes them over. */
function fbq(): Fbq {
  const page = window as unknown as { fbq?: Fbq; _fbq?: Fbq };
  if (!page.fbq) {
    const queue = ((...command: unknown[]) => {
      if (queue.callMethod) queue.callMethod(...command);
      else queue.queue.push(command);
    }) as Fbq;
    Object.assign(queue, { queue: [], push: queue, loaded: true, version: '2.0' });
    queue.disablePushState = true;
    page.fbq = queue;
    page._fbq ??= queue;
  }
  return page.fbq;
}

export const socialPixel: AnalyticsAdapter = {
  name: 'social-pixel',
  enabled: (app) => vendorEnabled('socialPixel', app),
  load(app) {
    fbq()('init', app.socialPixelTrackingId);
    return loadScript(vendorScriptUrl('socialPixel', app));
  },
  send(event) {
    fbq()('trackCustom', eventName(event), eventParams(event));
  },
};
