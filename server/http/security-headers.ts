import type { FastifyInstance } from 'fastify';

/** Origins a page allows besides its own (the configured integrations, server/http/integration-csp.ts). */
export interface ExtraSources {
  script: readonly string[];
  connect: readonly string[];
}

const NO_EXTRA: ExtraSources = { script: [], connect: [] };
const sources = (own: string, extra: readonly string[]) => [own, ...extra].join(' ');

/**
 * The Content-Security-Policy of every answer; frame-ancestors adds the
 * configured origins, and a page's `extra` sources what its integrations need.
 */
export function contentSecurityPolicy(
  frameAncestors: string[],
  extra: ExtraSources = NO_EXTRA,
): string {
  return [
    "default-src 'self'",
    `img-src ${sources("'self' data: https:", extra.connect)}`,
    "style-src 'self' 'unsafe-inline'",
    `script-src ${sources("'self'", extra.script)}`,
    `connect-src ${sources("'self'", extra.connect)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
  ].join('; ');
}

/** A year, subdomains included: the portal's host serves nothing over plain HTTP. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The headers every answer carries. Strict-Transport-Security only when the
 * portal's public URL is https (docs/security.md §13): a local http start would
 * otherwise pin 127.0.0.1 to https in the browser.
 */
export function securityHeaders(frameAncestors: string[], publicUrl = ''): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(frameAncestors),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'geolocation=(self)',
    ...(/^https:/i.test(publicUrl)
      ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY }
      : {}),
  };
}

/** Writes the security headers on every answer, including errors, 404s and static files. */
export function installSecurityHeaders(
  app: FastifyInstance,
  frameAncestors: string[],
  publicUrl = '',
): void {
  const headers = Object.entries(securityHeaders(frameAncestors, publicUrl));
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of headers) {
      // A route may send a stricter policy (images do; secured answers send
      // Referrer-Policy no-referrer); the others are fixed.
      const overridable = name === 'content-security-policy' || name === 'referrer-policy';
      if (!overridable || !reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
