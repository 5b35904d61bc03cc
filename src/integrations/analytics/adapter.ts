import type { AppConfig } from '../../contract/portal';
import type { FunnelEvent } from '../../domain/booking/funnel';

/**
 * One analytics vendor. It loads only when analytics is enabled and its own
 * flag and id are set; events sent before its script arrives wait in the
 * vendor's command queue, which `load` installs first.
 */
export interface AnalyticsAdapter {
  name: string;
  /** analyticsEnabled, its flag and its id are set (src/domain/integrations/vendors.ts). */
  enabled(app: AppConfig): boolean;
  /** Installs the vendor's command queue and adds its script. */
  load(app: AppConfig, page: string): Promise<void>;
  /** Sends one funnel event; `page` is the page's address with keys and codes redacted. */
  send(event: FunnelEvent, page: string): void;
}
