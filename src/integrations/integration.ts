import type { PortalConfig } from '../contract/portal';

/**
 * One optional integration (analytics, error reporting, chat): it loads
 * only when the provider configured it, never in an element's first load.
 */
export interface Integration {
  name: string;
  /** The provider's configuration asks for it (its flag and its id are set). */
  configured(config: PortalConfig): boolean;
  /** Loads its module and starts it; called once per page. */
  start(config: PortalConfig): Promise<void>;
}
