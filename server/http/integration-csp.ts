/**
 * The portal's own pages allow the scripts and addresses of the
 * integrations the provider configured (docs/integrations.md): the
 * Content-Security-Policy of an HTML page adds the origins that
 * src/domain/integrations/vendors.ts names for the current configuration,
 * read when the page is served, so a changed setting applies to the next
 * page. Without integrations a page keeps the fixed policy. On a clinic's
 * own site, the clinic's policy applies instead.
 */
import type { FastifyInstance } from 'fastify';
import type { PortalConfig } from '../../src/contract/portal.js';
import { integrationSources } from '../../src/domain/integrations/vendors.js';
import { contentSecurityPolicy } from './security-headers.js';

export function installIntegrationSources(
  app: FastifyInstance,
  frameAncestors: string[],
  portalConfig: () => Promise<PortalConfig>,
): void {
  const fixed = contentSecurityPolicy(frameAncestors);
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const policy = reply.getHeader('content-security-policy');
    // Only pages, and only those with the fixed policy (a route may send a stricter one).
    if (!type.startsWith('text/html') || (policy !== undefined && policy !== fixed)) return payload;
    const extra = await portalConfig().then(integrationSources, () => null);
    if (!extra) return payload; // The settings could not be read: the fixed policy stays.
    if (extra.script.length > 0 || extra.connect.length > 0)
      reply.header('content-security-policy', contentSecurityPolicy(frameAncestors, extra));
    return payload;
  });
}
