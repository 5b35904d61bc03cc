import { describe, expect, it } from 'vitest';
import { MemoryWindows } from '../http/rate-limit-memory.js';

describe('rate-limit windows in the process, on PGlite (issue 15)', () => {
  it('counts each hit of a bucket in its fixed window, in order, and starts again in the next', () => {
    let now = 1_800_000_000_000 + 5_000; // 5 s into a minute
    const windows = new MemoryWindows(() => now);
    expect(windows.hit(60, ['a', 'a', 'b']).map((h) => h.hits)).toEqual([1, 2, 1]);
    expect(windows.hit(60, ['a'])[0]).toEqual({ hits: 3, resetSeconds: 55 });
    now += 54_500;
    expect(windows.hit(60, ['a'])[0]).toEqual({ hits: 4, resetSeconds: 1 });
    now += 1_000; // the next minute
    expect(windows.hit(60, ['a'])[0]).toEqual({ hits: 1, resetSeconds: 60 });
    expect(windows.hitsOf(60, 'b')).toBe(0);
  });

  it('keeps a bucket of its own window length apart from the one-minute budget', () => {
    let now = 1_800_000_000_000;
    const windows = new MemoryWindows(() => now);
    windows.hit(900, ['x|!check-in-identity@900']);
    now += 120_000; // two minutes on: the same 15-minute window
    expect(windows.hit(900, ['x|!check-in-identity@900'])[0]?.hits).toBe(2);
    expect(windows.hit(60, ['x|api'])[0]?.hits).toBe(1);
    expect(windows.hitsOf(900, 'x|!check-in-identity@900')).toBe(2);
  });

  it('drops windows that have ended once it holds many, and keeps the live ones', () => {
    let now = 1_800_000_000_000;
    const windows = new MemoryWindows(() => now);
    windows.hit(60, ['live']);
    windows.hit(
      60,
      Array.from({ length: 10_000 }, (_, i) => `old-${i}`),
    );
    now += 30_000; // same window: nothing has ended
    windows.hit(60, ['live']);
    expect(windows.hitsOf(60, 'live')).toBe(2);
    now += 60_000; // every window above has ended; the sweep runs on this hit
    expect(windows.size).toBe(10_001);
    windows.hit(60, ['new']);
    expect(windows.size).toBe(1);
    expect(windows.hitsOf(60, 'old-1')).toBe(0);
    expect(windows.hitsOf(60, 'new')).toBe(1);
  });
});
