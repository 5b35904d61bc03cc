import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy of every answer; frame-ancestors adds the configured origins. */
export function contentSecurityPolicy(allowedOrigins: string[]): string {
  return [
    "default-src 'self'",
    "img-src 'self' data: https:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "connect-src 'self'",
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
  allowedOrigins: string[],
  publicUrl = '',
): void {
  const headers = Object.entries(securityHeaders(allowedOrigins, publicUrl));
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
