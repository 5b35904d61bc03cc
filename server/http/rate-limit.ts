import { isIPv6 } from 'node:net';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { Db, Queryable } from '../db/db.js';
import { nextRunSharing, type NextRun } from '../db/next-run.js';
import { deleteOldWindows, hitWindows, type WindowHit } from '../db/rate-limits.repo.js';
import { underlying } from '../db/shared-reads.js';
import { MemoryWindows } from './rate-limit-memory.js';
import { errorBody } from './errors.js';

export interface RateLimitOptions {
  max: number;
  windowSeconds: number;
}

/** A budget of its own that a request is counted against instead of its address's. */
export interface OwnBudget {
  /** Who is counted (never a secret in clear: the bucket is stored). */
  client: string;
  name: string;
  options: RateLimitOptions;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route's own budget for a request (a DICOMweb request with a valid
     * viewer token: routes/dicomweb.ts); undefined counts it by address.
     */
    ownRateBudget?: (request: FastifyRequest) => Promise<OwnBudget | undefined>;
  }
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
 * Each database's window counter. On PostgreSQL, hits that arrive while an
 * upsert is in flight go together in the next one (server/db/next-run.ts), so
 * under load one statement counts many requests, from every address, yet each
 * request is counted in the database, shared by every API process, before it
 * is answered. On PGlite, one process by construction, in that process
 * (rate-limit-memory.ts): no statement on the event loop's thread per request.
 */
interface WindowCounter extends NextRun<string, WindowHit> {
  /** The windows in memory (PGlite), or undefined (rate_limits). */
  memory?: MemoryWindows;
}

const counters = new WeakMap<Queryable, WindowCounter>();

function counterOf(db: Queryable): WindowCounter {
  const base = underlying(db);
  let counter = counters.get(base);
  if (!counter) {
    if ((base as Partial<Db>).kind === 'pglite') {
      const memory = new MemoryWindows();
      counter = {
        memory,
        submit: async (window, bucket) => memory.hit(Number(window), [bucket])[0]!,
      };
    } else {
      counter = nextRunSharing((window, buckets) => hitWindows(db, Number(window), buckets));
    }
    counters.set(base, counter);
  }
  return counter;
}

/** The in-process windows of `db` when it is PGlite (tests), else undefined. */
export function memoryWindowsOf(db: Queryable): MemoryWindows | undefined {
  return counterOf(db).memory;
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
    const counter = counterOf(db);
    hit = await counter.submit(String(options.windowSeconds), bucket);
    if (hit.hits === 1 && !counter.memory) await deleteOldWindows(db, options.windowSeconds);
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

/** The bucket of a named budget; its window length keeps the global sweep off it (deleteOldWindows). */
const namedBucket = (client: string, name: string, options: RateLimitOptions) =>
  `${client}|!${name}@${options.windowSeconds}`;

/** The route's own budget of a request, if it has one; a failure counts the request by address. */
async function ownBudgetOf(request: FastifyRequest): Promise<OwnBudget | undefined> {
  const budgetOf = request.routeOptions.config?.ownRateBudget;
  return budgetOf?.(request).catch((error: unknown) => {
    request.log.warn({ err: error }, 'own rate budget unavailable; counted by address');
    return undefined;
  });
}

/**
 * Fixed-window rate limit on /api/*, one budget per client address for all
 * routes, counted in the database so every API process shares the same
 * counters (in the process on PGlite, its only one). Answers 429
 * message.too_many_requests. A route may count a request against a budget
 * of its own instead (config.ownRateBudget).
 */
export function installRateLimit(
  app: FastifyInstance,
  db: Queryable,
  options: RateLimitOptions,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isCounted(request.url)) return;
    const own = await ownBudgetOf(request);
    const refused = own
      ? await countRequest(
          db,
          request,
          reply,
          namedBucket(own.client, own.name, own.options),
          own.options,
        )
      : await countRequest(db, request, reply, `${request.ip}|api`, options);
    if (refused) return reply;
  });
}

/**
 * The client a per-address limit counts: an IPv4 address (also when written
 * IPv4-mapped, ::ffff:a.b.c.d), or the /64 of an IPv6 address. One home or
 * phone connection gets a whole /64 and may use any address in it, so
 * counting single IPv6 addresses gives a guesser 2^64 fresh budgets.
 */
export function addressBlock(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.split('%')[0] ?? ip;
  if (!isIPv6(bare)) return ip;
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * A stricter limit for some routes (their onRequest option), on top of the
 * global one: one counter per client address and `name`, shared by the routes
 * that use the same name. Its RateLimit-* headers replace the global ones.
 * `clientOf` counts by something else than the address (a kiosk device's
 * cookie); when it gives undefined the request is not counted by this limit.
 */
export function strictRateLimit(
  db: Queryable,
  name: string,
  options: RateLimitOptions,
  clientOf: (request: FastifyRequest) => string | undefined = (request) => request.ip,
): onRequestAsyncHookHandler {
  return async function strictLimit(request, reply) {
    const client = clientOf(request);
    if (client === undefined) return;
    if (await countRequest(db, request, reply, namedBucket(client, name, options), options))
      return reply;
  };
}
