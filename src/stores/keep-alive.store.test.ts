import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch } from '../api/testing';
import { $keepAlive, startKeepAlive, stopKeepAlive } from './keep-alive.store';
import { $authenticated } from './user.store';

describe('keep-alive ping (spec 7, R-7-calls-51, R-9-03)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    stopKeepAlive();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('pings POST /api/keep_alive every configured interval while authenticated, and stops on logout', async () => {
    const fetch = createFakeFetch(() => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    $authenticated.set(true);
    startKeepAlive(600);
    expect($keepAlive.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(599_000);
    expect(fetch.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch.calls.map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`)).toEqual([
      'POST /api/keep_alive',
    ]);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetch.calls).toHaveLength(2);
    $authenticated.set(false);
    expect($keepAlive.get()).toBe(false);
    await vi.advanceTimersByTimeAsync(1_200_000);
    expect(fetch.calls).toHaveLength(2);
  });
});
