/**
 * Every optional integration, each behind the same small interface
 * (./integration.ts) and loaded by a dynamic import when configured. A new
 * integration is one entry here and one condition in ./start.ts.
 */
import type { PortalConfig } from '../contract/portal';
import type { Integration } from './integration';

export const INTEGRATIONS: readonly Integration[] = [
  {
    // R-1-28, R-7-calls-58: the analytics loaders run only when analytics is enabled.
    name: 'analytics',
    configured: (config) => config.app.analyticsEnabled,
    start: (config) =>
      import('./analytics/analytics').then((module) => {
        module.startAnalytics(config.app);
      }),
  },
  {
    // R-1-29, R-7-calls-57: the error-reporting service loads only when sentryDSN is set.
    name: 'error-reporting',
    configured: (config) => Boolean(config.integration.sentryDSN),
    start: (config) =>
      import('./error-reporting/error-reporting').then((module) =>
        module.startErrorReporting(config),
      ),
  },
  {
    // R-1-30, R-7-calls-55: the chat vendor's messenger loads only with a deployment id.
    name: 'chat',
    configured: (config) => Boolean(config.integration.chatDeploymentId),
    start: (config) =>
      import('./chat/chat-adapter').then((module) => module.connectChat(config.integration)),
  },
];

const started = new Set<string>();

/** Starts each configured integration once; one that fails to load leaves the others running. */
export async function startConfigured(
  config: PortalConfig,
  integrations: readonly Integration[] = INTEGRATIONS,
): Promise<void> {
  await Promise.all(
    integrations
      .filter((integration) => !started.has(integration.name) && integration.configured(config))
      .map((integration) => {
        started.add(integration.name);
        return integration.start(config).catch((error: unknown) => {
          console.warn(`The ${integration.name} integration did not start.`, error);
        });
      }),
  );
}
