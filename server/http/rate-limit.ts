import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { Queryable } from '../db/db.js';
import { deleteOldWindows, hitWindow } from '../db/rate-limits.repo.js';
import { errorBody } from './errors.js';

export interface RateLimitOptions {
  max: number;
  windowSeconds: number;
}

/** Paths that monitoring calls often and that must never be refused. */
const EXEMPT = new Set(['/api/health']);

/**
 * Whether a request counts against the client's budget: every /api call
 * except monitoring. One budget per client address across all route groups
 * (a script cannot spend a fresh budget on each group), in the database so
 * every API process shares it.
 */
export function isCounted(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/api/') && !EXEMPT.has(path);
}

/**
 * Counts one request in `bucket` and answers 429 once it is over the limit.
 * Returns true when the request was refused. A database failure lets the
 * request through (logged): the limiter must not take the API down.
 */
async function countRequest(
  db: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  bucket: string,
  options: RateLimitOptions,
): Promise<boolean> {
  let hit;
  try {
    hit = await hitWindow(db, bucket, options.windowSeconds);
    if (hit.hits === 1) await deleteOldWindows(db, options.windowSeconds);
  } catch (error) {
    request.log.warn({ err: error }, 'rate limit unavailable; request allowed');
    return false;
  }
  reply.header('ratelimit-limit', String(options.max));
  reply.header('ratelimit-remaining', String(Math.max(0, options.max - hit.hits)));
  reply.header('ratelimit-reset', String(hit.resetSeconds));
  if (hit.hits <= options.max) return false;
  reply.header('retry-after', String(hit.resetSeconds));
  void reply.code(429).type('application/json; charset=utf-8').send(errorBody(429));
  return true;
}

/**
 * Fixed-window rate limit on /api/*, one budget per client address for all
 * routes, counted in the database so every API process shares the same
 * counters. Answers 429 message.too_many_requests.
 */
export function installRateLimit(
  app: FastifyInstance,
  db: Queryable,
  options: RateLimitOptions,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isCounted(request.url)) return;
    if (await countRequest(db, request, reply, `${request.ip}|api`, options)) return reply;
  });
}

/**
 * A stricter limit for some routes (their onRequest option), on top of the
 * global one: one counter per client address and `name`, shared by the routes
 * that use the same name. Its RateLimit-* headers replace the global ones.
 */
export function strictRateLimit(
  db: Queryable,
  name: string,
  options: RateLimitOptions,
): onRequestAsyncHookHandler {
  return async function strictLimit(request, reply) {
    if (await countRequest(db, request, reply, `${request.ip}|!${name}`, options)) return reply;
  };
}
