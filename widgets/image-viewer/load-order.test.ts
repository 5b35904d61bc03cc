import { describe, expect, it } from 'vitest';
import { loadOrder, openingIndex } from './load-order';

describe('the order a series streams in', () => {
  it('opens at the middle image', () => {
    expect(openingIndex(80)).toBe(39);
    expect(openingIndex(1)).toBe(0);
    expect(openingIndex(0)).toBe(0);
  });

  it('loads the shown image first, then its neighbours outwards, each once', () => {
    expect(loadOrder(7, 3)).toEqual([3, 4, 2, 5, 1, 6, 0]);
    expect(loadOrder(4, 0)).toEqual([0, 1, 2, 3]);
    expect(loadOrder(4, 3)).toEqual([3, 2, 1, 0]);
    const all = loadOrder(80, 39);
    expect(new Set(all).size).toBe(80);
    expect(all[0]).toBe(39);
  });
});
