/**
 * The chat's only part in the first-load bundle: with a deployment id in the
 * provider's configuration it loads the chat (./chat-adapter.ts) on demand;
 * without one nothing loads and no request leaves (R-1-30, R-7-calls-55).
 */
import type { PortalConfig } from '../../contract/portal';

let started = false;

/** Starts the chat once per page; takes the configuration as it arrives (null until then). */
export function startChat(config: PortalConfig | null): void {
  if (started || !config?.integration.chatDeploymentId) return;
  started = true;
  void import('./chat-adapter').then((chat) => chat.connectChat(config.integration));
}
