/**
 * Cross-origin reads for clinic sites (docs/embedding.md). A clinic page on
 * one of ALLOWED_ORIGINS loads the element scripts from /elements/ as
 * modules, and the elements call /api/ with the patient's cookies: both need
 * the browser's CORS permission, and only those origins get it. The portal's
 * own pages are same-origin and need none. Writes stay guarded by
 * http/origin-check.ts whatever CORS says.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';
import { matches, originOf } from './origin-check.js';

const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const METHOD_SET = new Set(METHODS.split(', '));
/** What the client sends besides CORS-safe headers (src/api/client.ts, upload.ts). */
const HEADERS = ['content-type', 'idempotency-key', 'accept-language'];
/** What the elements read from answers: file names of downloads, the wait after a 429. */
const EXPOSED = 'content-disposition, retry-after';

type Area = 'api' | 'elements';

/** Adds to Vary without dropping what compression or a route put there. */
/** Adds to the response's Vary header (caches must key on these request headers). */
export function addVary(reply: FastifyReply, value: string): void {
  const current = reply.getHeader('vary');
  const list = typeof current === 'string' && current ? `${current}, ${value}` : value;
  reply.header('vary', list);
}

function areaOf(url: string): Area | null {
  // DICOMweb answers viewers with a bearer token, without cookies (routes/dicomweb.ts).
  if (url.startsWith('/api/dicomweb/')) return null;
  if (url.startsWith('/api/')) return 'api';
  if (url.startsWith('/elements/')) return 'elements';
  return null;
}

export function installCors(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = allowedOrigins.map((origin) => origin.toLowerCase());
  /** The request's Origin when it is an allowed foreign origin, else undefined. */
  const corsOrigin = (request: FastifyRequest): string | undefined => {
    const raw = request.headers.origin;
    const origin = typeof raw === 'string' ? originOf(raw) : undefined;
    if (!origin || origin !== raw?.toLowerCase()) return undefined;
    return allowed.some((entry) => matches(entry, origin)) ? origin : undefined;
  };
  const grant = (reply: FastifyReply, origin: string, area: Area): void => {
    reply.header('access-control-allow-origin', origin);
    if (area === 'api') {
      reply.header('access-control-allow-credentials', 'true');
      reply.header('access-control-expose-headers', EXPOSED);
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    const area = areaOf(request.url);
    if (!area || request.method !== 'OPTIONS') return;
    // A preflight: the browser asks before a write or a JSON request from a clinic page.
    const origin = corsOrigin(request);
    addVary(reply, 'Origin, Access-Control-Request-Headers');
    if (!origin) throw new ApiError(403, 'message.forbidden_origin', 'origin not allowed');
    // Only what the elements send: any other method or header is refused, not reflected.
    const method = String(request.headers['access-control-request-method'] ?? 'GET').toUpperCase();
    const asked = String(request.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    if (!METHOD_SET.has(method) || asked.some((name) => !HEADERS.includes(name)))
      throw new ApiError(403, 'message.forbidden_origin', 'method or header not allowed');
    grant(reply, origin, area);
    return reply
      .header('access-control-allow-methods', METHODS)
      .header('access-control-allow-headers', HEADERS.join(', '))
      .header('access-control-max-age', '600')
      .code(204)
      .send();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const area = areaOf(request.url);
    if (!area || request.method === 'OPTIONS') return payload;
    // Answers differ by Origin: caches must keep them apart.
    addVary(reply, 'Origin');
    const origin = corsOrigin(request);
    if (origin) grant(reply, origin, area);
    return payload;
  });
}
