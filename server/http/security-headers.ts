import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy of every answer; frame-ancestors adds the configured origins. */
export function contentSecurityPolicy(frameAncestors: string[]): string {
  return [
    "default-src 'self'",
    "img-src 'self' data: https:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
  ].join('; ');
}

/** Writes the security headers on every answer, including errors, 404s and static files. */
export function installSecurityHeaders(app: FastifyInstance, frameAncestors: string[]): void {
  const csp = contentSecurityPolicy(frameAncestors);
  app.addHook('onSend', async (_request, reply, payload) => {
    // A route may send a stricter policy (images do); never a looser one than this default.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', 'geolocation=(self)');
    return payload;
  });
}
