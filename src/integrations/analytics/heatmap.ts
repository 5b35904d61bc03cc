/**
 * The heatmap tool (heatmapEnabled and heatmapId): a Hotjar style `hj`
 * queue and the site's script from {heatmapScriptBaseUrl}/c/hotjar-{id}.js.
 * Funnel events are named events only; the tool gets no e-mail hash.
 */
import {
  HEATMAP_SCRIPT_VERSION,
  vendorEnabled,
  vendorScriptUrl,
} from '../../domain/integrations/vendors';
import { loadScript } from '../load-script';
import type { AnalyticsAdapter } from './adapter';
import { eventName } from './params';

interface Hj {
  (...command: unknown[]): void;
  q?: unknown[][];
}

function hj(): Hj {
  const page = window as unknown as { hj?: Hj };
  if (!page.hj) {
    const queue: Hj = (...command) => {
      (queue.q ??= []).push(command);
    };
    page.hj = queue;
  }
  return page.hj;
}

export const heatmap: AnalyticsAdapter = {
  name: 'heatmap',
  enabled: (app) => vendorEnabled('heatmap', app),
  load(app) {
    hj();
    Object.assign(window, { _hjSettings: { hjid: app.heatmapId, hjsv: HEATMAP_SCRIPT_VERSION } });
    return loadScript(vendorScriptUrl('heatmap', app));
  },
  send(event) {
    hj()('event', eventName(event));
  },
};
