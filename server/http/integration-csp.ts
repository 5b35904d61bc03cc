/**
 * The portal's own pages allow the scripts and addresses of the
 * integrations the provider configured (docs/integrations.md,
 * docs/integrations-chat.md): the Content-Security-Policy of an HTML page
 * adds the origins that src/domain/integrations/vendors.ts names for
 * analytics and error reporting, and http/chat-csp.ts for the chat, read
 * when the page is served (http/security-headers.ts), so a changed setting
 * applies to the next page. Without integrations a page keeps the fixed
 * policy. On a clinic's own site, the clinic's policy applies instead.
 */
import type { PortalConfig } from '../../src/contract/portal.js';
import { integrationSources } from '../../src/domain/integrations/vendors.js';
import { chatSources, type CspSources } from './chat-csp.js';

const union = (...lists: (readonly string[] | undefined)[]): string[] | undefined => {
  const all = [...new Set(lists.flatMap((list) => list ?? []))];
  return all.length > 0 ? all : undefined;
};

/** What a page's policy adds for the configured integrations; {} when none is configured. */
export function pageSources(config: PortalConfig): CspSources {
  const chat = chatSources(config.integration);
  const vendors = integrationSources(config);
  const sources: CspSources = {
    ...chat,
    script: union(chat.script, vendors.script),
    connect: union(chat.connect, vendors.connect),
    // Pixels and beacons report by image requests too.
    img: union(vendors.connect),
  };
  return Object.fromEntries(
    Object.entries(sources).filter(([, list]) => list !== undefined),
  ) as CspSources;
}
