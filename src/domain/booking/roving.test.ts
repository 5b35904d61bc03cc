import { describe, expect, it } from 'vitest';
import { nextIndex } from './roving';

describe('roving focus in the grid of times', () => {
  it('arrows move one step and stop at the ends; Home and End jump; other keys are left alone', () => {
    expect(nextIndex('ArrowRight', 0, 3)).toBe(1);
    expect(nextIndex('ArrowDown', 2, 3)).toBe(2);
    expect(nextIndex('ArrowLeft', 0, 3)).toBe(0);
    expect(nextIndex('ArrowUp', 2, 3)).toBe(1);
    expect(nextIndex('Home', 2, 3)).toBe(0);
    expect(nextIndex('End', 0, 3)).toBe(2);
    expect(nextIndex('Enter', 0, 3)).toBeNull();
    expect(nextIndex('ArrowRight', 0, 0)).toBeNull();
  });

  it('down and up move by row in wrapped times, to the nearest in the next row (issue 13 part 7)', () => {
    // Two rows of three and a last row of one: 9:00 9:30 10:00 / 10:30 11:00 11:30 / 12:00
    const box = (column: number, row: number) => ({ left: column * 100, top: row * 50, width: 90 });
    const boxes = [box(0, 0), box(1, 0), box(2, 0), box(0, 1), box(1, 1), box(2, 1), box(0, 2)];
    expect(nextIndex('ArrowDown', 1, 7, boxes)).toBe(4);
    expect(nextIndex('ArrowUp', 4, 7, boxes)).toBe(1);
    expect(nextIndex('ArrowDown', 5, 7, boxes)).toBe(6);
    expect(nextIndex('ArrowDown', 6, 7, boxes)).toBe(6);
    expect(nextIndex('ArrowUp', 2, 7, boxes)).toBe(2);
    expect(nextIndex('ArrowRight', 2, 7, boxes)).toBe(3);
  });
});
