/**
 * The retry policy of the API client (R-7-http-04): which calls may be sent
 * again, and how long to wait in between.
 */

export interface RetryPolicy {
  /** How many times a call is sent again after the first attempt. */
  retries: number;
  /** Wait before the first retry; it doubles for each further one. */
  baseDelayMs: number;
  /** The wait never exceeds this. */
  maxDelayMs: number;
  /** Source of jitter in [0, 1); injectable so tests are deterministic. */
  random: () => number;
}

/** R-7-http-04: up to 10 retries, 200 ms doubling, capped at 5 s. */
export const DEFAULT_RETRY: RetryPolicy = {
  retries: 10,
  baseDelayMs: 200,
  maxDelayMs: 5000,
  random: Math.random,
};

/**
 * Only methods that are safe to send twice are retried (RFC 9110 9.2.2):
 * a repeated POST could create a second appointment, so POST and PATCH never
 * are.
 */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'PUT',
  'DELETE',
  'OPTIONS',
]);

/**
 * Statuses that say "try again later". 500 is not among them: an internal
 * error is not transient, and retrying it ten times only delays the message.
 */
export const RETRY_STATUSES: readonly number[] = [408, 425, 429, 502, 503, 504];

/**
 * A POST that carries an Idempotency-Key (booking creation) is safe to send
 * again too: the server answers a repeat with the first call's result
 * (server/http/idempotency.ts).
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export function isIdempotent(method: string | undefined, headers?: HeadersInit): boolean {
  if (IDEMPOTENT_METHODS.has((method ?? 'GET').toUpperCase())) return true;
  return headers !== undefined && new Headers(headers).has(IDEMPOTENCY_HEADER);
}

/** A fresh Idempotency-Key: 128 random bits, base64url. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** `status` undefined means no response arrived (network failure, timeout). */
export function isRetryable(
  method: string | undefined,
  status: number | undefined,
  headers?: HeadersInit,
): boolean {
  if (!IDEMPOTENT_METHODS.has((method ?? 'GET').toUpperCase())) {
    // A keyed POST is sent again only when its answer may have been lost on the way
    // (no response, or a gateway that lost the upstream's); a refusal is final.
    return (
      isIdempotent(method, headers) && (status === undefined || status === 502 || status === 504)
    );
  }
  return status === undefined || RETRY_STATUSES.includes(status);
}

/**
 * Exponential back-off with jitter for retry number `attempt` (0 for the
 * first retry): between half and all of min(max, base * 2^attempt), so that
 * many kiosks hit by the same outage do not retry in lock-step.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * policy.random());
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** A wait that ends early, rejecting, when the call is cancelled. */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
