import type { FastifyInstance } from 'fastify';
import type { CspSources } from './chat-csp.js';

/**
 * The Content-Security-Policy of every answer; frame-ancestors adds the
 * configured origins, and a page's `extra` sources the configured
 * integrations' (http/chat-csp.ts).
 */
export function contentSecurityPolicy(allowedOrigins: string[], extra: CspSources = {}): string {
  const directive = (name: string, own: string[], added: string[] = []) =>
    [name, ...own, ...added].join(' ');
  return [
    "default-src 'self'",
    directive('img-src', ["'self'", 'data:', 'blob:', 'https:'], extra.img),
    directive('style-src', ["'self'", "'unsafe-inline'"], extra.style),
    directive('script-src', ["'self'"], extra.script),
    directive('connect-src', ["'self'"], extra.connect),
    ...(extra.font ? [directive('font-src', ["'self'"], extra.font)] : []),
    ...(extra.frame ? [directive('frame-src', ["'self'"], extra.frame)] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...allowedOrigins].join(' ')}`,
  ].join('; ');
}

/** A year, subdomains included: the portal's host serves nothing over plain HTTP. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The headers every answer carries. Strict-Transport-Security only when the
 * portal's public URL is https (docs/security.md §13): a local http start would
 * otherwise pin 127.0.0.1 to https in the browser.
 */
export function securityHeaders(allowedOrigins: string[], publicUrl = ''): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(allowedOrigins),
    'x-content-type-options': 'nosniff',
    // The origin only, also to the portal itself: page addresses carry booking keys, image
    // link codes and viewer tokens, which a full Referer would copy into every API request
    // and so into the access log of any proxy in front of it (docs/security.md §14).
    'referrer-policy': 'strict-origin',
    'permissions-policy': 'geolocation=(self)',
    ...(/^https:/i.test(publicUrl)
      ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY }
      : {}),
  };
}

/**
 * Writes the security headers on every answer, including errors, 404s and
 * static files. An HTML page's policy also allows what `pageSources` gives
 * (the configured integrations, read when the page is asked for).
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  allowedOrigins: string[],
  publicUrl = '',
  pageSources: () => Promise<CspSources> = async () => ({}),
): void {
  const headers = Object.entries(securityHeaders(allowedOrigins, publicUrl));
  app.addHook('onSend', async (_request, reply, payload) => {
    if (
      String(reply.getHeader('content-type') ?? '').startsWith('text/html') &&
      !reply.hasHeader('content-security-policy')
    ) {
      const extra = await pageSources().catch(() => ({}));
      reply.header('content-security-policy', contentSecurityPolicy(allowedOrigins, extra));
    }
    for (const [name, value] of headers) {
      // A route may send a stricter policy (images do; secured answers send
      // Referrer-Policy no-referrer); the others are fixed.
      const overridable = name === 'content-security-policy' || name === 'referrer-policy';
      if (!overridable || !reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
