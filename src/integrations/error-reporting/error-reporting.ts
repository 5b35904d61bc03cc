/**
 * Error reporting (R-1-29, R-7-calls-57) with the vendor's official
 * browser SDK, loaded only when integration.sentryDSN is set: uncaught
 * errors and unhandled rejections of the page (React 19 reports a
 * component's uncaught error there too), each scrubbed by ./scrub.ts
 * before it leaves.
 */
import { init, type BrowserOptions } from '@sentry/browser';
import type { PortalConfig } from '../../contract/portal';
import { scrubBreadcrumb, scrubEvent } from './scrub';

/**
 * Left out of the SDK's defaults: session pings (a report leaves only for
 * an error) and console lines as breadcrumbs (free text, where a name could
 * not be recognised and masked).
 */
export const LEFT_OUT = new Set(['BrowserSession', 'Console']);

export function reportingOptions(config: PortalConfig): BrowserOptions {
  return {
    dsn: config.integration.sentryDSN,
    release: config.app.version || undefined,
    environment: config.app.environmentProfiles.join(',') || 'production',
    // Collect the least to begin with; ./scrub.ts still checks whatever is left.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: ['User-Agent', 'Referer'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
    },
    integrations: (defaults) => defaults.filter((integration) => !LEFT_OUT.has(integration.name)),
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  };
}

export function startErrorReporting(config: PortalConfig): void {
  init(reportingOptions(config));
}
