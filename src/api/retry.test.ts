import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY, isRetryable, sleep } from './retry';

describe('retry policy (R-7-http-04)', () => {
  it('allows up to 10 retries', () => {
    expect(DEFAULT_RETRY.retries).toBe(10);
  });

  it.each(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'get'])(
    '%s is retried on 503 and network errors',
    (method) => {
      expect(isRetryable(method, 503)).toBe(true);
      expect(isRetryable(method, undefined)).toBe(true);
    },
  );

  it.each(['POST', 'PATCH'])('%s is never retried', (method) => {
    expect(isRetryable(method, 503)).toBe(false);
    expect(isRetryable(method, undefined)).toBe(false);
  });

  it.each([408, 425, 429, 502, 503, 504])('status %i is transient', (status) => {
    expect(isRetryable('GET', status)).toBe(true);
  });

  it.each([400, 401, 403, 404, 409, 500, 501, 505])('status %i is not retried', (status) => {
    expect(isRetryable('GET', status)).toBe(false);
  });

  it('backs off from 200 ms, doubling, capped at 5 s', () => {
    const top = { ...DEFAULT_RETRY, random: () => 1 };
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => backoffDelay(attempt, top))).toEqual([
      200, 400, 800, 1600, 3200, 5000, 5000,
    ]);
  });

  it('jitters between half and all of the delay', () => {
    expect(backoffDelay(2, { ...DEFAULT_RETRY, random: () => 0 })).toBe(400);
    expect(backoffDelay(2, { ...DEFAULT_RETRY, random: () => 0.5 })).toBe(600);
  });

  it('a back-off wait ends with the AbortError when the call is cancelled', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});
