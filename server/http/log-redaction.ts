/**
 * Booking keys, slugs and codes never reach the logs (docs/security.md §13):
 * the request serializer masks request URLs with the rule the browser's
 * error reports and analytics use too (src/domain/redaction/url.ts).
 */
import type { FastifyRequest } from 'fastify';
import { redactUrl } from '../../src/domain/redaction/url.js';

export { MASK, redactUrl, SECRET_PARAMS } from '../../src/domain/redaction/url.js';

/** Fastify's default `req` serializer with the URL redacted. */
export function redactedRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const logSerializers = { req: redactedRequest };
