import type { FastifyReply } from 'fastify';
import { RetryLaterError } from '../services/patient-auth.types.js';

/** Answers that carry codes or sessions: never stored, never in a Referer. */
export function noStore(reply: FastifyReply): void {
  void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
}

/** Runs a handler and gives its "try again in n seconds" refusals a Retry-After header. */
export async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RetryLaterError)
      void reply.header('retry-after', String(error.retryInSeconds));
    throw error;
  }
}
