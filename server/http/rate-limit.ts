import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db.js';
import { deleteOldWindows, hitWindow } from '../db/rate-limits.repo.js';
import { errorBody } from './errors.js';

export interface RateLimitOptions {
  max: number;
  windowSeconds: number;
}

/** Paths that monitoring calls often and that must never be refused. */
const EXEMPT = new Set(['/api/health']);

/** '/api/config/portal?x' → 'config': one counter per client address and route group. */
export function routeGroup(url: string): string | undefined {
  const path = url.split('?')[0] ?? '';
  if (!path.startsWith('/api/') || EXEMPT.has(path)) return undefined;
  return path.split('/')[2] || 'root';
}

/**
 * Fixed-window rate limit on /api/*, counted in the database so every API
 * process shares the same counters. Answers 429 message.too_many_requests.
 */
export function installRateLimit(
  app: FastifyInstance,
  db: Queryable,
  options: RateLimitOptions,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const group = routeGroup(request.url);
    if (!group) return;
    let hit;
    try {
      hit = await hitWindow(db, `${request.ip}|${group}`, options.windowSeconds);
      if (hit.hits === 1) await deleteOldWindows(db, options.windowSeconds);
    } catch (error) {
      request.log.warn({ err: error }, 'rate limit unavailable; request allowed');
      return;
    }
    reply.header('ratelimit-limit', String(options.max));
    reply.header('ratelimit-remaining', String(Math.max(0, options.max - hit.hits)));
    reply.header('ratelimit-reset', String(hit.resetSeconds));
    if (hit.hits > options.max) {
      reply.header('retry-after', String(hit.resetSeconds));
      return reply.code(429).type('application/json; charset=utf-8').send(errorBody(429));
    }
  });
}
