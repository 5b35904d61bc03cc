import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_DEBOUNCE_MS, PROGRESS_STEPS, progressDebouncer } from './progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function debouncer(start = 0) {
  let step = start;
  const applied: number[] = [];
  const progress = progressDebouncer(
    (next) => {
      step = next;
      applied.push(next);
    },
    () => step,
  );
  return { progress, applied };
}

describe('booking progress steps (R-4-create-03/13, R-9-21)', () => {
  it('R-9-21, R-4-create-13: a change is applied after 2000 ms', () => {
    expect(PROGRESS_DEBOUNCE_MS).toBe(2000);
    const { progress, applied } = debouncer();
    progress.request(1);
    vi.advanceTimersByTime(1999);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual([1]);
  });

  it('R-4-create-13: only the last request of a quiet 2000 ms counts, and only when it differs', () => {
    const { progress, applied } = debouncer(2);
    progress.request(3);
    vi.advanceTimersByTime(1500);
    progress.request(2);
    vi.advanceTimersByTime(2000);
    expect(applied).toEqual([]); // back to the current step: nothing to apply
    progress.request(3);
    vi.advanceTimersByTime(1000);
    progress.request(4);
    vi.advanceTimersByTime(2000);
    expect(applied).toEqual([4]);
    progress.request(1);
    progress.cancel();
    vi.advanceTimersByTime(5000);
    expect(applied).toEqual([4]);
  });

  it('R-4-create-03: the details step (creating appointments) is step 3', () => {
    expect(PROGRESS_STEPS).toEqual({ exam: 0, clinic: 1, slots: 2, form: 3, confirmation: 4 });
  });
});
