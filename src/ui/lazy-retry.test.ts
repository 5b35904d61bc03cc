import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWithRetry } from './lazy-retry';

afterEach(() => vi.useRealTimers());

describe('importWithRetry (issue 15 part 7: a step that failed to load is fetched again)', () => {
  it('tries a failed chunk again and answers the module once it loads', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const load = () =>
      ++calls < 3 ? Promise.reject(new Error('offline')) : Promise.resolve('module');
    const loaded = importWithRetry(load);
    await vi.runAllTimersAsync();
    expect(await loaded).toBe('module');
    expect(calls).toBe(3);
  });

  it('gives up after its attempts, so the LoadBoundary can offer a reload', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.reject(new Error('gone')));
    const loaded = importWithRetry(load, 3);
    const settled = loaded.catch((error: Error) => error.message);
    await vi.runAllTimersAsync();
    expect(await settled).toBe('gone');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
