import { afterEach, describe, expect, it, vi } from 'vitest';
import { $kioskFinish, finishKioskNow, startKioskFinish } from './kiosk-finish.store';

describe('a kiosk booking or check-in ends by itself (issue 16)', () => {
  afterEach(() => vi.useRealTimers());

  it('counts 10 seconds down on screen (R-9-01), then ends the kiosk session once', () => {
    vi.useFakeTimers();
    const end = vi.fn(() => Promise.resolve());
    startKioskFinish(undefined, end);
    expect($kioskFinish.get()).toBe(10);
    vi.advanceTimersByTime(5000);
    expect($kioskFinish.get()).toBe(5);
    vi.advanceTimersByTime(5000);
    expect(end).toHaveBeenCalledOnce();
    expect($kioskFinish.get()).toBeNull();
    vi.advanceTimersByTime(30_000);
    expect(end).toHaveBeenCalledOnce();
  });

  it('Done ends it at once', () => {
    vi.useFakeTimers();
    const end = vi.fn(() => Promise.resolve());
    startKioskFinish(undefined, end);
    finishKioskNow(end);
    expect(end).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(30_000);
    expect(end).toHaveBeenCalledOnce();
  });
});
