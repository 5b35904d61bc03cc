/**
 * The one place the optional integrations start (docs/integrations.md).
 * This module is in every element's first load, so it only asks whether
 * anything is configured; the integrations themselves load on demand
 * (./integrations.ts), and with nothing configured nothing more loads.
 */
import { $config } from '../stores/config.store';

let started = false;

/** Called by the roots of `<imaging-frame>` and `<imaging-booking>`; only the first call counts. */
export function startIntegrations(): void {
  if (started) return;
  started = true;
  $config.subscribe((config) => {
    // Each condition is one of ./integrations.ts's `configured`, written out to stay small.
    if (
      config &&
      (config.app.analyticsEnabled ||
        config.integration.sentryDSN ||
        config.integration.chatDeploymentId)
    )
      void import('./integrations').then((module) => module.startConfigured(config));
  });
}
